import { describe, expect, it } from 'vitest';
import { Limiter } from '../../../../../electron/core/library/sync/limiter.ts';

describe('Limiter', () => {
  it('never runs more than its slots at once, and runs everything in arrival order', async () => {
    const limiter = new Limiter(2);
    let active = 0;
    let peak = 0;
    const started: number[] = [];
    const gates = Array.from({ length: 6 }, () => {
      let resolve = () => {};
      const promise = new Promise<void>((r) => (resolve = r));
      return { promise, resolve };
    });
    const runs = gates.map((gate, i) =>
      limiter.run(async () => {
        started.push(i);
        active++;
        peak = Math.max(peak, active);
        await gate.promise;
        active--;
        return i;
      }),
    );
    for (const gate of gates) {
      await Promise.resolve();
      gate.resolve();
    }
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('frees the slot when work fails', async () => {
    const limiter = new Limiter(1);
    await expect(limiter.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limiter.run(async () => 'next')).toBe('next');
  });

  it('lets the slot go early when asked, once only', async () => {
    const limiter = new Limiter(1);
    let finishFirst = () => {};
    const order: string[] = [];
    const first = limiter.run(async (release) => {
      order.push('first starts');
      release();
      release(); // a second call frees nothing more
      await new Promise<void>((resolve) => (finishFirst = resolve));
      order.push('first ends');
    });
    const second = limiter.run(async () => {
      order.push('second starts');
    });
    const third = limiter.run(async () => {
      order.push('third starts');
    });
    await second;
    await third;
    expect(order).toEqual(['first starts', 'second starts', 'third starts']);
    finishFirst();
    await first;
    // Released once: one slot, so a run now still waits for nothing and runs alone.
    expect(await limiter.run(async () => 'alone')).toBe('alone');
  });
});
