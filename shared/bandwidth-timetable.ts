// The bandwidth timetable, in rclone's `--bwlimit` syntax, so people paste what they already
// use (https://rclone.org/docs/#bwlimit-bandwidth-spec):
//
//   10M                      one limit all the time ("off" or 0: no limit)
//   10M:100k                 upload:download; Vidlift only uploads, so the upload side counts
//   08:00,512k 12:00,10M 23:00,off        each entry from that time, every day
//   Mon-00:00,512 Fri-23:59,off           from that day and time, each week
//
// Entries are separated by spaces (or semicolons, as rclone also takes). A rate is a number
// with an optional unit: b (bytes), k, M, G, T, P (powers of 1024; "Mi"/"MiB" also read);
// without a unit it is in KiB, as in rclone. Each limit lasts until the next entry; the last
// of the week wraps round to the first. The renderer's week grid and the command line both
// parse here, so both read the text the same way and say the same about a bad part.

/** 0 = Sunday … 6 = Saturday, as Date.getDay() counts them (rclone counts the same). */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export const WEEKDAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const LONG_WEEKDAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

export const MINUTES_PER_DAY = 24 * 60;
export const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY;

/** The smallest limit the upload engine keeps to (its token bucket serves 1 KiB slices four times a second). */
export const MIN_LIMIT_BYTES_PER_SECOND = 16 * 1024;

/** One entry as written: from `minute` of `day` (null: every day), `rate` bytes per second (null: no limit). */
export interface TimetableEntry {
  day: Weekday | null;
  minute: number;
  rate: number | null;
}

/** A parsed timetable: its entries in the order written. */
export interface Timetable {
  entries: readonly TimetableEntry[];
}

/** What is wrong with a timetable, as a code the renderer and the command line word (describeTimetableProblem). */
export type TimetableReason = 'empty' | 'entry' | 'time' | 'hour' | 'minute' | 'day' | 'rate' | 'too-low';

export interface TimetableProblem {
  reason: TimetableReason;
  /** The bad part, exactly as written. */
  part: string;
}

export type TimetableParse = { ok: true; timetable: Timetable } | { ok: false; problem: TimetableProblem };

const UNIT_FACTORS: Record<string, number> = { b: 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3, t: 1024 ** 4, p: 1024 ** 5 };
/** A number, then a unit letter that may be followed by "i", "iB" or "B" (not after b: that is bytes already). */
const RATE_PATTERN = /^(\d+(?:\.\d*)?|\.\d+)(?:([kmgtp])(?:i?b)?|(?:([kmgtp])i)|(b))?$/i;
const TIME_PATTERN = /^(\d\d):(\d\d)$/;

/** Parses a timetable; the problem names the first bad part. */
export function parseTimetable(text: string): TimetableParse {
  const trimmed = text.trim();
  if (trimmed === '') return fail('empty', text);
  const tokens = trimmed.split(/[\s;]+/);
  // rclone's rule: a single token without a comma is one limit for all the time.
  if (tokens.length === 1 && !trimmed.includes(',')) {
    const rate = parsePair(trimmed);
    if (!rate.ok) return rate;
    return { ok: true, timetable: { entries: [{ day: null, minute: 0, rate: rate.rate }] } };
  }
  const entries: TimetableEntry[] = [];
  for (const token of tokens) {
    const fields = token.split(',');
    if (fields.length !== 2) return fail('entry', token);
    const [when, limit] = fields as [string, string];
    const dash = when.indexOf('-');
    let day: Weekday | null = null;
    let time = when;
    if (dash >= 0) {
      const dayText = when.slice(0, dash);
      time = when.slice(dash + 1);
      const found = weekdayOf(dayText);
      if (found === null) return fail('day', dayText === '' ? when : dayText);
      day = found;
    }
    const minute = parseTime(time);
    if (typeof minute !== 'number') return minute;
    const rate = parsePair(limit);
    if (!rate.ok) return rate;
    entries.push({ day, minute, rate: rate.rate });
  }
  return { ok: true, timetable: { entries } };
}

/** A rate alone (the single form without a time), in bytes per second; null = no limit. */
export function parseRate(text: string): { ok: true; rate: number | null } | { ok: false; problem: TimetableProblem } {
  const value = text.trim();
  if (value.toLowerCase() === 'off') return { ok: true, rate: null };
  const match = RATE_PATTERN.exec(value);
  if (!match) return fail('rate', text);
  const unit = (match[2] ?? match[3] ?? match[4] ?? 'k').toLowerCase();
  const bytes = Math.round(Number(match[1]) * UNIT_FACTORS[unit]!);
  if (!Number.isSafeInteger(bytes)) return fail('rate', text);
  // rclone reads 0 as no limit.
  if (bytes === 0) return { ok: true, rate: null };
  if (bytes < MIN_LIMIT_BYTES_PER_SECOND) return fail('too-low', text);
  return { ok: true, rate: bytes };
}

/** `UP:DOWN` or one rate for both: the upload side is the one that counts here. The download side is still checked (rclone refuses a bad one too). */
function parsePair(text: string): { ok: true; rate: number | null } | { ok: false; problem: TimetableProblem } {
  const colon = text.indexOf(':');
  if (colon < 0) return parseRate(text);
  const down = parseRateAllowingAny(text.slice(colon + 1));
  if (!down) return fail('rate', text.slice(colon + 1) || text);
  return parseRate(text.slice(0, colon) || text);
}

/** The download side may be below the upload minimum: it is not used. */
function parseRateAllowingAny(text: string): boolean {
  return text.trim().toLowerCase() === 'off' || RATE_PATTERN.test(text.trim());
}

function parseTime(text: string): number | { ok: false; problem: TimetableProblem } {
  const match = TIME_PATTERN.exec(text);
  if (!match) return fail('time', text);
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (hour > 23) return fail('hour', text);
  if (minute > 59) return fail('minute', text);
  return hour * 60 + minute;
}

function weekdayOf(text: string): Weekday | null {
  const lower = text.toLowerCase();
  const short = WEEKDAY_NAMES.findIndex((name) => name.toLowerCase() === lower);
  const index = short >= 0 ? short : LONG_WEEKDAY_NAMES.findIndex((name) => name === lower);
  return index >= 0 ? (index as Weekday) : null;
}

function fail(reason: TimetableReason, part: string): { ok: false; problem: TimetableProblem } {
  return { ok: false, problem: { reason, part } };
}

const REASON_TEXT: Record<TimetableReason, string> = {
  empty: 'the timetable is empty: write a rate such as 1M, "off", or entries such as 08:00,512k 23:00,off',
  entry: 'an entry is TIME,RATE or DAY-TIME,RATE (for example 08:00,512k or Mon-08:00,512k)',
  time: 'a time is HH:MM, such as 08:00',
  hour: 'the hour must be from 00 to 23',
  minute: 'the minutes must be from 00 to 59',
  day: 'a day is Mon, Tue, Wed, Thu, Fri, Sat or Sun (or the full name)',
  rate: 'a rate is a number with an optional unit b, k, M, G (KiB when none), or off',
  'too-low': `a limit is at least 16k (or off for none)`,
};

/** The problem in words, naming the bad part: the window and the command line say it alike. */
export function describeTimetableProblem(problem: TimetableProblem): string {
  if (problem.reason === 'empty') return REASON_TEXT.empty;
  return `"${problem.part}": ${REASON_TEXT[problem.reason]}`;
}

/** Where a week's limit changes: minute of the week (Sunday 00:00 = 0) and the rate from then. */
interface WeekSlot {
  at: number;
  rate: number | null;
}

/** The entries on the week's clock, sorted; an entry for every day is one slot per day. A later entry at the same moment wins (as in rclone). */
function weekSlots(timetable: Timetable): WeekSlot[] {
  const byMoment = new Map<number, number | null>();
  for (const entry of timetable.entries) {
    const days = entry.day === null ? [0, 1, 2, 3, 4, 5, 6] : [entry.day];
    for (const day of days) byMoment.set(day * MINUTES_PER_DAY + entry.minute, entry.rate);
  }
  return [...byMoment.entries()].map(([at, rate]) => ({ at, rate })).sort((a, b) => a.at - b.at);
}

/** The minute of the week of a local time (Sunday 00:00 = 0). */
export function minuteOfWeek(date: Date): number {
  return date.getDay() * MINUTES_PER_DAY + date.getHours() * 60 + date.getMinutes();
}

/** The local moment `minutes` of the week after the start of the minute `from` is in (DST moves the wall clock, not this count). */
export function momentAfter(from: number, minutes: number): number {
  const date = new Date(from);
  date.setSeconds(0, 0);
  date.setMinutes(date.getMinutes() + minutes);
  return date.getTime();
}

/** The limit in force at a moment, and when it next changes (null: never, it is the same all week). */
export function limitAt(timetable: Timetable, at: number): { rate: number | null; until: number | null } {
  const slots = weekSlots(timetable);
  if (slots.length === 0) return { rate: null, until: null };
  const now = minuteOfWeek(new Date(at));
  // The latest slot at or before now; before the week's first, the week's last still holds.
  let current = slots[slots.length - 1]!;
  for (const slot of slots) if (slot.at <= now) current = slot;
  // The next slot with another rate, going round the week once (1 … a week of minutes ahead).
  const ahead = slots.map((slot) => ({ ...slot, step: ((slot.at - now + MINUTES_PER_WEEK - 1) % MINUTES_PER_WEEK) + 1 })).sort((a, b) => a.step - b.step);
  const untilMinutes = ahead.find((slot) => slot.rate !== current.rate)?.step ?? null;
  return { rate: current.rate, until: untilMinutes === null ? null : momentAfter(at, untilMinutes) };
}

/** A rate as rclone writes it (e.g. 512k, 10M, off): what the grid writes back into the text. */
export function formatRclone(rate: number | null): string {
  if (rate === null) return 'off';
  for (const [unit, factor] of [['G', 1024 ** 3], ['M', 1024 ** 2], ['k', 1024]] as const) {
    if (rate % factor === 0) return `${rate / factor}${unit}`;
  }
  return `${rate}b`;
}

/** "08:05" */
export function formatClock(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

/** The timetable written back as text (rclone's form; entries for every day keep no day). */
export function formatTimetable(timetable: Timetable): string {
  const { entries } = timetable;
  if (entries.length === 1 && entries[0]!.day === null && entries[0]!.minute === 0) return formatRclone(entries[0]!.rate);
  return entries.map((e) => `${e.day === null ? '' : `${WEEKDAY_NAMES[e.day]}-`}${formatClock(e.minute)},${formatRclone(e.rate)}`).join(' ');
}

/** The rate in force at each hour of each day (7 × 24, Sunday first): what the week grid paints. */
export function weekGrid(timetable: Timetable): (number | null)[][] {
  const slots = weekSlots(timetable);
  return [0, 1, 2, 3, 4, 5, 6].map((day) =>
    Array.from({ length: 24 }, (_, hour) => {
      if (slots.length === 0) return null;
      const at = day * MINUTES_PER_DAY + hour * 60;
      let current = slots[slots.length - 1]!;
      for (const slot of slots) if (slot.at <= at) current = slot;
      return current.rate;
    }),
  );
}

/**
 * The timetable text of a week grid (7 × 24 rates, Sunday first), as the Settings grid paints
 * it, in rclone's syntax and as short as it comes: one rate; else the most common day's
 * entries for every day, then entries with a day where a day differs (a later entry at the
 * same moment wins, as in rclone); or each change of the week with its day, if that is shorter.
 */
export function timetableFromGrid(grid: readonly (readonly (number | null)[])[]): string {
  const week = grid.flat();
  if (week.every((rate) => rate === week[0])) return formatRclone(week[0] ?? null);
  const entry = (day: number | null, hour: number, rate: number | null): string => `${day === null ? '' : `${WEEKDAY_NAMES[day]}-`}${formatClock(hour * 60)},${formatRclone(rate)}`;
  const changes = (hours: readonly (number | null)[], dayOf: (index: number) => number | null): string[] =>
    hours.flatMap((rate, index) => (rate === hours[(index + hours.length - 1) % hours.length] ? [] : [entry(dayOf(index), index % 24, rate)]));
  const weekly = changes(week, (index) => Math.floor(index / 24)).join(' ');
  // The most common day, as entries for every day; then what differs, day by day.
  const patterns = grid.map((day) => JSON.stringify(day));
  const count = (pattern: string): number => patterns.filter((p) => p === pattern).length;
  const common = patterns.reduce((best, pattern) => (count(pattern) > count(best) ? pattern : best));
  const entries = changes(grid[patterns.indexOf(common)]!, () => null);
  // At most one entry per hour of the week is ever added: each fixes the first hour that differs.
  for (let guard = 0; guard < 7 * 24; guard++) {
    const parsed = parseTimetable(entries.join(' '));
    const painted = weekGrid(parsed.ok ? parsed.timetable : { entries: [] });
    const index = week.findIndex((rate, i) => painted[Math.floor(i / 24)]![i % 24] !== rate);
    if (index < 0) break;
    entries.push(entry(Math.floor(index / 24), index % 24, week[index]!));
  }
  const mixed = entries.join(' ');
  return mixed.length < weekly.length ? mixed : weekly;
}
