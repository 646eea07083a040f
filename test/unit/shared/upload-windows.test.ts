// Upload windows: open or not at a local moment, and when that changes; windows past
// midnight and round the end of the week.
import { describe, expect, it } from 'vitest';
import { DEFAULT_UPLOAD_WINDOWS, windowAt, type UploadWindows } from '../../../shared/upload-windows.ts';

/** A local moment in the week of Sunday 2026-11-22 (day 0 = that Sunday). */
function at(day: number, hour: number, minute = 0): number {
  return new Date(2026, 10, 22 + day, hour, minute).getTime();
}
const h = (hour: number, minute = 0): number => hour * 60 + minute;

describe('upload windows', () => {
  it('off: open at any time, never closing', () => {
    expect(windowAt(DEFAULT_UPLOAD_WINDOWS, at(3, 12))).toEqual({ open: true, closesAt: null });
  });

  it('"only between 01:00 and 07:00" every day', () => {
    const windows: UploadWindows = { ...DEFAULT_UPLOAD_WINDOWS, enabled: true };
    expect(windowAt(windows, at(3, 0, 30))).toEqual({ open: false, opensAt: at(3, 1) });
    expect(windowAt(windows, at(3, 1))).toEqual({ open: true, closesAt: at(3, 7) });
    expect(windowAt(windows, at(3, 7))).toEqual({ open: false, opensAt: at(4, 1) });
  });

  it('a window past midnight runs into the next day; a day without a window opens none', () => {
    const days: UploadWindows['days'] = [null, null, { from: h(22), to: h(6) }, null, null, null, null];
    const windows: UploadWindows = { enabled: true, days };
    expect(windowAt(windows, at(1, 12))).toEqual({ open: false, opensAt: at(2, 22) });
    expect(windowAt(windows, at(3, 5, 59))).toEqual({ open: true, closesAt: at(3, 6) });
    expect(windowAt(windows, at(3, 6))).toEqual({ open: false, opensAt: at(9, 22) });
  });

  it('Saturday night’s window runs into Sunday morning, round the end of the week', () => {
    const days: UploadWindows['days'] = [null, null, null, null, null, null, { from: h(23), to: h(2) }];
    expect(windowAt({ enabled: true, days }, at(7, 1))).toEqual({ open: true, closesAt: at(7, 2) });
  });

  it('a window whose end is its start is the whole day', () => {
    const days: UploadWindows['days'] = [null, null, null, { from: 0, to: 0 }, null, null, null];
    expect(windowAt({ enabled: true, days }, at(3, 15))).toEqual({ open: true, closesAt: at(4, 0) });
  });

  it('on, with no day open: closed, opening never', () => {
    expect(windowAt({ enabled: true, days: [null, null, null, null, null, null, null] }, at(3, 15))).toEqual({ open: false, opensAt: null });
  });
});
