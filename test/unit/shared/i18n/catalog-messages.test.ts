// The one rule both catalogs load languages by (shared/i18n/catalog-messages.ts): English at
// once, each other language loaded once for every asker, and English left where a language has
// no module or its module cannot load.
import { describe, expect, it, vi } from 'vitest';
import { catalogMessages, loadedCatalogs, type Catalog } from '../../../../shared/i18n/catalog-messages.ts';

const english: Catalog = { hello: () => 'Hello' };
const german: Catalog = { hello: () => 'Hallo' };

describe('loadedCatalogs', () => {
  it('loads a language once for every asker, then tells its arrival', async () => {
    const loader = vi.fn(() => Promise.resolve(german));
    const onLoaded = vi.fn();
    const catalogs = loadedCatalogs(english, (locale) => (locale === 'de' ? loader : undefined), onLoaded);
    expect(catalogs.get('en')).toBe(english);
    expect(catalogs.get('de')).toBeUndefined();
    await Promise.all([catalogs.load('de'), catalogs.load('de')]);
    await catalogs.load('de');
    expect(loader).toHaveBeenCalledTimes(1);
    expect(onLoaded).toHaveBeenCalledTimes(1);
    expect(catalogs.get('de')).toBe(german);
  });

  it('leaves English for a language with no module and for one whose module cannot load', async () => {
    const failing = vi.fn(() => Promise.reject(new Error('chunk missing')));
    const onLoaded = vi.fn();
    const catalogs = loadedCatalogs(english, (locale) => (locale === 'fr' ? failing : undefined), onLoaded);
    await expect(catalogs.load('xx')).resolves.toBeUndefined();
    await expect(catalogs.load('fr')).resolves.toBeUndefined();
    await catalogs.load('fr');
    expect(failing).toHaveBeenCalledTimes(1);
    expect(onLoaded).not.toHaveBeenCalled();
    const m = catalogMessages(english, (locale) => catalogs.get(locale) ?? english) as unknown as Record<string, (inputs?: object, options?: { locale?: string }) => string>;
    expect(m.hello!({}, { locale: 'fr' })).toBe('Hello');
    expect(m.hello!({}, { locale: 'xx' })).toBe('Hello');
  });
});
