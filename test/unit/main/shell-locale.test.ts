// The shell speaks the Settings language, or the system's preferred one through the fallback
// chain; a change of the setting reaches the shell (CoreBridge.onLanguage) and the menus, the
// tray and the notifications are worded again in it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { applyShellLanguage, shellLocale } from '../../../electron/main/shell-locale.ts';
import { appMenuTemplate } from '../../../electron/main/menu.ts';
import { UploadTray } from '../../../electron/main/tray.ts';
import { batchNotificationText, uploadStatusLine } from '../../../electron/main/upload-status.ts';
import { takedownNotificationText } from '../../../electron/main/notifications.ts';
import { CoreBridge } from '../../../electron/main/core-bridge.ts';
import { EventHub } from '../../../electron/core/rpc/events.ts';
import { DEFAULT_SETTINGS } from '../../../electron/core/settings/settings-store.ts';
import { EMPTY_UPLOAD_TOTALS } from '../../../shared/upload-states.ts';

afterEach(async () => {
  await applyShellLanguage('en', []);
});

const labels = (items: MenuItemConstructorOptions[]) => items.map((item) => item.label ?? item.role);

describe('the shell language', () => {
  it("follows the system's preferred languages with 'system', through the fallback chain, and the setting otherwise", async () => {
    await applyShellLanguage('system', ['pt-PT', 'en-US']);
    expect(shellLocale()).toBe('pt-BR');
    await applyShellLanguage('system', ['zh-TW', 'de-AT']);
    expect(shellLocale()).toBe('de');
    await applyShellLanguage('system', ['ja-JP']);
    expect(shellLocale()).toBe('en');
    expect(await applyShellLanguage('fr', ['de-DE'])).toBe(true);
    expect(shellLocale()).toBe('fr');
    expect(await applyShellLanguage('fr', ['de-DE'])).toBe(false);
  });

  it('words the menus, the tray and the notifications in it, numbers formatted for the locale', async () => {
    await applyShellLanguage('de', []);
    const menu = appMenuTemplate({ isMac: false, devTools: false, openLogsFolder: vi.fn(), showShortcuts: vi.fn() });
    expect(labels(menu)).toEqual(['&Datei', '&Bearbeiten', '&Ansicht', '&Fenster', '&Hilfe']);
    expect(labels(menu.at(-1)!.submenu as MenuItemConstructorOptions[])).toEqual(['Tastenkürzel', 'Protokollordner öffnen']);
    expect(uploadStatusLine({ ...EMPTY_UPLOAD_TOTALS, active: 1, waiting: 1200, bytesTotal: 10, bytesSent: 5, etaSeconds: 7500 }, false)).toBe('Vidlift: 1.201 Uploads laufen, 50\u00a0%, noch 2 Std. 5 Min.');
    expect(batchNotificationText({ done: 1, failed: 0 })).toEqual({ title: 'Uploads abgeschlossen', body: '1 Video hochgeladen' });
    expect(takedownNotificationText({ count: 5, videos: ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, title: `${id}.mp4` })) } as never)).toEqual({
      title: 'Videos wurden gesperrt',
      body: '5 Videos wurden gesperrt: a.mp4, b.mp4 und c.mp4 und 2 weitere',
    });
    await applyShellLanguage('ar', []);
    expect(batchNotificationText({ done: 2, failed: 0 }).body).toBe('رُفع فيديوهان');
  });

  it('a change of the language setting reaches the shell, and the tray is worded again once its words are loaded', async () => {
    const hub = new EventHub();
    const onLanguage = vi.fn((language) => applyShellLanguage(language, []));
    const bridge = new CoreBridge({ settings: { ...DEFAULT_SETTINGS }, uploads: { totals: EMPTY_UPLOAD_TOTALS, paused: false } }, { onLanguage });
    bridge.follow(hub);
    const tray = { setToolTip: vi.fn(), setContextMenu: vi.fn(), on: vi.fn(), destroy: vi.fn() };
    const built: MenuItemConstructorOptions[][] = [];
    const upload = new UploadTray({ tray, buildMenu: (template) => (built.push(template), {} as never), showWindow: vi.fn(), pauseAll: vi.fn(), resumeAll: vi.fn(), quit: vi.fn() });
    upload.update(EMPTY_UPLOAD_TOTALS, false);
    expect(upload.tooltip).toBe('Vidlift: no uploads running');
    hub.emit('settings:changed', { ...DEFAULT_SETTINGS, language: 'es' });
    expect(onLanguage).toHaveBeenCalledWith('es');
    expect(await onLanguage.mock.results[0]!.value).toBe(true);
    upload.relabel();
    expect(upload.tooltip).toBe('Vidlift: no hay subidas en curso');
    expect(labels(built.at(-1)!)).toContain('Mostrar Vidlift');
    // The same language again: nothing to reword.
    hub.emit('settings:changed', { ...DEFAULT_SETTINGS, language: 'es' });
    expect(onLanguage).toHaveBeenCalledTimes(1);
  });

  it('applies a language once its words are loaded, and of two choices in quick succession the later one', async () => {
    const german = applyShellLanguage('de', []);
    // Until the words are there, the shell speaks the language it spoke.
    expect(shellLocale()).toBe('en');
    const french = applyShellLanguage('fr', []);
    expect(await german).toBe(false);
    expect(await french).toBe(true);
    expect(shellLocale()).toBe('fr');
    expect(labels(appMenuTemplate({ isMac: false, devTools: false, openLogsFolder: vi.fn(), showShortcuts: vi.fn() }))[0]).toBe('&Fichier');
  });
});
