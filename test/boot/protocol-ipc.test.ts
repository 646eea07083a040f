// What the window's network stack and IPC see: app:// serves the built renderer with the
// CSP on every reply and nothing outside out/renderer; only the window's main frame on
// app://vidlift may call the contract.
import { afterEach, describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { REFUSED } from '../../electron/main/ipc.ts';
import { bootSource, BUILT_MAIN_DIR, newProfile, waitFor, writeVideo, type Booted } from './support.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function boot(): Promise<Booted> {
  const shell = await bootSource({ userData: newProfile(cleanups) });
  cleanups.push(() => shell.quit());
  return shell;
}

describe('app:// requests', () => {
  it('serves the index and an asset, refuses a missing file and a traversal, each with the CSP header', async () => {
    const shell = await boot();
    const fetchApp = (url: string) => shell.double.protocol.fetch(url);
    const script = readdirSync(join(BUILT_MAIN_DIR, '..', 'renderer', 'assets')).find((name) => name.endsWith('.js'));
    expect(script).toBeDefined();

    const index = await fetchApp('app://vidlift/');
    const asset = await fetchApp(`app://vidlift/assets/${script}`);
    const missing = await fetchApp('app://vidlift/assets/nothing-here.js');
    const traversal = await fetchApp('app://vidlift/..%2f..%2fpackage.json');
    const otherHost = await fetchApp('app://elsewhere/index.html');

    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await index.text()).toContain('<div id="app">');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(missing.status).toBe(404);
    expect(traversal.status).toBe(403);
    expect(await traversal.text()).toBe('');
    expect(otherHost.status).toBe(404);
    for (const reply of [index, asset, missing, traversal, otherHost]) {
      expect(reply.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(reply.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
    }
    // The document the window loaded carried the same header.
    expect(shell.window().webContents.loaded?.headers.get('content-security-policy')).toBe(index.headers.get('content-security-policy'));
  });
});

describe('vidlift-media requests', () => {
  it('serves a picked video by its token with ranges and CORS for the window, and nothing else', async () => {
    const shell = await boot();
    const video = writeVideo(shell.userData, 'frames.mp4', 4096);
    const other = writeVideo(shell.userData, 'never-picked.mp4', 4096);
    shell.double.dialog.openDialogAnswers.push({ canceled: false, filePaths: [video] });
    await shell.data('dialog:openFiles', { kind: 'videos' });

    const { url } = await shell.data('media:open', { path: video });
    expect(url).toMatch(/^vidlift-media:\/\/local\/[\w-]+$/);
    expect(url).not.toContain('frames');
    const part = await shell.double.protocol.fetch(url, { headers: { Range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    expect(part.headers.get('access-control-allow-origin')).toBe('app://vidlift');

    const unknown = await shell.double.protocol.fetch('vidlift-media://local/not-a-token');
    expect(unknown.status).toBe(404);
    expect(await shell.call('media:open', { path: other })).toMatchObject({ ok: false });
    expect(await shell.data('media:release', { url })).toEqual({ ok: true });
    expect((await shell.double.protocol.fetch(url)).status).toBe(404);
  });
});

describe('IPC sender check', () => {
  it("answers the window's main frame, and refuses a foreign origin, a subframe and a frame of no window", async () => {
    const shell = await boot();
    const { double } = shell;
    const main = shell.window().webContents.mainFrame;

    expect(await shell.call('accounts:list')).toMatchObject({ ok: true, data: { accounts: [], activeId: null } });
    expect(await shell.call('clipboard:writeText', { text: 'https://videos.example/e/abc' })).toEqual({ ok: true, data: { ok: true } });
    expect(double.clipboard.text).toBe('https://videos.example/e/abc');
    // Unpackaged: the shell's updater is off and says why; a check does not reach any feed.
    const off = { state: 'off', said: { code: 'update_off_unpackaged', params: {} }, canRestart: false };
    expect(await shell.call('updates:status')).toMatchObject({ ok: true, data: off });
    expect(await shell.call('updates:check')).toMatchObject({ ok: true, data: off });
    expect(await shell.call('updates:restart', { now: true })).toMatchObject({ ok: false, error: { code: 'validation' } });

    const foreign = { ...main, url: 'https://evil.example/page' };
    const subframe = { ...main, parent: main as never };
    const stranger = double.frame({ url: 'app://vidlift/index.html' });
    for (const frame of [foreign, subframe, stranger, null]) {
      expect(await double.ipcMain.invoke('accounts:list', undefined, frame)).toEqual(REFUSED);
    }
    // A refused file grant or drop does not grant: the path stays unreadable for uploads:add.
    double.ipcMain.send('files:grant', '/etc/passwd', foreign);
    expect(await double.ipcMain.invoke('files:drop', { paths: ['/etc/passwd'], folderId: 0 }, foreign)).toEqual(REFUSED);
    expect(await shell.call('uploads:add', { paths: ['/etc/passwd'], folderId: 0 })).toMatchObject({ ok: false });
    // Bad input from the right frame is a clear validation error, not a crash.
    expect(await shell.call('accounts:add', { baseUrl: 'not a url', key: 'k' })).toMatchObject({ ok: false, error: { code: 'validation' } });
  });

  it('keeps navigation and new windows inside the app and denies every permission', async () => {
    const shell = await boot();
    const { double } = shell;
    const contents = shell.window().webContents;
    // Not the service's host: the person is asked first (issue 18 item 8), and says open.
    double.dialog.messageBoxAnswers.push(0);
    expect(contents.tryNavigate('https://example.com/')).toBe(true);
    await waitFor('the link opened after the question', () => double.callsTo('shell.openExternal').length === 1);
    expect(double.dialog.shown.at(-1)?.message).toBe('Open https://example.com in your browser?');
    expect(double.callsTo('shell.openExternal').map((c) => c.args[0])).toEqual(['https://example.com/']);
    expect(contents.tryNavigate('file:///etc/passwd')).toBe(true);
    expect(contents.tryNavigate('app://vidlift/index.html')).toBe(false);
    expect(contents.windowOpenHandler?.({ url: 'javascript:alert(1)' } as never)).toEqual({ action: 'deny' });
    expect(double.callsTo('shell.openExternal')).toHaveLength(1);

    const session = double.session.defaultSession;
    let granted: boolean | null = null;
    session.permissionRequest?.({} as never, 'media', (answer) => (granted = answer), {} as never);
    expect(granted).toBe(false);
    expect(session.permissionCheck?.(null, 'clipboard-read', '', {} as never)).toBe(false);
  });
});
