// Numbers, dates and errors in words a person reads. Intl does the local formats; no
// locale is hard-coded so the app follows the system's.
import { ERROR_LEADS, saidOf, type AppError, type ErrorCode } from '../../../shared/errors.ts';
import type { Said } from '../../../shared/said.ts';
import { say } from '../../../shared/i18n/say.ts';

const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;

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
export function formatBytes(bytes: number, locale?: string): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : value < 10 ? 1 : 0;
  const text = numberFormat(locale, { maximumFractionDigits: digits, minimumFractionDigits: 0 }).format(value);
  return `${text} ${UNITS[unit]}`;
}

export function formatKb(kb: number, locale?: string): string {
  return formatBytes(kb * 1024, locale);
}

export function formatSpeed(bytesPerSecond: number, locale?: string): string {
  if (!(bytesPerSecond > 0)) return '—';
  return `${formatBytes(bytesPerSecond, locale)}/s`;
}

export function formatCount(n: number, locale?: string): string {
  return numberFormat(locale).format(n);
}

/** 3725 → "1 h 2 min"; under a minute, seconds. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return '—';
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) {
    const rest = s % 60;
    return rest ? `${minutes} min ${rest} s` : `${minutes} min`;
  }
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours < 48) return rest ? `${hours} h ${rest} min` : `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}

/** A moment still to come, relative to `now`: "in 20 s", "in 2 min"; "now" once it is due. */
export function formatCountdown(at: number, now: number): string {
  const seconds = Math.ceil((at - now) / 1000);
  return seconds > 0 ? `in ${formatDuration(seconds)}` : 'now';
}

/** The service's "YYYY-MM-DD HH:mm:ss" (server time) as a Date; null if unreadable. */
export function parseServiceTime(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDate(value: string | number | Date, locale?: string): string {
  const date = typeof value === 'string' ? parseServiceTime(value) : new Date(value);
  if (!date || Number.isNaN(date.getTime())) return typeof value === 'string' && value ? value : '—';
  return dateFormat(locale, { dateStyle: 'medium' }).format(date);
}

export function formatDateTime(value: string | number | Date, locale?: string): string {
  const date = typeof value === 'string' ? parseServiceTime(value) : new Date(value);
  if (!date || Number.isNaN(date.getTime())) return typeof value === 'string' && value ? value : '—';
  return dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** How old a piece of data is: "just now", "5 minutes ago", "yesterday". */
export function formatAge(fetchedAt: number | null, now: number, locale?: string): string {
  if (fetchedAt === null) return 'not loaded yet';
  const seconds = Math.round((fetchedAt - now) / 1000);
  if (Math.abs(seconds) < 45) return 'just now';
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const minutes = Math.round(seconds / 60);
  if (Math.abs(minutes) < 60) return rtf.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return rtf.format(hours, 'hour');
  return rtf.format(Math.round(hours / 24), 'day');
}

export function formatMoney(text: string | number, locale?: string): string {
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

const NEXT_STEP: Record<ErrorCode, string> = {
  offline: 'Check your internet connection. Vidlift keeps your changes and tries again on its own.',
  unauthorized: 'Check the API key in Settings; it may have been replaced or revoked.',
  not_found: 'It may have been deleted on the service. The library refreshes on its own.',
  rate_limited: 'The service asks to slow down. Wait a minute, then try again.',
  validation: 'Correct it and try again.',
  limit_reached: 'Wait until some running work finishes, then try again.',
  server: 'Try again in a moment. If it keeps failing, the service may have a problem.',
  unavailable: 'The service cannot do this yet. Try again later.',
  internal: 'Try again. If it keeps happening, restart Vidlift.',
};

/** An error as a sentence plus the next step, chosen by its code (never by its message). */
export function explainError(error: Pick<AppError, 'code' | 'message'> & { said?: Said }): Explained {
  // The said thing in the window's language; a shape from before codes shows its message as written.
  const text = say(saidOf(error)).trim() || ERROR_LEADS[error.code];
  return { text, next: NEXT_STEP[error.code] };
}
