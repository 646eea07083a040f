// Upload windows: the hours of each weekday in which uploads may start ("only between 01:00
// and 07:00"). Outside them queued jobs wait; a transfer running when a window closes
// finishes. The setting is one window per weekday (or none that day); a window whose end is
// before its start runs past midnight into the next day, and one whose end equals its start
// is the whole day. Read in the computer's local time.
import { z } from 'zod';
import { MINUTES_PER_DAY, MINUTES_PER_WEEK, minuteOfWeek, momentAfter } from './bandwidth-timetable.ts';

const MinuteOfDay = z.number().int().min(0).max(MINUTES_PER_DAY - 1);

export const DayWindow = z.strictObject({ from: MinuteOfDay, to: MinuteOfDay });
export type DayWindow = z.infer<typeof DayWindow>;

export const UploadWindows = z.strictObject({
  /** Off: uploads start at any time (the days are kept for when it is turned on again). */
  enabled: z.boolean(),
  /** Sunday first (Date.getDay()); null: no uploads start that day. */
  days: z.array(DayWindow.nullable()).length(7),
});
export type UploadWindows = z.infer<typeof UploadWindows>;

/** 01:00 to 07:00 every day, off: what Settings offers first. */
export const DEFAULT_UPLOAD_WINDOWS: UploadWindows = { enabled: false, days: Array.from({ length: 7 }, () => ({ from: 60, to: 420 })) };

/** Whether uploads may start at a moment, and when that next changes (null: never). */
export type WindowState = { open: true; closesAt: number | null } | { open: false; opensAt: number | null };

/** The open spans of the week in minutes from Sunday 00:00, each [start, end), an end past the week wrapping round. */
function spans(windows: UploadWindows): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  windows.days.forEach((day, index) => {
    if (!day) return;
    const start = index * MINUTES_PER_DAY + day.from;
    const length = day.to > day.from ? day.to - day.from : day.to + MINUTES_PER_DAY - day.from;
    out.push([start, start + length]);
  });
  return out;
}

/** Is this minute of the week (0 … a week) inside any span, counting a span that wraps past Saturday? */
function isOpenAt(all: Array<[number, number]>, minute: number): boolean {
  return all.some(([start, end]) => (minute >= start && minute < end) || (minute + MINUTES_PER_WEEK >= start && minute + MINUTES_PER_WEEK < end));
}

export function windowAt(windows: UploadWindows, at: number): WindowState {
  if (!windows.enabled) return { open: true, closesAt: null };
  const all = spans(windows);
  if (all.length === 0) return { open: false, opensAt: null };
  const now = minuteOfWeek(new Date(at));
  const open = isOpenAt(all, now);
  // Step minute by minute (a week at most) to the first minute whose state differs.
  for (let step = 1; step <= MINUTES_PER_WEEK; step++) {
    if (isOpenAt(all, (now + step) % MINUTES_PER_WEEK) !== open) {
      const moment = momentAfter(at, step);
      return open ? { open: true, closesAt: moment } : { open: false, opensAt: moment };
    }
  }
  return open ? { open: true, closesAt: null } : { open: false, opensAt: null };
}
