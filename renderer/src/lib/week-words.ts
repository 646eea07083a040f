// The bandwidth timetable's week in the language in force (Settings › Running unattended):
// weekday names and clock times through Intl, so German reads "Mo" and "Montag", Arabic its own
// names and digits. The timetable's text itself stays rclone's (Mon-08:00,512k) in every
// language: it is syntax the command line takes, not words.
import type { Weekday } from '../../../shared/bandwidth-timetable.ts';
import { intlLocale } from './i18n.svelte.ts';

/** Any week: 4 January 2026 is a Sunday, so day d of it is Weekday d. */
const A_SUNDAY = { year: 2026, month: 0, day: 4 };

function dayOf(day: Weekday, minute = 0): Date {
  return new Date(A_SUNDAY.year, A_SUNDAY.month, A_SUNDAY.day + day, Math.floor(minute / 60), minute % 60);
}

/**
 * Made once per locale and options: the grid asks 7 × 24 cells for their labels on each paint,
 * and making a formatter costs far more than formatting with it (format.ts says the same).
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let found = formatters.get(key) as T | undefined;
  if (found === undefined) {
    found = make();
    formatters.set(key, found);
  }
  return found;
}

/** "Monday" / "Mon" in the window's language. */
export function weekdayName(day: Weekday, width: 'long' | 'short', locale: string = intlLocale()): string {
  return cached(`weekday ${width} ${locale}`, () => new Intl.DateTimeFormat(locale, { weekday: width })).format(dayOf(day));
}

/**
 * "08:00": a time of the timetable. Always on the 24-hour clock, as the timetable's text and
 * the grid's hour labels are, so a cell's name and the text that paints it agree.
 */
export function clockTime(minute: number, locale: string = intlLocale()): string {
  return cached(`clock ${locale}`, () => new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })).format(dayOf(0, minute));
}

/** "09": an hour above the grid's columns, in the language's digits. */
export function hourLabel(hour: number, locale: string = intlLocale()): string {
  return cached(`hour ${locale}`, () => new Intl.NumberFormat(locale, { minimumIntegerDigits: 2 })).format(hour);
}
