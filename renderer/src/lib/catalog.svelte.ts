/// <reference types="vite/client" />
// The window's messages, one language at a time. Paraglide compiles every catalog into one
// module per language (shared/i18n/paraglide/messages/<locale>.js); its own `m` imports all ten,
// which put about 250 KB gzipped of words in the window's first script (issue 33's budget for
// the whole first script is 150 KB). In the window, `m` is this module instead (the renderer's
// builds alias shared/i18n/paraglide/messages.js here, see resources/i18n/catalog-aliases.ts): English
// is in the first script, as the fallback and the base language, and any other language's
// module is loaded on first use, then kept.
//
// Each `m.key` words in the locale of the call (shared/i18n/catalog-messages.ts): getLocale(),
// which i18n.svelte.ts points at Svelte state. It reads `loaded` too, so a template that showed
// English while a catalog loaded re-renders with it.
import * as english from '../../../shared/i18n/paraglide/messages/en.js';
import { catalogMessages, loadedCatalogs, type Catalog } from '../../../shared/i18n/catalog-messages.ts';

const LOADERS = import.meta.glob<Catalog>([
  '../../../shared/i18n/paraglide/messages/*.js',
  '!../../../shared/i18n/paraglide/messages/_index.js',
  '!../../../shared/i18n/paraglide/messages/en.js',
]);
const ENGLISH = english as unknown as Catalog;
/** Bumped when a catalog arrives: what was worded in English meanwhile words again. */
let loaded = $state(0);
const catalogs = loadedCatalogs(ENGLISH, (locale) => LOADERS[`../../../shared/i18n/paraglide/messages/${locale}.js`], () => {
  loaded += 1;
});

/** Loads a language's catalog (once); the window awaits it before first paint and on a change. */
export function loadCatalog(locale: string): Promise<void> {
  return catalogs.load(locale);
}

function catalogFor(locale: string): Catalog {
  const catalog = catalogs.get(locale);
  if (catalog) return catalog;
  void catalogs.load(locale);
  return ENGLISH;
}

// Reading `loaded` on every word: a template that showed English while its catalog loaded re-renders with it.
export const m = catalogMessages(ENGLISH, (locale) => {
  void loaded;
  return catalogFor(locale);
});
