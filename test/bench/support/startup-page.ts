// The startup bench's profile and page, shared by the bench (startup.bench.ts) and its trace
// (startup-trace.ts), so the trace looks at the very start the bench measures:
// - the profile: a sandbox account whose library holds 1,000,000 videos in one folder (synced
//   for real from the sandbox host), 10,000 queued uploads (the queue paused), 3 watch folders;
// - the page: the BUILT renderer served by the app:// handler (with the app's CSP) in Debian's
//   Chromium, the built preload as the page's bridge to electron/main/ipc.ts, the real core
//   already started behind it (its accounts open too). A reload measures first paint, the
//   first videos shown and interactive (the video list answering ArrowDown), from navigation.
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { Page } from 'playwright-core';
import type { StartupChildFigures, StartupOrders } from './startup-child.ts';
import type { HostProcess } from './sync-rig.ts';

const repo = resolve(import.meta.dirname, '../../..');
export const VIDEOS = 1_000_000;
export const QUEUED = 10_000;

/** One run of support/startup-child.ts (the built main bundle on the Electron double). */
export async function runChild(orders: StartupOrders): Promise<StartupChildFigures> {
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
  const rssSamples: { seconds: number; bytes: number }[] = [];
  let sampler: ReturnType<typeof setInterval> | undefined;
  let windowStart = 0;
  const sample = (): void => {
    const bytes = rssOf(child.pid!);
    if (bytes !== null) rssSamples.push({ seconds: (performance.now() - windowStart) / 1000, bytes });
  };
  const figures = new Promise<StartupChildFigures>((resolveFigures) =>
    lines.on('line', (line) => {
      if (line === 'IDLE-WINDOW start') {
        windowStart = performance.now();
        sample();
        sampler = setInterval(sample, RSS_SAMPLE_MS);
      } else if (line === 'IDLE-WINDOW end') {
        clearInterval(sampler);
        sample();
      } else if (line.startsWith('STARTUP-FIGURES ')) {
        const parsed = JSON.parse(line.slice('STARTUP-FIGURES '.length)) as StartupChildFigures;
        resolveFigures(rssSamples.length > 0 ? { ...parsed, rssSamples } : parsed);
      }
    }),
  );
  try {
    return await Promise.race([figures, exited]);
  } finally {
    clearInterval(sampler);
  }
}

/** How often the parent reads the idle child's RSS. */
const RSS_SAMPLE_MS = 2_000;

/** A process's resident set from /proc (Linux), in bytes; null once it is gone. */
function rssOf(pid: number): number | null {
  try {
    const kib = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kib === undefined ? null : Number(kib) * 1024;
  } catch {
    return null;
  }
}

/**
 * The most the RSS climbed over the samples, from any reading to any later one, in bytes: a
 * leak shows as a climb that grows with the window, while a step down (a collection, the
 * allocator giving pages back) is not read as the opposite of one.
 */
export function largestRise(samples: readonly { bytes: number }[]): number {
  let lowest = Number.POSITIVE_INFINITY;
  let rise = 0;
  for (const { bytes } of samples) {
    lowest = Math.min(lowest, bytes);
    rise = Math.max(rise, bytes - lowest);
  }
  return rise;
}

/**
 * The RSS trend over the samples, bytes per second: the least-squares slope, so one step (a
 * collection, the allocator giving pages back) moves it far less than the two ends would.
 */
export function rssTrend(samples: readonly { seconds: number; bytes: number }[]): number {
  const n = samples.length;
  if (n < 2) return 0;
  const meanT = samples.reduce((sum, s) => sum + s.seconds, 0) / n;
  const meanB = samples.reduce((sum, s) => sum + s.bytes, 0) / n;
  let covariance = 0;
  let variance = 0;
  for (const s of samples) {
    covariance += (s.seconds - meanT) * (s.bytes - meanB);
    variance += (s.seconds - meanT) ** 2;
  }
  return variance === 0 ? 0 : covariance / variance;
}

/** Puts `count` waiting uploads straight into the account's queue table (as the scale bench does). */
async function queueJobs(userData: string, count: number): Promise<void> {
  const { openLibraryDatabase } = await import('../../../electron/core/library/migrations.ts');
  const { UploadStore } = await import('../../../electron/core/uploads/store.ts');
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

/** The bench's profile in `userData` (its watch folders under `root`), synced from `host`. */
export async function makeStartupProfile(root: string, userData: string, host: HostProcess): Promise<void> {
  const watchDirs = ['Camera', 'Screen recordings', 'Exports'].map((name) => join(root, 'watched', name));
  for (const dir of watchDirs) mkdirSync(dir, { recursive: true });
  await runChild({ mode: 'prep', userData, baseUrl: host.baseUrl, apiKey: host.apiKey, videos: VIDEOS, watchDirs });
  await queueJobs(userData, QUEUED);
}

export interface PageFigures {
  firstPaintMs: number;
  interactiveMs: number;
  rowsMs: number;
}

export interface StartupPage {
  page: Page;
  /** Loads the window again and measures it (ms from navigation). */
  reload(): Promise<PageFigures>;
  close(): Promise<void>;
}

export interface StartupPageOptions {
  /** Each IPC call the window made: the method, when it came (epoch ms), the core's wall time to its answer and the process's CPU time meanwhile. */
  onCall?: (method: string, at: number, ms: number, cpuMs: number) => void;
  /** A script the page runs before its own (a trace's observers). */
  pageScript?: string;
}

/** The built renderer in Chromium behind the built preload, against the real core (started first) on the profile; loaded once to warm Chromium's caches. */
export async function openStartupPage(userData: string, baseUrl: string, options: StartupPageOptions = {}): Promise<StartupPage> {
  await import('../../doubles/register-electron.ts');
  const { createElectronDouble } = await import('../../doubles/electron.ts');
  const { installElectronDouble } = await import('../../doubles/register-electron.ts');
  const { startCore } = await import('../../../electron/main/core-start.ts');
  const { appPaths } = await import('../../../electron/main/paths.ts');
  const { createDispatcher } = await import('../../../electron/core/rpc/dispatch.ts');
  const { buildCsp } = await import('../../../electron/main/csp.ts');
  const { serveContract } = await import('../../../electron/main/ipc.ts');
  const { serviceOrigins } = await import('../../../electron/main/origins.ts');
  const { createShellHandlers } = await import('../../../electron/main/shell-handlers.ts');
  const { UpdateController } = await import('../../../electron/main/updates.ts');
  const { OFF_UNPACKAGED } = await import('../../../electron/main/updater-loader.ts');
  const { launchChromium } = await import('../../support/chromium.ts');
  const { FrameRegistry, bridgeToMain, preloadInitScript, sender, serveRenderer } = await import('../../e2e/preload/electron-page.ts');

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
      updates: new UpdateController({ updater: { updater: null, offReason: OFF_UNPACKAGED }, automatic: () => false, uploadsRunning: () => false, onChange: () => undefined, log: () => undefined }),
    }),
  };
  const served = createDispatcher(handlers, core.account, { onInternalError: (method, error) => core.logger.error('IPC handler failed', { method, error }) });
  const onCall = options.onCall;
  const dispatch: typeof served = onCall
    ? async (method, input, accountId) => {
        const at = performance.timeOrigin + performance.now();
        const cpu = process.cpuUsage();
        try {
          return await served(method, input, accountId);
        } finally {
          const used = process.cpuUsage(cpu);
          onCall(String(method), at, performance.timeOrigin + performance.now() - at, (used.user + used.system) / 1000);
        }
      }
    : served;
  const renderer = await serveRenderer(join(repo, 'out/renderer'), () => buildCsp({ imageOrigins: serviceOrigins(baseUrl) }));
  const browser = await launchChromium();
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
  if (options.pageScript !== undefined) await context.addInitScript({ content: options.pageScript });
  const page = await context.newPage();
  serveContract({ dispatch, logger: core.logger, policy: { origin: renderer.origin, mainFrame: () => (page.isClosed() ? null : frames.facts(page.mainFrame())) }, grantPath: (path) => core.grantPath(path) });
  const send = sender(page);
  core.events.subscribe((event, payload, accountId) => send(event, payload, accountId));
  const interactive = () => page.waitForFunction(() => (window as unknown as { __vidliftInteractive?: number }).__vidliftInteractive !== undefined, undefined, { timeout: 60_000 });
  // A first load warms Chromium's own caches (the app's are warm after its first start too).
  await page.goto(`${renderer.origin}/index.html`);
  await interactive();
  return {
    page,
    async reload() {
      await page.reload();
      await interactive();
      return page.evaluate(() => {
        const paint = performance.getEntriesByName('first-contentful-paint')[0];
        const w = window as unknown as { __vidliftInteractive: number; __vidliftRows: number };
        return { firstPaintMs: paint?.startTime ?? Number.NaN, interactiveMs: w.__vidliftInteractive, rowsMs: w.__vidliftRows };
      });
    },
    async close() {
      await browser.close();
      await renderer.close();
      await core.close();
      await sandbox.close();
    },
  };
}
