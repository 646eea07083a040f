// The shell speaks the system's language (issue 30): with German preferred, the application
// menu, the tray and the notification at the end of a batch are German; changing the language
// setting rewords the menu and the tray at once, without a restart.
import { afterEach, describe, expect, it } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { addVideos, bootSource, KEY_STORAGE, newHost, newProfile, signIn, waitFor } from './support.ts';
import { writeVideo } from './support.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const labels = (items: readonly MenuItemConstructorOptions[] | undefined) => (items ?? []).map((item) => item.label ?? item.type);

describe('the shell in the system language', () => {
  it('shows the menus, the tray and a notification in German, and follows a change of the setting live', async () => {
    const userData = newProfile(cleanups);
    const host = await newHost(cleanups);
    const shell = await bootSource({ userData, ...KEY_STORAGE, preferredSystemLanguages: ['de-DE', 'en-US'] });
    cleanups.push(() => shell.quit());
    const { double } = shell;

    const menu = double.applicationMenu?.items ?? [];
    expect(labels(menu)).toEqual(['&Datei', '&Bearbeiten', '&Ansicht', '&Fenster', '&Hilfe']);
    expect(labels(menu.find((item) => item.label === '&Hilfe')?.submenu as MenuItemConstructorOptions[])).toEqual(['Tastenkürzel', 'Protokollordner öffnen']);
    const tray = double.trays[0]!;
    expect(tray.tooltip).toBe('Vidlift: keine laufenden Uploads');
    expect(labels(tray.contextMenu?.items)).toEqual(['Vidlift anzeigen', 'separator', 'Alle Uploads pausieren', 'separator', 'Vidlift beenden']);

    await signIn(shell, host);
    await addVideos(shell, [writeVideo(userData, 'a.mp4', 64 * 1024), writeVideo(userData, 'b.mp4', 80 * 1024)]);
    const notification = await waitFor('the batch notification', () => double.notifications[0]);
    expect(notification.options).toMatchObject({ title: 'Uploads abgeschlossen', body: '2 Videos hochgeladen' });

    // The setting wins over the system, at once.
    await shell.data('settings:set', { language: 'pt-BR' });
    await waitFor('the menu in Portuguese', () => double.applicationMenu?.items[0]?.label === '&Arquivo');
    expect(labels(double.applicationMenu?.items)).toEqual(['&Arquivo', '&Editar', 'E&xibir', '&Janela', 'A&juda']);
    // The batch's notification can come before the queue's last totals (two events): the tray
    // follows those, in the new language.
    await waitFor('the tray idle, in Portuguese', () => tray.tooltip === 'Vidlift: nenhum envio em andamento', { tries: 200 });
    expect(labels(tray.contextMenu?.items)[0]).toBe('Mostrar o Vidlift');
    // Back to the system's language.
    await shell.data('settings:set', { language: 'system' });
    await waitFor('the menu in German again', () => double.applicationMenu?.items[0]?.label === '&Datei');
    expect(double.unimplemented).toEqual([]);
  });
});
