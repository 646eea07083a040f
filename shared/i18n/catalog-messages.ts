// Paraglide's `m` over catalogs loaded one language at a time, for the window
// (renderer/src/lib/catalog.svelte.ts) and the main process (process-catalog.ts): each `m.key` is
// a stable function (tables such as say.ts's hold them) that words in the locale of the call,
// the one given or getLocale(), from that locale's catalog once it is loaded, else in English.
// Zod-free and Svelte-free: the window's first script imports it.
import type * as AllMessages from './paraglide/messages/_index.js';
import { getLocale } from './paraglide/runtime.js';
import type { Locale } from './locales.ts';

/** A language's compiled messages, as Paraglide's messages/<locale>.js exports them. */
export type Catalog = Record<string, ((inputs: Record<string, unknown>) => string) | undefined>;
type Worder = (inputs?: Record<string, unknown>, options?: { locale?: Locale }) => string;

/** `catalogFor`: the catalog to word a locale in (English while the locale's is not loaded); called for every word, so a reactive reader can follow loads. */
export function catalogMessages(english: Catalog, catalogFor: (locale: string) => Catalog): typeof AllMessages {
  const worders = new Map<string, Worder>();
  const worderOf = (key: string): Worder | undefined => {
    let worder = worders.get(key);
    if (worder === undefined && typeof english[key] === 'function') {
      worder = (inputs = {}, options) => (catalogFor(options?.locale ?? getLocale())[key] ?? english[key]!)(inputs);
      worders.set(key, worder);
    }
    return worder;
  };
  return new Proxy({} as typeof AllMessages, {
    get: (_target, key) => (typeof key === 'string' ? worderOf(key) : undefined),
    has: (_target, key) => typeof key === 'string' && typeof english[key] === 'function',
  });
}
