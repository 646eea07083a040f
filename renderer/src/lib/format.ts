// Numbers, dates and errors in words a person reads, in the locale in force (i18n.svelte.ts):
// Intl does the numbers, dates and relative times; the catalogs (window.json, format_…) give the
// unit words, so English reads exactly as before ("1.5 KB", "2 min 5 s") and the others in
// their own ("1,5 Ko", "2 мин 5 с"). Called in a template or a $derived, each re-runs when the
// language changes. Numbers inside messages are passed already formatted (`value`), with the raw
// number beside them (`count`) where a plural picks the words.
import { errorLead, saidOf, type AppError, type ErrorCode } from '../../../shared/errors.ts';
import type { Said } from '../../../shared/said.ts';
import { say } from '../../../shared/i18n/say.ts';
import { intlLocale, m } from './i18n.svelte.ts';

const SIZE_UNITS = [m.format_size_kb, m.format_size_mb, m.format_size_gb, m.format_size_tb] as const;

/**
 * Intl's formatters, each made once per locale and options: making one costs ~100-1,000 times
 * what formatting with it does. A profile of the library list scrolled (issue 33) had
 * formatDate's `new Intl.DateTimeFormat` as the largest script cost of each row drawn.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function formatter<T extends Intl.NumberFormat | Intl.DateTimeFormat>(kind: 'number' | 'date', locale: string | undefined, options: object, make: () => T): T {
  const key = `${kind} ${locale ?? ''} ${JSON.stringify(options)}`;
  let found = formatters.get(key) as T | undefined;
  if (found === undefined) {
    found = make();
    formatters.set(key, found);
  }
  return found;
}
const numberFormat = (locale: string | undefined, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat =>
  formatter('number', locale, options, () => new Intl.NumberFormat(locale, options));
const dateFormat = (locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  formatter('date', locale, options, () => new Intl.DateTimeFormat(locale, options));

/** 1536 → "1.5 KB"; decimal places shrink as numbers grow so columns stay narrow. */
export function formatBytes(bytes: number, locale: string = intlLocale()): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  if (bytes < 1024) return m.format_size_bytes({ count: bytes, value: numberFormat(locale).format(bytes) });
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = value < 10 ? 1 : 0;
  const text = numberFormat(locale, { maximumFractionDigits: digits, minimumFractionDigits: 0 }).format(value);
  return SIZE_UNITS[unit]!({ value: text });
}

export function formatKb(kb: number, locale?: string): string {
  return formatBytes(kb * 1024, locale);
}

export function formatSpeed(bytesPerSecond: number, locale?: string): string {
  if (!(bytesPerSecond > 0)) return '—';
  return m.format_per_second({ size: formatBytes(bytesPerSecond, locale) });
}

export function formatCount(n: number, locale: string = intlLocale()): string {
  return numberFormat(locale).format(n);
}

/** 3725 → "1 h 2 min"; under a minute, seconds. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return '—';
  const n = (value: number) => formatCount(value);
  const s = Math.round(seconds);
  if (s < 60) return m.format_duration_seconds({ s: n(s) });
  const minutes = Math.floor(s / 60);
  if (minutes < 60) {
    const rest = s % 60;
    return rest ? m.format_duration_minutes_seconds({ min: n(minutes), s: n(rest) }) : m.format_duration_minutes({ min: n(minutes) });
  }
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours < 48) return rest ? m.format_duration_hours_minutes({ h: n(hours), min: n(rest) }) : m.format_duration_hours({ h: n(hours) });
  const days = Math.floor(hours / 24);
  return m.format_duration_days({ count: days, value: n(days) });
}

/** A moment still to come, relative to `now`: "in 20 s", "in 2 min"; "now" once it is due. */
export function formatCountdown(at: number, now: number): string {
  const seconds = Math.ceil((at - now) / 1000);
  return seconds > 0 ? m.format_in({ duration: formatDuration(seconds) }) : m.format_now();
}

/** The service's "YYYY-MM-DD HH:mm:ss" (server time) as a Date; null if unreadable. */
export function parseServiceTime(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDate(value: string | number | Date, locale: string = intlLocale()): string {
  const date = typeof value === 'string' ? parseServiceTime(value) : new Date(value);
  if (!date || Number.isNaN(date.getTime())) return typeof value === 'string' && value ? value : '—';
  return dateFormat(locale, { dateStyle: 'medium' }).format(date);
}

export function formatDateTime(value: string | number | Date, locale: string = intlLocale()): string {
  const date = typeof value === 'string' ? parseServiceTime(value) : new Date(value);
  if (!date || Number.isNaN(date.getTime())) return typeof value === 'string' && value ? value : '—';
  return dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** How old a piece of data is: "just now", "5 minutes ago", "yesterday". */
export function formatAge(fetchedAt: number | null, now: number, locale: string = intlLocale()): string {
  if (fetchedAt === null) return m.format_not_loaded();
  const seconds = Math.round((fetchedAt - now) / 1000);
  if (Math.abs(seconds) < 45) return m.format_just_now();
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const minutes = Math.round(seconds / 60);
  if (Math.abs(minutes) < 60) return rtf.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return rtf.format(hours, 'hour');
  return rtf.format(Math.round(hours / 24), 'day');
}

export function formatMoney(text: string | number, locale: string = intlLocale()): string {
  const n = typeof text === 'number' ? text : Number(text);
  if (!Number.isFinite(n)) return String(text);
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 5 }).format(n);
}

export function percent(part: number, whole: number): number {
  if (!(whole > 0)) return 0;
  return Math.max(0, Math.min(100, (part / whole) * 100));
}

/** The last part of a path, whichever separator the platform uses. */
export function baseName(path: string): string {
  const parts = path.split(/[\\/]/).filter(Boolean);
  return parts[parts.length - 1] ?? path;
}

export interface Explained {
  /** What happened, in a sentence. */
  text: string;
  /** What the person can do next. */
  next: string;
}

/** What the person can do next, by code (worded when the error is explained, in the language in force). */
const NEXT_STEP: Readonly<Record<ErrorCode, () => string>> = {
  offline: m.error_next_offline,
  unauthorized: m.error_next_unauthorized,
  not_found: m.error_next_not_found,
  rate_limited: m.error_next_rate_limited,
  validation: m.error_next_validation,
  limit_reached: m.error_next_limit_reached,
  server: m.error_next_server,
  unavailable: m.error_next_unavailable,
  internal: m.error_next_internal,
};

/** An error as a sentence plus the next step, chosen by its code (never by its message). */
export function explainError(error: Pick<AppError, 'code' | 'message'> & { said?: Said }): Explained {
  // The said thing in the window's language; a shape from before codes shows its message as written.
  const text = say(saidOf(error)).trim() || say(errorLead(error.code));
  return { text, next: NEXT_STEP[error.code]() };
}
