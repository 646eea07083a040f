import { describe, expect, it } from 'vitest';
import { connectivityFrom, type ConnectionSource } from '../../../../electron/core/remote/connectivity.ts';

type State = 'online' | 'offline' | 'unknown';

class Source implements ConnectionSource {
  state: State = 'unknown';
  listeners = new Set<(c: { state: State }) => void>();
  get() {
    return { state: this.state };
  }
  onChange(listener: (c: { state: State }) => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  set(state: State) {
    this.state = state;
    for (const l of this.listeners) l({ state });
  }
}

describe('connectivityFrom', () => {
  it('counts unknown as online and reports only real transitions', () => {
    const source = new Source();
    const connectivity = connectivityFrom(source);
    const seen: boolean[] = [];
    const off = connectivity.onChange((online) => seen.push(online));
    expect(connectivity.isOnline()).toBe(true);
    source.set('online');
    source.set('offline');
    source.set('offline');
    expect(connectivity.isOnline()).toBe(false);
    source.set('unknown');
    off();
    source.set('offline');
    expect(seen).toEqual([false, true]);
  });
});
