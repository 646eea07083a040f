// The app's upload conditions on a clock moved by hand: the limit in force changes at the
// timetable's boundary (one timer, to the next change), windows open and close, battery
// pauses only when the setting asks, and a wake recomputes at once and tells the queues.
import { describe, expect, it } from 'vitest';
import { UploadConditionsWatch, type ConditionSettings } from '../../../../electron/core/uploads/conditions.ts';
import { DEFAULT_UPLOAD_WINDOWS } from '../../../../shared/upload-windows.ts';
import type { UploadConditions } from '../../../../shared/upload-conditions.ts';
import { ManualTime } from './manual-time.ts';

const M = 1024 * 1024;
/** Tuesday 2026-11-24, local time. */
const tuesday = (hour: number, minute = 0): number => new Date(2026, 10, 24, hour, minute).getTime();

const BASE: ConditionSettings = { bandwidthLimit: null, bandwidthTimetable: null, uploadWindows: DEFAULT_UPLOAD_WINDOWS, pauseOnBattery: false };

function watch(settings: Partial<ConditionSettings>, start: number): { time: ManualTime; conditions: UploadConditionsWatch; seen: UploadConditions[] } {
  const time = new ManualTime();
  time.now = start;
  const conditions = new UploadConditionsWatch({ settings: { ...BASE, ...settings }, now: () => time.now, timers: time });
  const seen: UploadConditions[] = [];
  conditions.onChange((c) => seen.push(c));
  return { time, conditions, seen };
}

describe('upload conditions', () => {
  it('the timetable’s limit changes at its boundary, told once, with the next boundary', async () => {
    const { time, conditions, seen } = watch({ bandwidthTimetable: '08:00,1M 19:00,4M 23:00,off' }, tuesday(18, 59));
    expect(conditions.current().limit).toEqual({ rate: 1 * M, until: tuesday(19), source: 'timetable' });
    await time.advance(59_000);
    expect(seen).toHaveLength(0);
    await time.advance(1_000);
    expect(seen.map((c) => c.limit)).toEqual([{ rate: 4 * M, until: tuesday(23), source: 'timetable' }]);
    expect(time.pending).toBe(1);
    conditions.close();
  });

  it('without a timetable the one limit of Settings is in force, changing with the setting', () => {
    const { conditions, seen } = watch({ bandwidthLimit: 2 * M }, tuesday(9));
    expect(conditions.current().limit).toEqual({ rate: 2 * M, until: null, source: 'limit' });
    conditions.setSettings({ ...BASE, bandwidthLimit: null });
    expect(seen.map((c) => c.limit.rate)).toEqual([null]);
    conditions.close();
  });

  it('outside the window the queues wait until it opens; at the opening they may start', async () => {
    const { time, conditions, seen } = watch({ uploadWindows: { ...DEFAULT_UPLOAD_WINDOWS, enabled: true } }, tuesday(0, 30));
    expect(conditions.current().waiting).toEqual({ code: 'outside-window', until: tuesday(1) });
    await time.advance(30 * 60_000);
    expect(seen.at(-1)).toMatchObject({ waiting: null, window: { open: true, changesAt: tuesday(7) } });
    conditions.close();
  });

  it('on battery pauses only with the setting on; back on AC the queues go', () => {
    const { conditions, seen } = watch({}, tuesday(9));
    conditions.setOnBattery(true);
    expect(conditions.current()).toMatchObject({ onBattery: true, waiting: null });
    conditions.setSettings({ ...BASE, pauseOnBattery: true });
    expect(conditions.current().waiting).toEqual({ code: 'on-battery', until: null });
    conditions.setOnBattery(false);
    expect(seen.map((c) => c.waiting?.code ?? null)).toEqual([null, 'on-battery', null]);
    conditions.close();
  });

  it('a wake after a long sleep recomputes from the clock (the timer may not have fired) and tells the queues to send again', () => {
    const { time, conditions, seen } = watch({ bandwidthTimetable: '08:00,1M 19:00,4M' }, tuesday(12));
    let wakes = 0;
    conditions.onWake(() => wakes++);
    // The computer slept through 19:00: its timers did not run.
    time.now = tuesday(21);
    conditions.wake();
    expect(seen.map((c) => c.limit.rate)).toEqual([4 * M]);
    expect(wakes).toBe(1);
    conditions.close();
  });
});
