// Every language says every message English says, no more, and with the same params; the
// language table and the inlang project agree. A language that lacks a message would fall back
// to English silently at run time, so only this test can see it.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BASE_LOCALE, LOCALES, PSEUDO_LOCALE, matchLocale, resolveLocale } from '../../../../shared/i18n/locales.ts';

const root = resolve(import.meta.dirname, '../../../..');
const messagesDir = join(root, 'shared/i18n/messages');
type Catalog = Record<string, unknown>;

function catalog(locale: string, area: string): Catalog {
  const parsed = JSON.parse(readFileSync(join(messagesDir, locale, area), 'utf8')) as Catalog;
  delete parsed.$schema;
  return parsed;
}

/** The names a message reads: `{name}` in its texts and `input name` in its declarations. */
function paramsOf(value: unknown): string[] {
  const names = new Set<string>();
  const scan = (text: string): void => {
    for (const match of text.replaceAll(/\\[{}]/g, '').matchAll(/\{\s*([A-Za-z_][\w]*)\s*\}/g)) names.add(match[1]!);
  };
  const locals = new Set<string>();
  if (typeof value === 'string') scan(value);
  else if (Array.isArray(value)) {
    for (const variant of value as { declarations?: string[]; match?: Record<string, string> }[]) {
      for (const declaration of variant.declarations ?? []) {
        const input = /^input\s+(\w+)/.exec(declaration);
        if (input) names.add(input[1]!);
        const local = /^local\s+(\w+)/.exec(declaration);
        if (local) locals.add(local[1]!);
      }
      for (const text of Object.values(variant.match ?? {})) scan(text);
    }
  }
  return [...names].filter((name) => !locals.has(name)).sort();
}

const areas = readdirSync(join(messagesDir, BASE_LOCALE)).filter((file) => file.endsWith('.json')).sort();
const translated = LOCALES.filter((locale) => locale !== BASE_LOCALE && locale !== PSEUDO_LOCALE);

describe('catalogs', () => {
  it('the language table is the inlang project\'s list of locales', () => {
    const settings = JSON.parse(readFileSync(join(root, 'project.inlang/settings.json'), 'utf8')) as { locales: string[]; baseLocale: string };
    expect(settings.locales).toEqual([...LOCALES]);
    expect(settings.baseLocale).toBe(BASE_LOCALE);
  });

  it('no message key is used by two areas', () => {
    const seen = new Map<string, string>();
    for (const area of areas) {
      for (const key of Object.keys(catalog(BASE_LOCALE, area))) {
        expect(seen.get(key), `${key} is in ${area} and ${seen.get(key)}`).toBeUndefined();
        seen.set(key, area);
      }
    }
  });

  for (const locale of translated) {
    for (const area of areas) {
      it(`${locale}/${area} has exactly English's messages, with the same params`, () => {
        const english = catalog(BASE_LOCALE, area);
        const other = catalog(locale, area);
        expect(Object.keys(other).filter((key) => !(key in english)), 'messages English does not have').toEqual([]);
        expect(Object.keys(english).filter((key) => !(key in other)), 'messages missing').toEqual([]);
        for (const key of Object.keys(english)) {
          expect(paramsOf(other[key]), `params of ${key}`).toEqual(paramsOf(english[key]));
          expect(JSON.stringify(other[key]).length, `${key} is empty`).toBeGreaterThan(2);
        }
      });
    }
  }

  // A plural picks its variant by Intl.PluralRules' category for the number: a category with no
  // variant and no catch-all (`*`) matches nothing, and Paraglide then shows the message's key
  // (French says "many" for 1,000,000: a 1M library read "library_count_videos").
  for (const locale of [BASE_LOCALE, ...translated]) {
    it(`${locale}: every plural has a variant for each of the language's plural categories`, () => {
      const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      const uncovered: string[] = [];
      for (const area of areas) {
        for (const [key, value] of Object.entries(catalog(locale, area))) {
          if (!Array.isArray(value)) continue;
          for (const variant of value as { declarations?: string[]; selectors?: string[]; match?: Record<string, string> }[]) {
            const plurals = (variant.declarations ?? []).map((line) => /^local\s+(\w+)\s*=\s*\w+\s*:\s*plural\b/.exec(line)?.[1]).filter(Boolean);
            for (const selector of (variant.selectors ?? []).filter((name) => plurals.includes(name))) {
              const values = Object.keys(variant.match ?? {}).flatMap((match) => match.split(/,\s*/).filter((part) => part.startsWith(`${selector}=`)).map((part) => part.slice(selector.length + 1)));
              if (values.includes('*')) continue;
              for (const category of categories) if (!values.includes(category)) uncovered.push(`${area} ${key}: ${category}`);
            }
          }
        }
      }
      expect(uncovered, 'plural categories with no variant (add it, or make the last variant `*`)').toEqual([]);
    });
  }
});

describe('choosing a language', () => {
  it('follows the first preferred language it speaks, by region or by language', () => {
    expect(resolveLocale(['pt-PT', 'en-US'])).toBe('pt-BR');
    expect(resolveLocale(['de-AT'])).toBe('de');
    expect(resolveLocale(['zh-Hans-CN'])).toBe('zh-CN');
    expect(resolveLocale(['zh-TW', 'fr-CA'])).toBe('fr');
    expect(resolveLocale(['nl-NL', 'tr-TR'])).toBe('tr');
    expect(resolveLocale(['nl-NL'])).toBe('en');
    expect(resolveLocale([])).toBe('en');
  });

  it('reads POSIX locale names as the CLI gets them from LANG', () => {
    expect(matchLocale('pt_BR.UTF-8')).toBe('pt-BR');
    expect(matchLocale('de_DE@euro')).toBe('de');
    expect(matchLocale('C.UTF-8')).toBeNull();
    expect(matchLocale('POSIX')).toBeNull();
  });

  it('a choice in Settings wins over the system, and the pseudo-locale is never chosen by the system', () => {
    expect(resolveLocale(['de-DE'], 'ar')).toBe('ar');
    expect(resolveLocale(['en-XA'])).toBe('en');
  });
});
