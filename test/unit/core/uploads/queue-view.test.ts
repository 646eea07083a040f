// The queue's `uploads:changed` rate, on a clock moved by hand: whatever the number of changes,
// events leave at least CHANGED_INTERVAL_MS apart, counted from when the last one left (reading
// the figures may itself take time on a busy machine).
import { describe, expect, it } from 'vitest';
import { CHANGED_INTERVAL_MS, QueueView } from '../../../../electron/core/uploads/queue-view.ts';
import type { UploadStore } from '../../../../electron/core/uploads/store.ts';
import { ManualTime } from './manual-time.ts';

function viewOn(time: ManualTime, readCostsMs: readonly number[]) {
  const sent: number[] = [];
  // Only the counts query runs here: each read costs the next of `readCostsMs` (in turn) of the
  // clock, as reads on a busy machine do: a slow read, then a fast one.
  let reads = 0;
  const db = { prepare: () => ({ all: () => ((time.now += readCostsMs[reads++ % readCostsMs.length]!), []) }) };
  const view = new QueueView({
    store: { db } as unknown as UploadStore,
    events: { emit: () => void sent.push(time.now) },
    timers: time,
    now: () => time.now,
    totals: () => ({ files: 0, bytes: 0, bytesSent: 0, speedBps: 0, etaSeconds: null }) as never,
    paused: () => false,
    waiting: () => null,
    liveBytesSent: () => null,
    stopped: () => false,
  });
  return { view, sent };
}

describe('QueueView.changed', () => {
  it('says the first change at once and the rest at most once per interval, counted from when the last left', async () => {
    for (const readCostsMs of [[0], [17], [120, 0], [40, 3, 90]]) {
      const time = new ManualTime();
      const { view, sent } = viewOn(time, readCostsMs);
      for (let step = 0; step < 300; step++) {
        view.changed();
        await time.advance(10);
      }
      await time.advance(1_000);
      expect(sent.length).toBeGreaterThan(3);
      expect(sent[0]).toBe(readCostsMs[0]);
      const gaps = sent.slice(1).map((at, i) => at - sent[i]!);
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(CHANGED_INTERVAL_MS);
    }
  });

  it('sends nothing without a change, and one event for a burst', async () => {
    const time = new ManualTime();
    const { view, sent } = viewOn(time, [0]);
    await time.advance(5_000);
    expect(sent).toEqual([]);
    for (let i = 0; i < 50; i++) view.changed();
    await time.advance(5_000);
    expect(sent).toHaveLength(1);
  });
});
