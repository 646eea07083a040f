// The language the command line speaks: POSIX's order, LC_ALL, then LC_MESSAGES, then LANG
// (the first one set decides, as for any Unix tool), matched by matchLocale with its fallback
// chain (pt_PT → pt-BR); C, POSIX, a language Vidlift does not speak, or none: English. Only
// the words follow it; --json and NDJSON output stay locale-free (codes, ISO dates, raw numbers).
import { BASE_LOCALE, matchLocale, overwriteGetLocale, type Locale } from '../../shared/i18n/index.ts';

export function cliLocale(env: Readonly<Record<string, string | undefined>>): Locale {
  const chosen = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((value) => value !== undefined && value !== '');
  return (chosen === undefined ? null : matchLocale(chosen)) ?? BASE_LOCALE;
}

let current: Locale = BASE_LOCALE;

/** Makes the catalogs' messages (`m.cli_…`, say()) speak the locale of this environment. */
export function speakLocaleOf(env: Readonly<Record<string, string | undefined>>): Locale {
  current = cliLocale(env);
  overwriteGetLocale(() => current);
  return current;
}

/** A count for display, with the locale's digits and grouping. */
export function formatCount(value: number): string {
  return new Intl.NumberFormat(current).format(value);
}

export const counted = (count: number): { count: number; countText: string } => ({ count, countText: formatCount(count) });
