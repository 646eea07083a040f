// The startup bench's main process: the BUILT out/main/index.js on the Electron double, in a
// process of its own (as test/boot/built-child.ts runs it). Orders come as one JSON line on
// stdin (the key never goes on a command line); figures go out as one JSON line.
// - prep: adds the sandbox account, waits until its library holds every video, adds the watch
//   folders through the folder dialog, pauses the queue, and quits (not timed);
// - ready: from the import of the main bundle to the answers of the window's first IPC calls
//   (app:info, accounts:list and settings:get, made together as App.svelte makes them);
// - idle: the window hidden, after a settling time: every callback the event loop runs,
//   counted by kind with async_hooks (promise reactions excepted: they run inside a callback
//   already counted), and the RSS before and after.
//   node --import ./test/doubles/register-electron.ts test/bench/support/startup-child.ts
import { createHook } from 'node:async_hooks';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { createElectronDouble } from '../../doubles/electron.ts';
import { installElectronDouble } from '../../doubles/register-electron.ts';
import { booted, REPO_ROOT, waitFor } from '../../boot/support.ts';

export interface StartupOrders {
  mode: 'prep' | 'ready' | 'idle';
  userData: string;
  baseUrl?: string;
  apiKey?: string;
  videos?: number;
  watchDirs?: string[];
  settleSeconds?: number;
  idleSeconds?: number;
}

export interface StartupChildFigures {
  readyMs?: number;
  /** The process's CPU time (user + system) over readyMs: what the start costs, whatever the load. */
  readyCpuMs?: number;
  /** Within readyMs: the main bundle imported, and the window created. */
  importedMs?: number;
  windowMs?: number;
  wakeups?: Record<string, number>;
  rssStart?: number;
  rssEnd?: number;
  /** RSS over the idle window, read from /proc by the parent every RSS_SAMPLE_MS (runChild). */
  rssSamples?: { seconds: number; bytes: number }[];
}

/** The window's first calls (renderer/src/App.svelte's onMount): what its first screen waits for. */
const FIRST_CALLS = ['app:info', 'accounts:list', 'settings:get'] as const;

// Counted from the first line on, so a timer set while the main bundle loads is known by kind.
const kinds = new Map<number, string>();
const wakeups: Record<string, number> = {};
let counting = false;
const hook = createHook({
  init(asyncId, type) {
    if (type !== 'PROMISE') kinds.set(asyncId, type);
  },
  before(asyncId) {
    if (!counting) return;
    const kind = kinds.get(asyncId);
    if (kind !== undefined) wakeups[kind] = (wakeups[kind] ?? 0) + 1;
  },
  destroy(asyncId) {
    kinds.delete(asyncId);
  },
});

const lines = createInterface({ input: process.stdin });
const orders = JSON.parse(await new Promise<string>((resolve) => lines.once('line', resolve))) as StartupOrders;
lines.close();
if (orders.mode === 'idle') hook.enable();

// A safeStorage backend that really encrypts: with no keychain in this process the shell
// keeps the key through safeStorage, the same way in each of the bench's processes.
const double = installElectronDouble(createElectronDouble({ appPath: REPO_ROOT, userData: orders.userData, safeStorageBackend: 'gnome_libsecret' }));
process.argv = [process.execPath, REPO_ROOT];
const figures: StartupChildFigures = {};

const started = performance.now();
const startCpu = process.cpuUsage();
await import(pathToFileURL(join(REPO_ROOT, 'out', 'main', 'index.js')).href);
figures.importedMs = performance.now() - started;
double.ready();
if (orders.mode === 'ready') {
  // As the window does at once, from its main frame, as soon as there is a window: the calls its
  // first screen waits for (renderer/src/App.svelte: app:info and accounts:list decide which
  // screen, settings:get its theme), together; ready when all three are answered.
  for (;;) {
    const window = double.windows[0];
    if (window) figures.windowMs ??= performance.now() - started;
    if (window && double.ipcMain.handlers.has('accounts:list')) {
      const replies = (await Promise.all(FIRST_CALLS.map((method) => double.ipcMain.invoke(method, undefined, window.webContents.mainFrame)))) as Array<{ ok: boolean }>;
      if (replies.every((reply) => reply.ok)) break;
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  figures.readyMs = performance.now() - started;
  const cpu = process.cpuUsage(startCpu);
  figures.readyCpuMs = (cpu.user + cpu.system) / 1000;
}
const shell = await booted(double, orders.userData);

if (orders.mode === 'prep') {
  await shell.data('accounts:add', { baseUrl: orders.baseUrl, key: orders.apiKey });
  await waitFor('the library to hold every video', async () => (await shell.data('videos:list', { folderId: 0, offset: 0, limit: 1 })).total === orders.videos, { tries: 1200, everyMs: 1000 });
  double.dialog.openDialogAnswers.push({ canceled: false, filePaths: orders.watchDirs ?? [] });
  await shell.data('watch:add');
  await shell.data('uploads:pause');
  // The title index and the deferred indexes are built after the sync: let them finish.
  let quiet = 0;
  while (quiet < 3) {
    const cpu = process.cpuUsage();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const used = process.cpuUsage(cpu);
    quiet = (used.user + used.system) / 1e6 < 0.1 ? quiet + 1 : 0;
  }
}

if (orders.mode === 'idle') {
  shell.window().hide();
  // The start's own work first: the sync's refresh of the library after a start (a 1M folder
  // is read again), then a settling time; idle is what follows.
  await waitFor('the start\'s sync to end', async () => {
    const status = await shell.data('sync:status');
    return status.lastQuickAt !== null && !status.running;
  }, { tries: 1200, everyMs: 1000 });
  await new Promise((resolve) => setTimeout(resolve, (orders.settleSeconds ?? 20) * 1000));
  figures.rssStart = process.memoryUsage.rss();
  // The parent samples this process's RSS from /proc while the window lasts (runChild): a
  // sampling timer here would be a wakeup of its own.
  process.stdout.write('IDLE-WINDOW start\n');
  counting = true;
  await new Promise((resolve) => setTimeout(resolve, (orders.idleSeconds ?? 120) * 1000));
  counting = false;
  process.stdout.write('IDLE-WINDOW end\n');
  figures.rssEnd = process.memoryUsage.rss();
  // The bench's own timer above woke the loop once: not the app's.
  wakeups.Timeout = Math.max(0, (wakeups.Timeout ?? 0) - 1);
  figures.wakeups = wakeups;
}

await shell.quit();
process.stdout.write(`STARTUP-FIGURES ${JSON.stringify(figures)}\n`);
process.exit(0);
