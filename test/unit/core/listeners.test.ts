// The one listeners helper every change source of the core uses (issue 28: each rule stated once).
import { describe, expect, it } from 'vitest';
import { Listeners } from '../../../electron/core/listeners.ts';

describe('Listeners', () => {
  it('tells every listener, in the order they subscribed, until each unsubscribes', () => {
    const heard: string[] = [];
    const listeners = new Listeners<[value: number]>();
    const offA = listeners.add((value) => heard.push(`a${value}`));
    listeners.add((value) => heard.push(`b${value}`));
    listeners.notify(1);
    offA();
    listeners.notify(2);
    listeners.clear();
    listeners.notify(3);
    expect(heard).toEqual(['a1', 'b1', 'b2']);
  });

  it('with an error handler, a listener that throws is handed there and the others still hear', () => {
    const errors: unknown[] = [];
    const heard: number[] = [];
    const listeners = new Listeners<[value: number]>((error) => errors.push(error));
    listeners.add(() => {
      throw new Error('listener broke');
    });
    listeners.add((value) => heard.push(value));
    listeners.notify(7);
    expect(heard).toEqual([7]);
    expect(errors.map((error) => (error as Error).message)).toEqual(['listener broke']);
  });

  it('without an error handler, a listener that throws reaches the caller', () => {
    const listeners = new Listeners<[]>();
    listeners.add(() => {
      throw new Error('listener broke');
    });
    expect(() => listeners.notify()).toThrow('listener broke');
  });
});
