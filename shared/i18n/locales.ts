// The languages Vidlift speaks: one table, from which the picker, the fallback chain, `<html
// lang dir>` and the catalogs' completeness test are derived. Zod-free: the window imports it.
//
// The catalogs live in shared/i18n/messages/<tag>/<area>.json (inlang message format, one file
// per area so the window, the core's codes, the CLI and the shell each own theirs), compiled by
// Paraglide JS into shared/i18n/paraglide/ (`npm run i18n`, run by `prepare` after every
// install and before build, typecheck and test). The tags here must equal the `locales` of
// project.inlang/settings.json (the catalog test checks it).

export interface LocaleRow {
  /** BCP 47 tag, as the catalogs' folder is named. */
  readonly tag: string;
  /** The language's own name, shown in the picker whatever language the window speaks. */
  readonly nativeName: string;
  readonly dir: 'ltr' | 'rtl';
  /** Offered to people in Settings; the pseudo-locale exists for layout tests only. */
  readonly offered: boolean;
}

export const LOCALE_TABLE = [
  { tag: 'en', nativeName: 'English', dir: 'ltr', offered: true },
  { tag: 'es', nativeName: 'Español', dir: 'ltr', offered: true },
  { tag: 'pt-BR', nativeName: 'Português (Brasil)', dir: 'ltr', offered: true },
  { tag: 'fr', nativeName: 'Français', dir: 'ltr', offered: true },
  { tag: 'de', nativeName: 'Deutsch', dir: 'ltr', offered: true },
  { tag: 'ru', nativeName: 'Русский', dir: 'ltr', offered: true },
  { tag: 'id', nativeName: 'Bahasa Indonesia', dir: 'ltr', offered: true },
  { tag: 'tr', nativeName: 'Türkçe', dir: 'ltr', offered: true },
  { tag: 'ar', nativeName: 'العربية', dir: 'rtl', offered: true },
  { tag: 'zh-CN', nativeName: '简体中文', dir: 'ltr', offered: true },
  // Pseudo-locale: English made about 40 % longer and accented (generated from the English
  // catalogs by resources/i18n/compile.ts), so layout tests see overflow before translators do.
  { tag: 'en-XA', nativeName: 'Ëñğļîšĥ (pseudo)', dir: 'ltr', offered: false },
] as const satisfies readonly LocaleRow[];

export type Locale = (typeof LOCALE_TABLE)[number]['tag'];

export const BASE_LOCALE: Locale = 'en';
export const PSEUDO_LOCALE: Locale = 'en-XA';
export const LOCALES: readonly Locale[] = LOCALE_TABLE.map((row) => row.tag);
export const OFFERED_LOCALES: readonly Locale[] = LOCALE_TABLE.filter((row) => row.offered).map((row) => row.tag);

/** What a Settings field holds: a locale, or "follow the system". */
export type LanguageChoice = Locale | 'system';

export function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

export function localeRow(locale: Locale): (typeof LOCALE_TABLE)[number] {
  return LOCALE_TABLE.find((row) => row.tag === locale) ?? LOCALE_TABLE[0];
}

/**
 * Where a language we do not have exactly falls back to, by its primary subtag: every
 * Portuguese goes to Brazilian Portuguese (pt-PT → pt-BR), every Chinese to Simplified
 * Chinese. A traditional-script Chinese (zh-TW, zh-HK, zh-Hant) would rather read English
 * than the other script, so it falls through to the next preference (see resolveLocale).
 */
const FALLBACK_BY_LANGUAGE: Readonly<Record<string, Locale>> = {
  en: 'en',
  es: 'es',
  pt: 'pt-BR',
  fr: 'fr',
  de: 'de',
  ru: 'ru',
  id: 'id',
  in: 'id', // the pre-1989 code some systems still report for Indonesian
  tr: 'tr',
  ar: 'ar',
  zh: 'zh-CN',
};

const TRADITIONAL_CHINESE = /^zh-(?:Hant|TW|HK|MO)\b/i;

/** One preferred tag ("pt_PT.UTF-8", "de-AT", "zh-Hans-CN") to a locale we speak, or null. */
export function matchLocale(preferred: string): Locale | null {
  // POSIX (LANG=pt_BR.UTF-8, LC_ALL=de_DE@euro) and BCP 47 both end up as "pt-BR".
  const tag = preferred.trim().replace(/[.@].*$/, '').replace(/_/g, '-');
  if (!tag || tag === 'C' || tag === 'POSIX') return null;
  const exact = LOCALES.find((locale) => locale.toLowerCase() === tag.toLowerCase());
  if (exact && exact !== PSEUDO_LOCALE) return exact;
  if (TRADITIONAL_CHINESE.test(tag)) return null;
  return FALLBACK_BY_LANGUAGE[tag.split('-')[0]!.toLowerCase()] ?? null;
}

/**
 * The locale to speak: the first of the person's preferred languages (Electron's
 * `app.getPreferredSystemLanguages()`, the CLI's LC_ALL / LC_MESSAGES / LANG, the browser's
 * `navigator.languages`) that we speak exactly or by its language, else English.
 */
export function resolveLocale(preferred: readonly string[], choice: LanguageChoice = 'system'): Locale {
  if (choice !== 'system') return choice;
  for (const tag of preferred) {
    const locale = matchLocale(tag);
    if (locale) return locale;
  }
  return BASE_LOCALE;
}
