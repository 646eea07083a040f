// The window's catalogs: English is in the first script; another language's words come with its
// chunk, loaded on first use, and a message function held since before (a table's entry) words
// in that language once it is there.
import { afterAll, expect, it } from 'vitest';
import { loadCatalog, m } from '../../../../renderer/src/lib/catalog.svelte.ts';
import { overwriteGetLocale } from '../../../../shared/i18n/paraglide/runtime.js';

afterAll(() => overwriteGetLocale(() => 'en'));

it('words in English until the language arrives, then in it, through the same function', async () => {
  const held = m.settings_language_system;
  overwriteGetLocale(() => 'de');
  expect(held()).toBe('Same as the system');
  await loadCatalog('de');
  expect(held()).toBe('Wie das System');
  expect(m.settings_language_system({}, { locale: 'en' })).toBe('Same as the system');
  expect(m.settings_language_system({}, { locale: 'ar' })).toBe('Same as the system');
  await loadCatalog('ar');
  expect(m.settings_language_system({}, { locale: 'ar' })).toBe('مثل النظام');
});

it('has no message the catalogs do not have', () => {
  expect('settings_language_system' in m).toBe(true);
  expect((m as unknown as Record<string, unknown>).no_such_message).toBeUndefined();
});
