// A fresh install: no settings, no key, no library. The window must open on the welcome
// screen with nothing to report, and the app must stay up (it used to exit with code 1).
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { APP_ENTRY_URL } from '../../electron/main/origins.ts';
import { bootSource, newProfile, waitFor } from './support.ts';
import { shownKey } from '../support/shown-account.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('fresh profile, no key', () => {
  it('opens the window on the welcome screen with an empty uploads view, and keeps running', async () => {
    const userData = newProfile(cleanups);
    const shell = await bootSource({ userData });
    const { double } = shell;

    // The window loaded the renderer from app:// and showed once ready.
    const win = shell.window();
    expect(double.callsTo(`BrowserWindow#${win.id}.loadURL`).map((c) => c.args[0])).toEqual([APP_ENTRY_URL]);
    expect(win.webContents.loaded).toMatchObject({ status: 200 });
    expect(win.webContents.loaded?.body).toContain('<div id="app">');
    expect(win.visible).toBe(true);
    expect(win.options.webPreferences).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false });
    expect(existsSync(String(win.options.webPreferences?.preload))).toBe(true);

    // What the welcome screen asks for: no key, nothing queued, nothing went wrong.
    expect(shownKey(await shell.data('accounts:list'))).toMatchObject({ hasKey: false, baseUrl: null });
    expect(await shell.data('uploads:list')).toMatchObject({ jobs: [], paused: false, totals: { active: 0, waiting: 0 } });
    expect(await shell.data('app:notices')).toEqual([]);
    expect(await shell.data('app:info')).toMatchObject({ name: 'Vidlift', packaged: false, sandboxAvailable: true });

    // The rest of the shell is in place and the app did not exit.
    expect(double.callsTo('Menu.setApplicationMenu')).toHaveLength(1);
    expect(double.trays[0]?.tooltip).toBe('Vidlift: no uploads running');
    expect(double.callsTo('protocol.handle').map((c) => c.args[0])).toEqual(['app', 'vidlift-media']);
    expect(double.callsTo('app.exit')).toEqual([]);
    expect(double.app.state).toBe('running');

    await shell.quit();
    expect(double.trays[0]?.destroyed).toBe(true);
    expect(double.unimplemented).toEqual([]);
  });

  it('quits when the window is closed with nothing uploading (Linux and Windows), closing the core first', async () => {
    const shell = await bootSource({ userData: newProfile(cleanups) });
    const { double } = shell;
    expect(shell.window().close()).toBe(true);
    await waitFor('the app to quit', () => double.app.state === 'quit');
    expect(double.dialog.shown).toEqual([]);
    // will-quit was held once until the core had closed, then let through.
    expect(double.callsTo('app.quit').length).toBeGreaterThanOrEqual(2);
    // A dock click (activate) after that would open a new window: the shell never reuses a destroyed one.
    double.app.emit('activate');
    expect(double.windows.filter((w) => !w.destroyed)).toHaveLength(1);
  });
});
