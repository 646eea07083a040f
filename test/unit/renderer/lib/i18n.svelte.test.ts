import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { flushSync } from 'svelte';
import { applyDocumentLocale, intlLocale, m, windowLocale } from '../../../../renderer/src/lib/i18n.svelte.ts';
import { formatBytes, formatCountdown, formatDuration } from '../../../../renderer/src/lib/format.ts';
import { loadCatalog } from '../../../../renderer/src/lib/catalog.svelte.ts';
import { LOCALES } from '../../../../shared/i18n/locales.ts';

afterEach(() => {
  windowLocale.choice = 'system';
  windowLocale.preferred = ['en-US'];
  flushSync();
});

// The window loads a language's catalog on first use (catalog.svelte.ts); these switch at once.
beforeAll(() => Promise.all(LOCALES.map(loadCatalog)));

describe('the language of the window (issue 30)', () => {
  it('re-runs every m.key() read in an effect when the language changes, without a reload', () => {
    windowLocale.preferred = ['en-US'];
    const seen: string[] = [];
    const stop = $effect.root(() => {
      $effect(() => {
        seen.push(m.settings_title());
      });
    });
    flushSync();
    windowLocale.choice = 'de';
    flushSync();
    // Back to the system's, which prefers European Portuguese: the Brazilian catalog answers.
    windowLocale.preferred = ['pt-PT', 'en'];
    windowLocale.choice = 'system';
    flushSync();
    stop();
    expect(seen).toEqual(['Settings', 'Einstellungen', 'Configurações']);
  });

  it('formats numbers in the system tag of the language spoken, and the pseudo-locale as English', () => {
    windowLocale.preferred = ['pt-PT'];
    expect(intlLocale()).toBe('pt-PT');
    windowLocale.choice = 'de';
    expect(intlLocale()).toBe('de');
    windowLocale.choice = 'en-XA';
    expect(intlLocale()).toBe('en');
  });

  it('words sizes and durations in the locale in force; English as it always read', () => {
    windowLocale.choice = 'en';
    expect([formatBytes(1536), formatBytes(1), formatDuration(125), formatDuration(3 * 86400), formatCountdown(20_000, 0)]).toEqual(['1.5 KB', '1 byte', '2 min 5 s', '3 days', 'in 20 s']);
    windowLocale.choice = 'fr';
    expect([formatBytes(1536), formatDuration(125), formatCountdown(20_000, 0)]).toEqual(['1,5 Ko', '2 min 5 s', 'dans 20 s']);
    windowLocale.choice = 'ru';
    expect([formatDuration(2 * 86400 + 3600 * 24), formatDuration(5 * 86400)]).toEqual(['3 дня', '5 дней']);
  });

  it('sets <html lang dir> from the language table', () => {
    applyDocumentLocale('ar');
    expect([document.documentElement.lang, document.documentElement.dir]).toEqual(['ar', 'rtl']);
    applyDocumentLocale('de');
    expect([document.documentElement.lang, document.documentElement.dir]).toEqual(['de', 'ltr']);
  });
});
