// The main process's catalog (shared/i18n/process-catalog.ts, what the main bundle and the Node
// test projects read as Paraglide's `m`): English at once, any other language once it is
// loaded, each language's module loaded only when asked for, and every language loadable.
import { describe, expect, it } from 'vitest';
import * as paraglide from '../../../../shared/i18n/paraglide/messages/_index.js';
import { m, loadLanguage } from '../../../../shared/i18n/process-catalog.ts';
import { m as shared } from '../../../../shared/i18n/index.ts';
import { LOCALES } from '../../../../shared/i18n/locales.ts';

describe('the main process catalog', () => {
  it('is the `m` the Node projects import, as in the main bundle', () => {
    expect(shared).toBe(m);
  });

  it('words in English at once; another language in English until its words are loaded, then in that language', async () => {
    expect(m.shell_menu_file({}, { locale: 'en' })).toBe('&File');
    expect(m.shell_menu_file({}, { locale: 'tr' })).toBe('&File');
    await loadLanguage('tr');
    expect(m.shell_menu_file({}, { locale: 'tr' })).toBe(paraglide.shell_menu_file({}, { locale: 'tr' }));
    expect(m.shell_menu_file({}, { locale: 'tr' })).not.toBe('&File');
  });

  it('loads a language once, however many ask at the same time', async () => {
    const [a, b] = [loadLanguage('id'), loadLanguage('id')];
    expect(a).toBe(b);
    await a;
  });

  it('words every language as Paraglide does, params and plurals included, once loaded', async () => {
    for (const locale of LOCALES) {
      await loadLanguage(locale);
      expect(m.cli_sync_done({ count: 5, countText: '5' }, { locale }), locale).toBe(paraglide.cli_sync_done({ count: 5, countText: '5' }, { locale }));
      expect(m.code_upload_folder_locked({ name: 'a.mp4' }, { locale }), locale).toBe(paraglide.code_upload_folder_locked({ name: 'a.mp4' }, { locale }));
    }
  });

  it('keeps one function per message (tables hold them) and knows only the catalog’s keys', () => {
    expect(m.shell_menu_file).toBe(m.shell_menu_file);
    expect('shell_menu_file' in m).toBe(true);
    expect('no_such_message' in m).toBe(false);
    expect((m as unknown as Record<string, unknown>).no_such_message).toBeUndefined();
  });
});
