import { describe, expect, it } from 'vitest';
import { eta, ProgressTracker, withTotals, type ProgressSnapshot } from '../../../../electron/core/uploads/progress.ts';
import { ManualTime } from './manual-time.ts';

describe('ProgressTracker', () => {
  it('publishes one snapshot per interval for all jobs, with smoothed speed and ETA', async () => {
    const time = new ManualTime();
    const published: ProgressSnapshot[] = [];
    const tracker = new ProgressTracker({ now: () => time.now, timers: time, intervalMs: 250, publish: (s) => published.push(s) });
    tracker.begin(1, 10_000_000);
    tracker.begin(2, 1_000_000);
    for (let step = 1; step <= 8; step++) {
      // Many byte updates between two publications: still one event per interval.
      for (let i = 0; i < 50; i++) tracker.set(1, step * 250_000 - (50 - i) * 10);
      tracker.set(1, step * 250_000);
      tracker.set(2, step * 25_000);
      await time.advance(250);
    }
    expect(published).toHaveLength(8);
    const last = published.at(-1)!;
    const job1 = last.jobs.find((j) => j.id === 1)!;
    expect(job1.bytesSent).toBe(2_000_000);
    expect(job1.speed).toBe(1_000_000); // 250 kB per 250 ms, steady
    expect(job1.etaSeconds).toBe(8);
    expect(last.speed).toBe(1_100_000);
    expect(last.activeBytesSent).toBe(2_200_000);
  });

  it('smooths a sudden stall instead of dropping to zero', async () => {
    const time = new ManualTime();
    const published: ProgressSnapshot[] = [];
    const tracker = new ProgressTracker({ now: () => time.now, timers: time, intervalMs: 250, publish: (s) => published.push(s) });
    tracker.begin(1, 100_000_000);
    for (let step = 1; step <= 4; step++) {
      tracker.set(1, step * 250_000);
      await time.advance(250);
    }
    await time.advance(250); // no bytes this interval
    const speed = published.at(-1)!.jobs[0]!.speed;
    expect(speed).toBeGreaterThan(500_000);
    expect(speed).toBeLessThan(1_000_000);
  });

  it('leaves a held transfer out of the queue\'s bytes and speed (its row says paused), and counts it again once released', async () => {
    const time = new ManualTime();
    const published: ProgressSnapshot[] = [];
    const tracker = new ProgressTracker({ now: () => time.now, timers: time, intervalMs: 250, publish: (s) => published.push(s) });
    tracker.begin(1, 1_000_000);
    tracker.begin(2, 1_000_000);
    tracker.set(1, 100_000);
    tracker.set(2, 50_000);
    tracker.setHeld(1, true);
    await time.advance(250);
    expect(published.at(-1)).toMatchObject({ activeBytesSent: 50_000, speed: 200_000 });
    // The row still reads its own bytes.
    expect(published.at(-1)!.jobs.find((j) => j.id === 1)?.bytesSent).toBe(100_000);
    tracker.setHeld(1, false);
    expect(tracker.snapshot().activeBytesSent).toBe(150_000);
  });

  it('stops its timer when no job runs', async () => {
    const time = new ManualTime();
    const tracker = new ProgressTracker({ now: () => time.now, timers: time, publish: () => {} });
    tracker.begin(1, 10);
    expect(time.pending).toBe(1);
    tracker.end(1);
    expect(time.pending).toBe(0);
  });

  it('computes totals and ETAs', () => {
    expect(eta(0, 0)).toBe(0);
    expect(eta(100, 0)).toBeNull();
    expect(eta(1_000, 300)).toBe(4);
    const view = withTotals(
      { jobs: [], speed: 1_000, activeBytesSent: 500 },
      { bytesTotal: 10_500, finishedBytes: 5_000, active: 1, waiting: 2, done: 3, failed: 0 },
    );
    expect(view.totals).toEqual({ bytesSent: 5_500, bytesTotal: 10_500, speed: 1_000, etaSeconds: 5, active: 1, waiting: 2, done: 3, failed: 0 });
  });
});
