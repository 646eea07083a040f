// `npm run bench -- startup` (issue 33): how soon the window is usable after a start, and what
// the app costs while it sits hidden. One profile, made first (not timed): a sandbox account
// whose library holds 1,000,000 videos in one folder (synced for real from the sandbox host,
// which runs in a process of its own), 10,000 queued uploads (the queue paused) and 3 watch
// folders. Then:
// - the renderer's JavaScript, gzipped: what index.html loads before the first screen (the
//   entry and its preloaded chunks) and all of it (the parts loaded on first use included);
// - first paint and interactive: the BUILT renderer served by the app:// handler (with the
//   app's CSP) in Debian's Chromium, the built preload as the page's bridge to
//   electron/main/ipc.ts, the real core already started behind it: from navigation to the
//   first contentful paint, and to the video list answering a key press (ArrowDown moves the
//   focus to the next video);
// - core ready: the BUILT out/main/index.js in a process of its own on the Electron double,
//   from the import of the bundle to the answers of the window's first IPC calls, the ones its
//   first screen waits for (app:info, accounts:list, settings:get; median of 3 starts);
// - idle: the same built main process with the window hidden, once the sync's refresh after the
//   start has ended and 20 s more have passed, over
//   2 minutes: every callback its event loop ran (async_hooks, by kind; per second), and its
//   RSS growth scaled from the 2 minutes to 10 (x5). Worker threads are not counted.
// Goals beside each figure: initial JS <= 150 KB gz, first paint < 300 ms, interactive
// < 600 ms, core ready < 150 ms, wakeups <= 1/s, RSS growth over 10 minutes < 5 MiB.
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { gzipSync } from 'node:zlib';
import { startHostProcess } from './support/sync-rig.ts';
import type { StartupChildFigures, StartupOrders } from './support/startup-child.ts';

const repo = resolve(import.meta.dirname, '../..');
const VIDEOS = 1_000_000;
const QUEUED = 10_000;
const SETTLE_SECONDS = 20;
const IDLE_SECONDS = 120;
const MIB = 1024 * 1024;

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Gzipped sizes of the built renderer's scripts: those index.html loads, and all. */
function rendererSizes(): { initialKb: number; totalKb: number; chunks: number } {
  const root = join(repo, 'out/renderer');
  const html = readFileSync(join(root, 'index.html'), 'utf8');
  const loaded = [...html.matchAll(/(?:src|href)="\.?\/?(assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
  const gz = (file: string) => gzipSync(readFileSync(join(root, file)), { level: 9 }).length / 1024;
  const all = readdirSync(join(root, 'assets')).filter((name) => name.endsWith('.js')).map((name) => `assets/${name}`);
  return { initialKb: loaded.reduce((sum, file) => sum + gz(file), 0), totalKb: all.reduce((sum, file) => sum + gz(file), 0), chunks: all.length };
}

/** One run of support/startup-child.ts (the built main bundle on the Electron double). */
async function runChild(orders: StartupOrders): Promise<StartupChildFigures> {
  const env = { ...process.env };
  // No keychain in the bench's processes: each keeps the key through the double's safeStorage.
  delete env.DBUS_SESSION_BUS_ADDRESS;
  const child = spawn(process.execPath, ['--import', join(repo, 'test/doubles/register-electron.ts'), join(repo, 'test/bench/support/startup-child.ts')], {
    cwd: repo,
    env,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  child.stdin.end(`${JSON.stringify(orders)}\n`);
  const lines = createInterface({ input: child.stdout });
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`startup bench: the ${orders.mode} process exited (${code}) without its figures`))));
  const figures = new Promise<StartupChildFigures>((resolveFigures) =>
    lines.on('line', (line) => {
      if (line.startsWith('STARTUP-FIGURES ')) resolveFigures(JSON.parse(line.slice('STARTUP-FIGURES '.length)) as StartupChildFigures);
    }),
  );
  return Promise.race([figures, exited]);
}

/** Puts `count` waiting uploads straight into the account's queue table (as the scale bench does). */
async function queueJobs(userData: string, count: number): Promise<void> {
  const { openLibraryDatabase } = await import('../../electron/core/library/migrations.ts');
  const { UploadStore } = await import('../../electron/core/uploads/store.ts');
  const accounts = join(userData, 'accounts');
  const file = readdirSync(accounts).find((name) => name.endsWith('.sqlite'));
  if (!file) throw new Error('startup bench: the account has no database');
  const db = openLibraryDatabase(join(accounts, file));
  const store = new UploadStore(db, Date.now);
  store.atomically(() => {
    for (let i = 0; i < count; i++) store.insert({ path: `/videos/clip ${i}.mp4`, name: `clip ${i}.mp4`, size: 1_000_000 + i, mtimeMs: 1, contentType: 'video/mp4', folderId: 0 });
  });
  db.close();
}

interface PageFigures {
  firstPaintMs: number;
  interactiveMs: number;
  rowsMs: number;
}

/** The built renderer in Chromium behind the built preload, against the real core (started first) on the profile. */
async function measurePage(userData: string, baseUrl: string): Promise<PageFigures> {
  await import('../doubles/register-electron.ts');
  const { createElectronDouble } = await import('../doubles/electron.ts');
  const { installElectronDouble } = await import('../doubles/register-electron.ts');
  const { startCore } = await import('../../electron/main/core-start.ts');
  const { appPaths } = await import('../../electron/main/paths.ts');
  const { createDispatcher } = await import('../../electron/core/rpc/dispatch.ts');
  const { buildCsp } = await import('../../electron/main/csp.ts');
  const { serveContract } = await import('../../electron/main/ipc.ts');
  const { serviceOrigins } = await import('../../electron/main/origins.ts');
  const { createShellHandlers } = await import('../../electron/main/shell-handlers.ts');
  const { UpdateController } = await import('../../electron/main/updates.ts');
  const { OFF_UNPACKAGED } = await import('../../electron/main/updater-loader.ts');
  const { launchChromium } = await import('../support/chromium.ts');
  const { FrameRegistry, bridgeToMain, preloadInitScript, sender, serveRenderer } = await import('../e2e/preload/electron-page.ts');

  const double = installElectronDouble(createElectronDouble({ userData, appPath: repo, safeStorageBackend: 'gnome_libsecret' }));
  const mainDir = join(repo, 'out/main');
  const paths = appPaths({ mainDir, packaged: false, resourcesPath: repo, appPath: repo, userData, platform: process.platform });
  const { core, sandbox } = await startCore({ packaged: false, paths, mainDir, appPath: repo, dataDir: userData, logDir: join(userData, 'logs'), safeStorage: double.safeStorage as unknown as Parameters<typeof startCore>[0]['safeStorage'], session: double.session.defaultSession });
  // The core as the shell has it once started: its accounts open too (electron/main/start.ts).
  await core.startAccounts();
  const handlers = {
    ...core.handlers,
    ...createShellHandlers({
      app: { getName: () => 'Vidlift', getVersion: () => '0.1.0', isPackaged: false, getPreferredSystemLanguages: () => ['en-US'] },
      platform: process.platform,
      sandboxAvailable: false,
      dialogs: { dialog: double.dialog, window: () => null, grantPath: (path) => core.grantPath(path), grantSavePath: (path) => core.grantSavePath(path) },
      addWatchFolders: (list) => core.addWatchFolders(list),
      hooks: core.hooks,
      linkPolicy: { allowLoopbackHttp: true },
      openExternal: async () => true,
      writeClipboard: async () => undefined,
      updates: new UpdateController({ updater: null, offReason: OFF_UNPACKAGED, automatic: () => false, uploadsRunning: () => false, onChange: () => undefined, log: () => undefined }),
    }),
  };
  const dispatch = createDispatcher(handlers, core.account, { onInternalError: (method, error) => core.logger.error('IPC handler failed', { method, error }) });
  const renderer = await serveRenderer(join(repo, 'out/renderer'), () => buildCsp({ imageOrigins: serviceOrigins(baseUrl) }));
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' });
    const frames = new FrameRegistry();
    await bridgeToMain(context, double.ipcMain, frames);
    await context.addInitScript({ content: await preloadInitScript(join(repo, 'out/preload/index.cjs')) });
    // Interactive: as soon as the list shows a video, focus it and press ArrowDown; the time
    // is when the focus reached the next video (the list answered the key).
    await context.addInitScript({
      content: `(() => {
        const press = () => {
          const row = document.querySelector('.videos [data-video-id][tabindex="0"]');
          if (!row) return requestAnimationFrame(press);
          window.__vidliftRows = performance.now();
          row.focus();
          row.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, cancelable: true }));
          const answered = () => {
            const focused = document.activeElement?.closest('.row');
            if (focused && focused.getAttribute('data-index') === '1') window.__vidliftInteractive = performance.now();
            else requestAnimationFrame(answered);
          };
          answered();
        };
        requestAnimationFrame(press);
      })();`,
    });
    const page = await context.newPage();
    serveContract({ dispatch, logger: core.logger, policy: { origin: renderer.origin, mainFrame: () => (page.isClosed() ? null : frames.facts(page.mainFrame())) }, grantPath: (path) => core.grantPath(path) });
    const send = sender(page);
    core.events.subscribe((event, payload, accountId) => send(event, payload, accountId));
    // A first load warms Chromium's own caches (the app's are warm after its first start too).
    await page.goto(`${renderer.origin}/index.html`);
    await page.waitForFunction(() => (window as unknown as { __vidliftInteractive?: number }).__vidliftInteractive !== undefined, undefined, { timeout: 60_000 });
    const runs: PageFigures[] = [];
    for (let i = 0; i < 3; i++) {
      await page.reload();
      await page.waitForFunction(() => (window as unknown as { __vidliftInteractive?: number }).__vidliftInteractive !== undefined, undefined, { timeout: 60_000 });
      runs.push(
        await page.evaluate(() => {
          const paint = performance.getEntriesByName('first-contentful-paint')[0];
          const w = window as unknown as { __vidliftInteractive: number; __vidliftRows: number };
          return { firstPaintMs: paint?.startTime ?? Number.NaN, interactiveMs: w.__vidliftInteractive, rowsMs: w.__vidliftRows };
        }),
      );
    }
    return {
      firstPaintMs: median(runs.map((run) => run.firstPaintMs)),
      interactiveMs: median(runs.map((run) => run.interactiveMs)),
      rowsMs: median(runs.map((run) => run.rowsMs)),
    };
  } finally {
    await browser.close();
    await renderer.close();
    await core.close();
    await sandbox.close();
  }
}

export default async function run(): Promise<void> {
  const startedAt = Date.now();
  // The bench measures the app as it ships: out/ built from these sources.
  execFileSync('npm', ['run', 'build'], { cwd: repo, stdio: 'ignore' });
  const sizes = rendererSizes();

  const root = mkdtempSync(join(tmpdir(), 'vidlift-startup-bench-'));
  const host = await startHostProcess(`flat:${VIDEOS}`, 0);
  try {
    const userData = join(root, 'profile');
    const watchDirs = ['Camera', 'Screen recordings', 'Exports'].map((name) => join(root, 'watched', name));
    for (const dir of watchDirs) mkdirSync(dir, { recursive: true });
    await runChild({ mode: 'prep', userData, baseUrl: host.baseUrl, apiKey: host.apiKey, videos: VIDEOS, watchDirs });
    await queueJobs(userData, QUEUED);
    const prepSeconds = (Date.now() - startedAt) / 1000;

    const starts: StartupChildFigures[] = [];
    for (let i = 0; i < 3; i++) starts.push(await runChild({ mode: 'ready', userData }));
    const ready = starts.map((start) => start.readyMs!);
    const idle = await runChild({ mode: 'idle', userData, settleSeconds: SETTLE_SECONDS, idleSeconds: IDLE_SECONDS });
    const page = await measurePage(userData, host.baseUrl);

    const wakeups = idle.wakeups ?? {};
    const wakeupsPerSecond = Object.values(wakeups).reduce((sum, n) => sum + n, 0) / IDLE_SECONDS;
    const rssGrowth10Min = ((idle.rssEnd! - idle.rssStart!) / MIB) * (600 / IDLE_SECONDS);
    const load = loadavg().map((value) => round(value, 2)).join(' ');
    console.table([
      { measure: 'renderer JS loaded before the first screen, KB gz (goal <= 150)', value: round(sizes.initialKb) },
      { measure: `renderer JS in all, KB gz (${sizes.chunks} chunks)`, value: round(sizes.totalKb) },
      { measure: 'Chromium, 1M library: first contentful paint from navigation, ms (goal < 300; median of 3)', value: round(page.firstPaintMs) },
      { measure: 'Chromium: the first videos shown, ms', value: round(page.rowsMs) },
      { measure: 'Chromium: the video list answered ArrowDown, ms (goal < 600)', value: round(page.interactiveMs) },
      { measure: `built main on the Electron double: import to the answers of the window's first calls, ms (goal < 150; runs ${ready.map((ms) => round(ms)).join(' / ')})`, value: round(median(ready)) },
      { measure: 'built main: CPU time (user + system) to those answers, ms (median; the wall time above waits for the load too)', value: round(median(starts.map((start) => start.readyCpuMs!))) },
      { measure: 'built main: of that, the bundle imported / the window created, ms (medians)', value: `${round(median(starts.map((start) => start.importedMs!)))} / ${round(median(starts.map((start) => start.windowMs!)))}` },
      { measure: `hidden, ${IDLE_SECONDS} s from ${SETTLE_SECONDS} s after the start's sync ended: loop callbacks per second (goal <= 1)`, value: round(wakeupsPerSecond, 2) },
      { measure: `hidden: callbacks by kind over the ${IDLE_SECONDS} s`, value: JSON.stringify(wakeups) },
      { measure: 'hidden: RSS at the start of the idle time, MiB', value: round(idle.rssStart! / MIB) },
      { measure: 'hidden: RSS growth, MiB, scaled from 2 minutes to 10 (x5) (goal < 5)', value: round(rssGrowth10Min, 2) },
      { measure: 'profile made (1M synced, 10,000 queued, 3 watch folders), s', value: round(prepSeconds) },
      { measure: 'load average (1/5/15 min) at the end', value: load },
      { measure: 'bench wall time, s', value: round((Date.now() - startedAt) / 1000) },
    ]);
    console.log(
      `startup bench: renderer_initial_js_gz_kb=${round(sizes.initialKb)} renderer_total_js_gz_kb=${round(sizes.totalKb)} first_paint_ms=${round(page.firstPaintMs)} interactive_ms=${round(page.interactiveMs)} core_ready_ms=${round(median(ready))} idle_wakeups_per_s=${round(wakeupsPerSecond, 2)} idle_rss_growth_mib=${round(rssGrowth10Min, 2)}`,
    );
  } finally {
    host.stop();
    rmSync(root, { recursive: true, force: true });
  }
}
