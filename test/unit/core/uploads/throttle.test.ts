import { describe, expect, it } from 'vitest';
import { TokenBucket } from '../../../../electron/core/uploads/throttle.ts';
import { ManualTime } from './manual-time.ts';

describe('TokenBucket', () => {
  it('lets everything through at once without a limit', async () => {
    const time = new ManualTime();
    const bucket = new TokenBucket(null, () => time.now, time);
    await bucket.take(10_000_000);
    expect(time.pending).toBe(0);
  });

  it('says it is open (take need not be awaited) only without a limit', () => {
    const time = new ManualTime();
    const bucket = new TokenBucket(null, () => time.now, time);
    expect(bucket.open).toBe(true);
    bucket.setRate(100_000);
    expect(bucket.open).toBe(false);
    bucket.setRate(null);
    expect(bucket.open).toBe(true);
  });

  it('holds a rate over time', async () => {
    const time = new ManualTime();
    const rate = 100_000;
    const bucket = new TokenBucket(rate, () => time.now, time);
    let granted = 0;
    const slice = bucket.sliceSize();
    const pump = async (): Promise<void> => {
      for (;;) {
        await bucket.take(slice);
        granted += slice;
      }
    };
    void pump();
    await time.advance(10_000);
    // Ten seconds at 100 kB/s, plus at most the initial burst and one slice.
    expect(granted).toBeGreaterThanOrEqual(rate * 10);
    expect(granted).toBeLessThanOrEqual(rate * 10 + rate / 2 + slice);
  });

  it('shares the rate fairly between concurrent takers', async () => {
    const time = new ManualTime();
    const bucket = new TokenBucket(80_000, () => time.now, time);
    const got = [0, 0, 0];
    for (const index of [0, 1, 2]) {
      void (async () => {
        for (;;) {
          await bucket.take(bucket.sliceSize());
          got[index] = (got[index] ?? 0) + bucket.sliceSize();
        }
      })();
    }
    await time.advance(30_000);
    const [a = 0, b = 0, c = 0] = got;
    const most = Math.max(a, b, c);
    const least = Math.min(a, b, c);
    expect(least).toBeGreaterThan(0);
    expect(most - least).toBeLessThanOrEqual(bucket.sliceSize());
  });

  it('releases waiters when the limit is lifted, and rejects aborted ones', async () => {
    const time = new ManualTime();
    const bucket = new TokenBucket(16_384, () => time.now, time);
    await bucket.take(8_192);
    const controller = new AbortController();
    const aborted = bucket.take(4_096, controller.signal);
    const waiting = bucket.take(4_096);
    controller.abort(new Error('stop'));
    await expect(aborted).rejects.toThrow('stop');
    let released = false;
    void waiting.then(() => {
      released = true;
    });
    bucket.setRate(null);
    await Promise.resolve();
    expect(released).toBe(true);
  });
});
