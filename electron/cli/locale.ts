// The language the command line speaks: POSIX's order, LC_ALL, then LC_MESSAGES, then LANG
// (the first one set decides, as for any Unix tool), matched by matchLocale with its fallback
// chain (pt_PT → pt-BR); C, POSIX, a language Vidlift does not speak, or none: English. Only
// the words follow it; --json and NDJSON output stay locale-free (codes, ISO dates, raw numbers).
import { BASE_LOCALE, m, matchLocale, overwriteGetLocale, type Locale } from '../../shared/i18n/index.ts';
import { loadLanguage } from '../../shared/i18n/process-catalog.ts';

export function cliLocale(env: Readonly<Record<string, string | undefined>>): Locale {
  const chosen = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((value) => value !== undefined && value !== '');
  return (chosen === undefined ? null : matchLocale(chosen)) ?? BASE_LOCALE;
}

let current: Locale = BASE_LOCALE;

/** Makes the catalogs' messages (`m.cli_…`, say()) speak the locale of this environment, its words loaded first (shared/i18n/process-catalog.ts). */
export async function speakLocaleOf(env: Readonly<Record<string, string | undefined>>): Promise<Locale> {
  const locale = cliLocale(env);
  await loadLanguage(locale);
  current = locale;
  overwriteGetLocale(() => current);
  return current;
}

/**
 * Words that can be said again in another locale: a CliError is said to the person in theirs
 * and written in English where a script or a log reads it (`--json`'s `error.message`).
 */
export type Words = (locale?: Locale) => string;

/** A catalog message without params, as a table of words holds it. */
export type Message = (params: Record<string, never>, options?: { locale?: Locale }) => string;

/** A catalog message with its params, worded when (and in whatever locale) it is said. */
export function words<P>(message: (params: P, options?: { locale?: Locale }) => string, params: P): Words {
  return (locale) => message(params, locale === undefined ? undefined : { locale });
}

/** The same, for params that are words themselves (an address that cannot be reached, and why): worded in the same locale. */
export function wordsWith<P>(message: (params: P, options?: { locale?: Locale }) => string, params: (locale?: Locale) => P): Words {
  return (locale) => message(params(locale), locale === undefined ? undefined : { locale });
}

/** A count for display, with the locale's digits and grouping. */
export function formatCount(value: number): string {
  return new Intl.NumberFormat(current).format(value);
}

export const counted = (count: number): { count: number; countText: string } => ({ count, countText: formatCount(count) });

/** Sizes in powers of 1024, as the command line always counted them; the unit's symbol is the catalog's. */
const SIZE_UNITS = [m.cli_size_kib, m.cli_size_mib, m.cli_size_gib, m.cli_size_tib] as const;

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return m.cli_size_bytes(counted(bytes));
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return SIZE_UNITS[unit]!({ value: new Intl.NumberFormat(current, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value) });
}

/** A moment as the person's local date and time, to the minute, in the command line's locale. */
export function formatMoment(ms: number): string {
  return new Intl.DateTimeFormat(current, { dateStyle: 'medium', timeStyle: 'short' }).format(ms);
}

/** Items joined as the locale joins a list ("a, b and c"). */
export function formatList(items: readonly string[]): string {
  return new Intl.ListFormat(current, { type: 'conjunction' }).format(items);
}
