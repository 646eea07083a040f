// The main process's messages (the shell and the command line): English, which the log and the
// fallback need, and the one other language in force, loaded when it is chosen. The main
// build and the Node test projects read shared/i18n/paraglide/messages.js as this module
// (resources/i18n/catalog-aliases.ts); Paraglide's own `m` imports all eleven languages.
//
// Why (issue 33, core ready): the main bundle compiled every language's messages at each start,
// a 2.7 MB chunk on the path to the window's first answers, for a shell and a command line that
// speak one language per run. The startup bench's ready mode (test/bench/support/startup-child.ts),
// seven starts of each build alternated on one 1M-video profile: the main bundle imported in
// 94 -> 73 ms, the window's first answers in 152 -> 119 ms (medians). Each language is now a
// chunk of its own holding all its messages (about 0.3 MB each on disk, none loaded unasked).
//
// Each `m.key` words in the locale of the call (catalog-messages.ts): the one given, else
// getLocale(), which the shell and the command line overwrite. A locale whose catalog is not
// loaded yet words in English; who sets a locale awaits loadLanguage first
// (electron/main/shell-locale.ts, electron/cli/locale.ts).
import * as english from './paraglide/messages/en.js';
import { catalogMessages, loadedCatalogs, type Catalog } from './catalog-messages.ts';
import type { Locale } from './locales.ts';

/** Every language but English, each a module of its own (a chunk in the build), loaded on first use. */
const LOADERS = {
  es: () => import('./paraglide/messages/es.js'),
  'pt-BR': () => import('./paraglide/messages/pt-BR.js'),
  fr: () => import('./paraglide/messages/fr.js'),
  de: () => import('./paraglide/messages/de.js'),
  ru: () => import('./paraglide/messages/ru.js'),
  id: () => import('./paraglide/messages/id.js'),
  tr: () => import('./paraglide/messages/tr.js'),
  ar: () => import('./paraglide/messages/ar.js'),
  'zh-CN': () => import('./paraglide/messages/zh-CN.js'),
  'en-XA': () => import('./paraglide/messages/en-XA.js'),
} as const satisfies Record<Exclude<Locale, 'en'>, () => Promise<unknown>>;

const ENGLISH = english as unknown as Catalog;
const catalogs = loadedCatalogs(ENGLISH, (locale) => LOADERS[locale as keyof typeof LOADERS]);

/** Loads a language's messages, once; a catalog that cannot load (it is in the bundle) leaves English. */
export function loadLanguage(locale: Locale): Promise<void> {
  return catalogs.load(locale);
}

export const m = catalogMessages(ENGLISH, (locale) => catalogs.get(locale) ?? ENGLISH);
