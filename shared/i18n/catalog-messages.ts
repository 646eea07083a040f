// Paraglide's `m` over catalogs loaded one language at a time, for the window
// (renderer/src/lib/catalog.svelte.ts) and the main process (process-catalog.ts): English at once,
// each other language loaded once, when first asked for. Each `m.key` is a stable function
// (tables such as say.ts's hold them) that words in the locale of the call, the one given or
// getLocale(), from that locale's catalog once it is loaded, else in English.
// Zod-free and Svelte-free: the window's first script imports it.
import type * as AllMessages from './paraglide/messages/_index.js';
import { getLocale } from './paraglide/runtime.js';
import type { Locale } from './locales.ts';

/** A language's compiled messages, as Paraglide's messages/<locale>.js exports them. */
export type Catalog = Record<string, ((inputs: Record<string, unknown>) => string) | undefined>;
type Worder = (inputs?: Record<string, unknown>, options?: { locale?: Locale }) => string;

/** The catalogs loaded so far (English from the start), and how to load one more. */
export interface LoadedCatalogs {
  get(locale: string): Catalog | undefined;
  /** Loads a language's catalog, once however many ask; one that cannot load (it should always be there) leaves English. */
  load(locale: string): Promise<void>;
}

/** `loaderOf`: a language's module, undefined for one there is none of; `onLoaded`: after each catalog arrives. */
export function loadedCatalogs(english: Catalog, loaderOf: (locale: string) => (() => Promise<unknown>) | undefined, onLoaded: () => void = () => undefined): LoadedCatalogs {
  const catalogs = new Map<string, Catalog>([['en', english]]);
  const loading = new Map<string, Promise<void>>();
  return {
    get: (locale) => catalogs.get(locale),
    load(locale) {
      if (catalogs.has(locale)) return Promise.resolve();
      let pending = loading.get(locale);
      if (!pending) {
        const loader = loaderOf(locale);
        pending = loader
          ? loader().then(
              (catalog) => {
                catalogs.set(locale, catalog as Catalog);
                onLoaded();
              },
              () => undefined,
            )
          : Promise.resolve();
        loading.set(locale, pending);
      }
      return pending;
    },
  };
}

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
