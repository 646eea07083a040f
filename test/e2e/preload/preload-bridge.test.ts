// The BUILT preload (out/preload/index.cjs) as the page's bridge in Debian's Chromium, talking
// to the REAL electron/main/ipc.ts (serveContract: sender check, then the dispatcher) over
// the Electron double's ipcMain, in front of the real core and the sandbox host started by
// the shell's own sandboxStarter. The built renderer is served by the app:// handler with
// the app's CSP. No harness bridge: every call the page makes goes preload -> ipc.ts.
// Journey: the welcome screen with no key, "Try with the local sandbox", one real file
// dropped and uploaded; then a subframe and a foreign origin are refused.
import '../../doubles/register-electron.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, mkdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createElectronDouble, type ElectronDouble } from '../../doubles/electron.ts';
import { installElectronDouble } from '../../doubles/register-electron.ts';
import { createCore } from '../../../electron/core/services.ts';
import type { Core } from '../../../electron/core/core.ts';
import { createDispatcher } from '../../../electron/core/rpc/dispatch.ts';
import { MemorySecretStore } from '../../../electron/core/secrets/memory-store.ts';
import type { Logger } from '../../../electron/core/log/logger.ts';
import { buildCsp } from '../../../electron/main/csp.ts';
import { REFUSED, serveContract } from '../../../electron/main/ipc.ts';
import { serviceOrigins } from '../../../electron/main/origins.ts';
import { sandboxStarter, type SandboxStarter } from '../../../electron/main/sandbox.ts';
import { createShellHandlers } from '../../../electron/main/shell-handlers.ts';
import { UpdateController } from '../../../electron/main/updates.ts';
import { OFF_UNPACKAGED } from '../../../electron/main/updater-loader.ts';
import { launchChromium } from '../../support/chromium.ts';
import { SCREENS_DIR, shootAndCheck, until, writeFakeMp4 } from '../support.ts';
import { FrameRegistry, bridgeToMain, dropDiskFile, ensureBuilt, preloadInitScript, sender, serveRenderer } from './electron-page.ts';
import { shown, shownKey } from '../../support/shown-account.ts';

const repo = resolve(import.meta.dirname, '../../..');

let root: string;
let double: ElectronDouble;
let core: Core;
let sandbox: SandboxStarter;
let renderer: Awaited<ReturnType<typeof serveRenderer>>;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let serviceBaseUrl: string | null = null;
const refusals: Array<Record<string, unknown>> = [];
/** Paths main granted from the preload's file channels (a drop: files:drop). */
const granted: string[] = [];

beforeAll(async () => {
  ensureBuilt(repo);
  root = await mkdtemp(join(tmpdir(), 'vidlift-preload-e2e-'));
  await mkdir(join(root, 'files'));
  double = installElectronDouble(createElectronDouble({ userData: join(root, 'data'), appPath: repo }));

  sandbox = sandboxStarter(repo);
  core = await createCore({
    dataDir: join(root, 'data'),
    logDir: join(root, 'logs'),
    sandboxAvailable: true,
    secretStore: new MemorySecretStore(),
    startSandbox: async () => {
      const started = await sandbox.start();
      serviceBaseUrl = started.baseUrl;
      return started;
    },
  });
  const handlers = {
    ...core.handlers,
    ...createShellHandlers({
      app: { getName: () => 'Vidlift', getVersion: () => '0.1.0', isPackaged: false, getPreferredSystemLanguages: () => ['en-US'] },
      platform: process.platform,
      sandboxAvailable: true,
      dialogs: { dialog: double.dialog, window: () => null, grantPath: (path) => core.grantPath(path), grantSavePath: (path) => core.grantSavePath(path) },
      addWatchFolders: (paths) => core.addWatchFolders(paths),
      hooks: core.hooks,
      linkPolicy: { allowLoopbackHttp: true },
      openExternal: async () => true,
      writeClipboard: async () => undefined,
      updates: new UpdateController({ updater: { updater: null, offReason: OFF_UNPACKAGED }, automatic: () => true, uploadsRunning: () => false, onChange: () => undefined, log: () => undefined }),
    }),
  };
  const dispatch = createDispatcher(handlers, core.account, { onInternalError: (method, error) => core.logger.error('IPC handler failed', { method, error }) });

  renderer = await serveRenderer(join(repo, 'out/renderer'), () => buildCsp({ imageOrigins: serviceOrigins(serviceBaseUrl) }));
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' });
  const frames = new FrameRegistry();
  await bridgeToMain(context, double.ipcMain, frames);
  await context.addInitScript({ content: await preloadInitScript(join(repo, 'out/preload/index.cjs')) });
  // The app's CSP refuses inline scripts, so axe (for shootAndCheck) comes as an init script too.
  await context.addInitScript({ path: createRequire(import.meta.url).resolve('axe-core/axe.min.js') });
  page = await context.newPage();
  page.on('pageerror', (error) => console.error('[page error]', error.message));

  const logger: Logger = {
    ...core.logger,
    warn: (message, fields) => {
      refusals.push({ message, ...fields });
      core.logger.warn(message, fields);
    },
  };
  // As in electron/main/start.ts: the ipcMain of `electron` (the double), our window's main frame.
  serveContract({
    dispatch,
    logger,
    policy: { origin: renderer.origin, mainFrame: () => (page.isClosed() ? null : frames.facts(page.mainFrame())) },
    grantPath: (path) => {
      granted.push(path);
      core.grantPath(path);
    },
  });
  const send = sender(page);
  core.events.subscribe((event, payload, accountId) => send(event, payload, accountId));
  await page.goto(`${renderer.origin}/index.html`);
});

afterAll(async () => {
  await browser?.close();
  await core?.close();
  await sandbox?.close();
  await renderer?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('the built preload in Chromium, against electron/main/ipc.ts', () => {
  it('serves the renderer with the app CSP and registers every handler on ipcMain', async () => {
    const response = await page.request.get(`${renderer.origin}/index.html`);
    expect(response.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(double.callsTo('ipcMain.handle').length).toBeGreaterThan(40);
    expect(await page.evaluate(() => Object.isFrozen((window as unknown as { api: object }).api))).toBe(true);
  });

  it('paints its starting screen before any script runs, and the app replaces it (issue 33)', async () => {
    // Scripts off: what index.html paints by itself, in the theme's colours.
    const bare = await browser.newContext({ javaScriptEnabled: false, colorScheme: 'dark' });
    try {
      const still = await bare.newPage();
      await still.goto(`${renderer.origin}/index.html`);
      await expect.poll(() => still.locator('#app .boot-name').isVisible()).toBe(true);
      expect(await still.locator('#app .boot-name').textContent()).toBe('Vidlift');
      expect(await still.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe('rgb(28, 28, 31)');
      await still.screenshot({ path: join(SCREENS_DIR, 'preload-starting-before-script-dark.png') });
    } finally {
      await bare.close();
    }
    // The app's own screens take its place: one name at most, and none once the welcome shows.
    await page.getByRole('heading', { name: 'Welcome to Vidlift' }).waitFor();
    expect(await page.locator('#app .boot-name').count()).toBe(0);
  });

  it('welcome with no key, then the local sandbox connects', async () => {
    await page.getByRole('heading', { name: 'Welcome to Vidlift' }).waitFor();
    expect(shownKey(await core.handlers['accounts:list'](undefined))).toMatchObject({ hasKey: false });
    await shootAndCheck(page, 'preload-welcome');
    await page.getByRole('button', { name: 'Try with the local sandbox' }).click();
    await page.getByRole('navigation', { name: 'Folders' }).waitFor();
    await until('the demo videos', () => page.locator('.videos [data-video-id]').count());
    expect(serviceBaseUrl).toMatch(/^http:\/\/127\.0\.0\.1:/);
    expect(shownKey(await core.handlers['accounts:list'](undefined))).toMatchObject({ hasKey: true });
  });

  it('a real file dropped travels through dropFiles to main in one message, is granted and uploads', async () => {
    const file = join(root, 'files', 'harbour-at-night.mp4');
    await writeFakeMp4(file, 250_000);
    const grantMessages: unknown[] = [];
    double.ipcMain.on('files:grant', (_event: unknown, path: unknown) => grantMessages.push(path));
    await dropDiskFile(page, '.videos', file, 'harbour-at-night.mp4');
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Uploads' }).click();
    await until('the upload done', async () => (await page.locator('[data-state="done"]').count()) === 1, 60_000);
    expect(await page.locator('[data-state="done"]').first().textContent()).toContain('harbour-at-night');
    expect(granted).toEqual([file]);
    // One message: no per-file grant before uploads:add.
    expect(grantMessages).toEqual([]);
    expect(JSON.stringify(await shown(core)['uploads:list'](undefined))).toContain(JSON.stringify(file));
    await shootAndCheck(page, 'preload-upload-done');
  });

  it('the parts loaded on first use come from app:// alone, under the same CSP, and work (issue 33)', async () => {
    // Nothing but the app's own origin answers: the parts must not need any other.
    const scripts: string[] = [];
    const cspOfScripts = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push(response.url());
      cspOfScripts.add(response.headers()['content-security-policy'] ?? '');
    });
    await context.route('**/*', (route) => (new URL(route.request().url()).origin === renderer.origin ? route.continue() : route.abort()));
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
    const screens = page.getByRole('navigation', { name: 'Screens' });
    try {
      // Uploads (open from the previous step): its History, then the export dialog.
      const sections = page.getByRole('group', { name: 'Uploads section' });
      await sections.getByRole('button', { name: 'History' }).click();
      await page.locator('.entries .entry').first().waitFor();
      await sections.getByRole('button', { name: 'Queue' }).click();
      await page.getByRole('button', { name: 'Links…' }).click();
      await page.getByRole('dialog').waitFor();
      await page.keyboard.press('Escape');
      // Account (chart.js) and Settings.
      await screens.getByRole('button', { name: 'Account' }).click();
      await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
      await screens.getByRole('button', { name: 'Settings' }).click();
      await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
      // The frame picker, in a video's details.
      await screens.getByRole('button', { name: 'Library' }).click();
      await page.locator('.videos [data-video-id]').first().click();
      await page.getByRole('heading', { name: 'From the video' }).waitFor();
    } finally {
      await context.unroute('**/*');
    }
    const chunk = (name: string) => scripts.some((url) => new URL(url).pathname.startsWith(`/assets/${name}-`));
    for (const part of ['History', 'ExportDialog', 'Account', 'Settings', 'FramePicker']) expect(chunk(part), `${part} loaded as its own chunk`).toBe(true);
    expect(scripts.every((url) => new URL(url).origin === renderer.origin)).toBe(true);
    // The same CSP as the document's, unchanged.
    const documentCsp = (await page.request.get(`${renderer.origin}/index.html`)).headers()['content-security-policy'];
    expect([...cspOfScripts]).toEqual([documentCsp]);
    expect(documentCsp).toContain("script-src 'self'");
    // No script or style was refused. (This page was loaded before the sandbox was connected, so
    // its img-src does not name the sandbox's thumbnails: the shell reloads the window for that,
    // electron/main/lockdown.ts; this test does not.)
    const violations = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
    expect(violations.filter((violation) => !violation.startsWith('img-src '))).toEqual([]);
  });

  it('a call from a subframe is refused', async () => {
    await page.evaluate(() => {
      const frame = document.createElement('iframe');
      frame.srcdoc = '<p>inner</p>';
      frame.title = 'inner';
      document.body.append(frame);
    });
    const child = await until('the subframe', () => page.frames().find((f) => f.parentFrame() === page.mainFrame()) ?? null);
    if (!child) throw new Error('no subframe');
    await child.waitForLoadState();
    const answer = await child.evaluate(() => (window as unknown as { api: Record<string, () => Promise<unknown>> }).api['accounts:list']!());
    expect(answer).toEqual(REFUSED);
    expect(refusals).toContainEqual(expect.objectContaining({ message: 'IPC call refused', method: 'accounts:list', reason: 'sent from a subframe' }));
    await page.evaluate(() => document.querySelector('iframe')?.remove());
  });

  it('a call from a foreign origin is refused, even from the main frame', async () => {
    // Same server, other host name: another origin than the one the policy names.
    const foreign = renderer.origin.replace('127.0.0.1', 'localhost');
    await page.goto(`${foreign}/index.html`);
    const answer = await page.evaluate(() => (window as unknown as { api: Record<string, () => Promise<unknown>> }).api['accounts:list']!());
    expect(answer).toEqual(REFUSED);
    expect(refusals).toContainEqual(expect.objectContaining({ method: 'accounts:list', reason: 'foreign origin', origin: foreign }));
    // Everything ipc.ts used of `electron` is modelled by the double (it throws and records otherwise).
    expect(double.unimplemented).toEqual([]);
  });
});
