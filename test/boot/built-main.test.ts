// The BUILT out/main/index.js (what electron-builder packs), under Node on the Electron
// double: once in a process of its own (fresh profile; no Secret Service at all), once in
// this process to hand it a second launch's files. And the source index.ts for the two
// ways the app ends at once: another instance holds the lock, or the shell cannot start.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { createElectronDouble } from '../doubles/electron.ts';
import { installElectronDouble } from '../doubles/register-electron.ts';
import { EventDouble } from '../doubles/electron.ts';
import { sayInEnglish } from '../../shared/i18n/say.ts';
import type { Said } from '../../shared/said.ts';
import { booted, jobs, KEY_STORAGE, newHost, newProfile, REPO_ROOT, signIn, waitFor, writeVideo } from './support.ts';

const run = promisify(execFile);
const BUILT_INDEX = join(REPO_ROOT, 'out', 'main', 'index.js');

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function runBuilt(userData: string, env: NodeJS.ProcessEnv = process.env, options: { preferredSystemLanguages?: string[] } = {}): Promise<Record<string, unknown>> {
  const { stdout } = await run(process.execPath, ['--import', './test/doubles/register-electron.ts', 'test/boot/built-child.ts', JSON.stringify({ userData, ...options })], {
    cwd: REPO_ROOT,
    env,
    timeout: 60_000,
  });
  const line = stdout.split('\n').find((l) => l.startsWith('BOOT-REPORT '));
  if (!line) throw new Error(`the built app printed no report:\n${stdout}`);
  return JSON.parse(line.slice('BOOT-REPORT '.length)) as Record<string, unknown>;
}

describe('the built out/main/index.js', () => {
  it('exists (npm run test:boot builds it first)', () => {
    expect(existsSync(BUILT_INDEX)).toBe(true);
  });

  it('starts on a fresh profile in a process of its own: scheme, lock and sandbox before ready, then the window, then the core', async () => {
    const report = await runBuilt(newProfile(cleanups));
    expect(report.order).toEqual([
      'protocol.registerSchemesAsPrivileged',
      'app.requestSingleInstanceLock',
      'app.enableSandbox',
      // app:// for the window's document, then the window (issue 33: it loads while the core starts)…
      'protocol.handle',
      'new BrowserWindow',
      // …and the media scheme once the core that lends the files is there.
      'protocol.handle',
    ]);
    expect(report.loaded).toMatchObject({ status: 200, csp: expect.stringContaining("default-src 'self'") });
    expect(report.visible).toBe(true);
    expect(report.accounts).toMatchObject({ ok: true, data: { accounts: [], activeId: null } });
    expect(report.uploads).toMatchObject({ ok: true, data: { jobs: [] } });
    expect(report.notices).toEqual({ ok: true, data: [] });
    expect(report.exits).toEqual([]);
    expect(report.unimplemented).toEqual([]);
  });

  it("speaks the system's language in its menus and tray, that language's words loaded on demand (its start loads English alone)", async () => {
    const report = await runBuilt(newProfile(cleanups), process.env, { preferredSystemLanguages: ['de-DE', 'en-US'] });
    expect(report.menu).toEqual(['&Datei', '&Bearbeiten', '&Ansicht', '&Fenster', '&Hilfe']);
    expect(report.tray).toBe('Vidlift: keine laufenden Uploads');
    const english = await runBuilt(newProfile(cleanups));
    expect(english.menu).toEqual(['&File', '&Edit', '&View', '&Window', '&Help']);
  });

  it('says the keychain is missing when there is no Secret Service at all, and keeps the window', async () => {
    const userData = newProfile(cleanups);
    writeFileSync(join(userData, 'settings.json'), JSON.stringify({ baseUrl: 'https://videos.example' }));
    const report = await runBuilt(userData, { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/vidlift-bus', VIDLIFT_KEYCHAIN_TESTS: '' });
    expect(report.loaded).toMatchObject({ status: 200 });
    expect(report.accounts).toMatchObject({ ok: true, data: { accounts: [], activeId: null, storage: { available: false } } });
    expect(report.notices).toMatchObject({ ok: true, data: [{ id: 'keychain-unavailable', severity: 'error' }] });
    // The notice is said codes; its English (what an English system shows) names the Secret Service.
    const [notice] = (report.notices as { data: Array<{ detail: Said[] }> }).data;
    expect(notice!.detail[0]).toMatchObject({ code: 'keychain_none_linux' });
    expect(notice!.detail.map((part) => sayInEnglish(part)).join(' ')).toContain('Secret Service');
    expect(report.exits).toEqual([]);
  });

  it("queues a second launch's video files in the first instance and shows Uploads", async () => {
    const host = await newHost(cleanups);
    const userData = newProfile(cleanups);
    const double = installElectronDouble(createElectronDouble({ appPath: REPO_ROOT, userData, ...KEY_STORAGE }));
    const argv = process.argv;
    process.argv = [process.execPath, REPO_ROOT];
    vi.resetModules();
    await import(pathToFileURL(BUILT_INDEX).href);
    process.argv = argv;
    double.ready();
    const shell = await booted(double, userData);
    cleanups.push(() => shell.quit());
    await signIn(shell, host);

    const video = writeVideo(userData, 'from the file manager.mp4', 48 * 1024);
    shell.window().hide();
    double.app.emit('second-instance', new EventDouble(), ['/opt/Vidlift/vidlift', video], '/home/someone', { paths: [video] });
    await waitFor('the file to be queued', async () => (await jobs(shell)).some((job) => job.path === video));
    expect(shell.window().visible).toBe(true);
    await waitFor('the Uploads screen', () => shell.sent('app:navigate').length > 0);
    expect(shell.sent('app:navigate')).toEqual([{ to: 'uploads' }]);
    expect(double.windows.filter((w) => !w.destroyed)).toHaveLength(1);
  });
});

describe('electron/main/index.ts', () => {
  it('hands its files to the running instance and quits when another Vidlift holds the lock', async () => {
    const userData = newProfile(cleanups);
    const video = writeVideo(userData, 'clip.mp4', 1024);
    const double = installElectronDouble(createElectronDouble({ appPath: REPO_ROOT, userData, singleInstanceLock: false }));
    const argv = process.argv;
    process.argv = [process.execPath, REPO_ROOT, '--some-switch', video];
    vi.resetModules();
    await import('../../electron/main/index.ts');
    process.argv = argv;
    expect(double.callsTo('app.requestSingleInstanceLock').map((c) => c.args[0])).toEqual([{ paths: [video] }]);
    expect(double.callsTo('app.quit')).toHaveLength(1);
    expect(double.callsTo('app.whenReady')).toEqual([]);
    expect(double.windows).toEqual([]);
  });

  it('says why in an error box and exits when the shell cannot start (app:// cannot be served)', async () => {
    const userData = newProfile(cleanups);
    const double = installElectronDouble(createElectronDouble({ appPath: REPO_ROOT, userData, failOn: 'protocol.handle' }));
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    cleanups.push(() => quiet.mockRestore());
    vi.resetModules();
    await import('../../electron/main/index.ts');
    double.ready();
    await waitFor('the app to exit', () => double.app.state === 'exited');
    expect(double.app.exitCode).toBe(1);
    expect(double.dialog.errorBoxes).toEqual([{ title: 'Vidlift could not start', content: expect.stringContaining('protocol.handle failed') }]);
    expect(double.windows).toEqual([]);
  });
});
