// Shared set-up of the boot suite: a fresh profile folder, the Electron double installed,
// the real startShell (source) started against it with the built renderer and preload in
// out/, and what the person would see: the window's loaded document, and the answers the
// window gets over IPC from its main frame.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createElectronDouble, type BrowserWindowDouble, type ElectronDouble, type ElectronDoubleOptions } from '../doubles/electron.ts';
import { installElectronDouble } from '../doubles/register-electron.ts';
import { isAccountMethod, type MethodName, type MethodOutput } from '../../shared/contract.ts';
import type { Envelope } from '../../shared/errors.ts';
import type { UploadJob } from '../../shared/model.ts';
import { startHost, type Host, type HostOptions } from '../host/index.ts';
import { shownKey } from '../support/shown-account.ts';

export const REPO_ROOT = resolve(import.meta.dirname, '..', '..');
/** The built main bundle's folder: startShell finds out/preload and out/renderer beside it. */
export const BUILT_MAIN_DIR = join(REPO_ROOT, 'out', 'main');

/** A profile folder (userData) removed after the test. */
export function newProfile(cleanups: Array<() => Promise<void> | void>): string {
  const dir = mkdtempSync(join(tmpdir(), 'vidlift-boot-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Polls `check` until it answers something truthy; bounded, so a stuck scenario fails with `what`. */
export async function waitFor<T>(what: string, check: () => T | Promise<T>, { tries = 600, everyMs = 50 } = {}): Promise<NonNullable<T>> {
  for (let i = 0; i < tries; i++) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`timed out waiting for: ${what}`);
}

export interface Booted {
  double: ElectronDouble;
  userData: string;
  /** The window the shell opened (the double's record of it). */
  window: () => BrowserWindowDouble;
  /** ipcRenderer.invoke from the window's main frame: the envelope the renderer gets. */
  call<M extends MethodName>(method: M, input?: unknown): Promise<Envelope<MethodOutput<M>>>;
  /** The data of a successful call (throws with the error otherwise). */
  data<M extends MethodName>(method: M, input?: unknown): Promise<MethodOutput<M>>;
  /** Events the shell sent to the window, by channel. */
  sent(channel: string): unknown[];
  /** app.quit() as the menu does; resolves once will-quit let the app go (the core is closed). */
  quit(): Promise<void>;
}

/** Starts the real shell (electron/main/start.ts) on a fresh double, as the app does after 'ready'. */
export async function bootSource(options: Partial<ElectronDoubleOptions> & { userData: string; inbox?: string[] }): Promise<Booted> {
  const double = installElectronDouble(createElectronDouble({ appPath: REPO_ROOT, ...options }));
  const { startShell } = await import('../../electron/main/start.ts');
  const { OpenedFilesInbox } = await import('../../electron/main/single-instance.ts');
  const inbox = new OpenedFilesInbox();
  inbox.add(options.inbox ?? []);
  double.ready();
  await startShell({ inbox, devServerUrl: undefined, mainDir: BUILT_MAIN_DIR });
  return booted(double, options.userData);
}

/** The view of a started shell on `double` (also used after importing electron/main/index.ts). */
export async function booted(double: ElectronDouble, userData: string): Promise<Booted> {
  const window = (): BrowserWindowDouble => {
    const open = double.windows.filter((w) => !w.destroyed);
    const last = open.at(-1) ?? double.windows.at(-1);
    if (!last) throw new Error('the shell opened no window');
    return last;
  };
  await waitFor('the window to load its document', () => double.windows.length > 0 && window().webContents.loaded !== null && !window().webContents.loading);
  // As the window does (renderer/src/lib/api.ts): an account-scoped call names the account shown.
  const shownAccount = async (): Promise<string | null> => {
    const view = (await double.ipcMain.invoke('accounts:list', undefined, window().webContents.mainFrame)) as Envelope<{ activeId: string | null }>;
    return view.ok ? view.data.activeId : null;
  };
  const call = (async (method: MethodName, input?: unknown) =>
    double.ipcMain.invoke(method, input, window().webContents.mainFrame, isAccountMethod(method) ? await shownAccount() : undefined)) as Booted['call'];
  const data = (async (method: MethodName, input?: unknown) => {
    const reply = (await call(method, input)) as Envelope<unknown>;
    if (!reply.ok) throw new Error(`${method} failed: ${reply.error.code}: ${reply.error.message}`);
    return reply.data;
  }) as Booted['data'];
  return {
    double,
    userData,
    window,
    call,
    data,
    sent: (channel) => double.windows.flatMap((w) => w.webContents.sent.filter((s) => s.channel === channel).map((s) => s.payload)),
    quit: async () => {
      double.app.quit();
      await waitFor('the app to quit after closing the core', () => double.app.state === 'quit');
    },
  };
}

/** A sandbox host on loopback, closed after the test. */
export async function newHost(cleanups: Array<() => Promise<void> | void>, options: HostOptions = {}): Promise<Host> {
  const host = await startHost({ seed: 'demo', ...options });
  cleanups.push(() => host.close());
  return host;
}

/**
 * What the welcome screen does with an address and a key: accounts:add from the window. The
 * key goes to the keychain (the real Secret Service under test/support/with-keyring.sh) or,
 * where the double's safeStorage backend is a real one, to the encrypted fallback file.
 */
export async function signIn(shell: Booted, host: Host): Promise<void> {
  const view = await shell.data('accounts:add', { baseUrl: host.baseUrl, key: host.apiKey });
  if (!shownKey(view).hasKey) throw new Error(`the key was not kept: ${JSON.stringify(view.storage)}`);
}

/** Where a keychain may be missing (no D-Bus here), the key can still be kept by the double's safeStorage. */
export const KEY_STORAGE: Partial<ElectronDoubleOptions> = { safeStorageBackend: 'gnome_libsecret' };

/** The first bytes of an ISO MP4 (ftyp box), so the core's content sniffing accepts the file. */
const MP4_HEAD = Buffer.from('000000206674797069736f6d0000020069736f6d69736f32617663316d703431', 'hex');

/** A file that looks like an MP4 to the core, made in the test. */
export function writeVideo(dir: string, name: string, size: number): string {
  const path = join(dir, name);
  writeFileSync(path, Buffer.concat([MP4_HEAD, randomBytes(Math.max(0, size - MP4_HEAD.length))]).subarray(0, size));
  return path;
}

/** What "Add videos" does: the native open dialog (the person picks `paths`), then uploads:add in the root folder. */
export async function addVideos(shell: Booted, paths: string[]): Promise<void> {
  shell.double.dialog.openDialogAnswers.push({ canceled: false, filePaths: paths });
  const picked = await shell.data('dialog:openFiles', { kind: 'videos' });
  const result = await shell.data('uploads:add', { paths: picked.paths, folderId: 0 });
  if (result.added.length !== paths.length) throw new Error(`not queued: ${JSON.stringify(result.skipped)}`);
}

export async function jobs(shell: Booted): Promise<UploadJob[]> {
  return (await shell.data('uploads:list')).jobs;
}
