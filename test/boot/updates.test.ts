// The updater end to end on loopback: electron-updater's real AppImageUpdater reads its
// app-update.yml, fetches latest-linux.yml from a feed served by this test, downloads the
// new "AppImage" and checks its sha512, while the shell's UpdateController decides when
// "Restart to update" is offered and when quitAndInstall may run. The app it quits is the
// boot suite's Electron double (app.quit, app.once('quit'), autoUpdater.emit).
//
// Two seams, both because they need Chromium itself: the AppAdapter is built over the
// double's `app` here (electron-updater's ElectronAppAdapter is the same few reads of
// electron.app, but places its cache under the real ~/.cache), and the HTTP executor is
// builder-util-runtime's HttpExecutor over node:http (ElectronHttpExecutor needs Electron's
// `net` module and a session partition, which only a real Chromium network stack has). The
// download, the digest check, the install (the file replaced) and the quit are electron-updater's.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type ClientRequest, type IncomingMessage, type RequestOptions, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configureRequestOptions, configureRequestUrl, HttpExecutor, type DownloadOptions } from 'builder-util-runtime';
import { AppImageUpdater } from 'electron-updater';
import type { AppAdapter } from 'electron-updater/out/AppAdapter.js';
import { createElectronDouble, type ElectronDouble } from '../doubles/electron.ts';
import { installElectronDouble } from '../doubles/register-electron.ts';
import { CoreBridge } from '../../electron/main/core-bridge.ts';
import { EventHub } from '../../electron/core/rpc/events.ts';
import { CHECK_EVERY_MS, UpdateController } from '../../electron/main/updates.ts';
import { OFF_SYSTEM_PACKAGE } from '../../electron/main/updater-loader.ts';
import { EMPTY_UPLOAD_TOTALS, type Settings, type UpdateStatus } from '../../shared/model.ts';
import { REPO_ROOT, waitFor } from './support.ts';
import { settingsWith } from '../support/settings.ts';
import { sayInEnglish } from '../../shared/i18n/say.ts';
import { said } from '../../shared/said.ts';

const NEW_VERSION = '9.9.9';
const SETTINGS: Settings = settingsWith({ uploadConcurrency: 2 });

/** node:http for electron-updater, with the same download path ElectronHttpExecutor takes (digest checked while writing). */
class LoopbackHttpExecutor extends HttpExecutor<ClientRequest> {
  download(url: URL, destination: string, options: DownloadOptions): Promise<string> {
    return options.cancellationToken.createPromise<string>((resolve, reject, onCancel) => {
      const requestOptions: RequestOptions = { headers: options.headers ?? undefined };
      configureRequestUrl(url, requestOptions);
      configureRequestOptions(requestOptions);
      this.doDownload(requestOptions, { destination, options, onCancel, callback: (error) => (error == null ? resolve(destination) : reject(error)), responseHandler: null }, 0);
    });
  }

  createRequest(options: RequestOptions, callback: (response: IncomingMessage) => void): ClientRequest {
    return request(options, callback);
  }
}

/** electron-updater's view of the app, read from the Electron double. */
function doubleAppAdapter(double: ElectronDouble, dirs: { config: string; cache: string }): AppAdapter {
  const app = double.app;
  return {
    version: app.getVersion(),
    name: app.getName(),
    isPackaged: app.isPackaged,
    appUpdateConfigPath: dirs.config,
    userDataPath: app.getPath('userData'),
    baseCachePath: dirs.cache,
    whenReady: () => app.whenReady(),
    relaunch: () => app.relaunch(),
    quit: () => app.quit(),
    onQuit: (handler) => {
      app.once('quit', (_event: unknown, exitCode: number) => handler(exitCode));
    },
  };
}

interface Feed {
  url: string;
  requests: string[];
  /** What the feed answers per path: a body, or a status. */
  routes: Map<string, Buffer | number>;
  close(): Promise<void>;
}

async function startFeed(): Promise<Feed> {
  const requests: string[] = [];
  const routes = new Map<string, Buffer | number>();
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://feed').pathname;
    requests.push(path);
    const route = routes.get(path) ?? 404;
    if (typeof route === 'number') {
      res.writeHead(route).end();
      return;
    }
    res.writeHead(200, { 'content-length': route.length, 'content-type': 'application/octet-stream' }).end(route);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    routes,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** latest-linux.yml as electron-builder writes it, for `file`; `claimed` is the sha512 it states. */
function publish(feed: Feed, file: Buffer, claimed = createHash('sha512').update(file).digest('base64')): void {
  const name = `Vidlift-${NEW_VERSION}.AppImage`;
  feed.routes.set(`/${name}`, file);
  feed.routes.set(
    '/latest-linux.yml',
    Buffer.from(
      [`version: ${NEW_VERSION}`, 'files:', `  - url: ${name}`, `    sha512: ${claimed}`, `    size: ${file.length}`, `path: ${name}`, `sha512: ${claimed}`, "releaseDate: '2026-11-22T12:00:00.000Z'", ''].join('\n'),
    ),
  );
}

let root: string;
let feed: Feed;
let double: ElectronDouble;
let installed: string;
let stops: Array<() => void>;
const savedAppImage = process.env.APPIMAGE;

beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), 'vidlift-updates-'));
  feed = await startFeed();
  mkdirSync(join(root, 'userData'));
  double = installElectronDouble(createElectronDouble({ userData: join(root, 'userData'), appPath: REPO_ROOT, isPackaged: true, version: '1.0.0' }));
  // electron-updater waits for app.whenReady() before its first check.
  double.ready();
  // The running AppImage, which the update replaces on install.
  installed = join(root, 'Vidlift.AppImage');
  writeFileSync(installed, '#!/bin/sh\nexit 0\n');
  chmodSync(installed, 0o755);
  process.env.APPIMAGE = installed;
  stops = [];
});

afterEach(async () => {
  for (const stop of stops) stop();
  await feed.close();
  if (savedAppImage === undefined) delete process.env.APPIMAGE;
  else process.env.APPIMAGE = savedAppImage;
  rmSync(root, { recursive: true, force: true });
});

function setUp(options: { automatic?: () => boolean; later?: Promise<void> } = {}) {
  const config = join(root, 'app-update.yml');
  writeFileSync(config, `provider: generic\nurl: ${feed.url}\nupdaterCacheDirName: vidlift-updater\n`);
  const updater = new AppImageUpdater(null, doubleAppAdapter(double, { config, cache: join(root, 'cache') }));
  (updater as unknown as { httpExecutor: HttpExecutor<ClientRequest> }).httpExecutor = new LoopbackHttpExecutor();
  updater.logger = null;
  updater.disableDifferentialDownload = true;
  const changes: UpdateStatus[] = [];
  const ticks: Array<{ ms: number; tick: () => void }> = [];
  const bridge = new CoreBridge({ settings: SETTINGS, uploads: { totals: EMPTY_UPLOAD_TOTALS, paused: false } }, { onUploads: () => controller.uploadsChanged() });
  const logged: string[] = [];
  const controller = new UpdateController({
    // `later`: given as the installed app gives it, a promise settled after the window's first answers (start.ts).
    updater: options.later ? options.later.then(() => ({ updater, offReason: null })) : { updater, offReason: null },
    automatic: options.automatic ?? (() => bridge.snapshot.autoUpdate),
    uploadsRunning: () => bridge.uploadsRunning(),
    onChange: (status) => changes.push(status),
    log: (message) => logged.push(message),
    every: (ms, tick) => {
      ticks.push({ ms, tick });
      return () => undefined;
    },
  });
  stops.push(() => controller.stop());
  const setUploads = (running: boolean): void => {
    bridge.uploadsChanged({ ...EMPTY_UPLOAD_TOTALS, active: running ? 1 : 0 });
  };
  return { updater, controller, bridge, changes, ticks, setUploads, logged };
}

const NEW_BUILD = Buffer.from(`#!/bin/sh\n# Vidlift ${NEW_VERSION}\nexit 0\n${'x'.repeat(200_000)}\n`);

describe('updates against a loopback feed', () => {
  it('finds the newer version at start, downloads it, offers the restart with no upload running, and only then installs', async () => {
    publish(feed, NEW_BUILD);
    const { controller, changes, ticks } = setUp();
    controller.start();
    expect(ticks.map((t) => t.ms)).toEqual([CHECK_EVERY_MS]);
    const ready = await waitFor('the update downloaded', () => (controller.status.state === 'ready' ? controller.status : null));

    expect(ready).toMatchObject({ state: 'ready', version: NEW_VERSION, canRestart: true, restartPending: false, said: null });
    expect(changes.map((c) => c.state)).toContain('downloading');
    expect(feed.requests).toEqual(expect.arrayContaining(['/latest-linux.yml', `/Vidlift-${NEW_VERSION}.AppImage`]));
    expect(double.callsTo('app.quit')).toHaveLength(0);

    controller.restart();
    await waitFor('the app quit into the update', () => double.callsTo('app.quit').length > 0);
    expect(double.callsTo('autoUpdater.emit').map((c) => c.args[0])).toEqual(['before-quit-for-update']);
    // electron-updater put the downloaded build in place of the running AppImage.
    expect(readFileSync(installed)).toEqual(NEW_BUILD);
  });

  it('an updater that loads after the start: idle meanwhile, the first check once it is there, and a check asked for meanwhile waits for it', async () => {
    publish(feed, NEW_BUILD);
    let load!: () => void;
    const { controller, ticks } = setUp({ later: new Promise<void>((resolve) => (load = resolve)) });
    controller.start();
    const asked = controller.check();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(controller.status).toMatchObject({ state: 'idle', said: null });
    expect(ticks).toHaveLength(0);
    expect(feed.requests).toEqual([]);

    load();
    expect(await asked).toMatchObject({ state: 'ready', version: NEW_VERSION });
    expect(ticks.map((t) => t.ms)).toEqual([CHECK_EVERY_MS]);
    // The automatic first check and the one asked for were one check.
    expect(feed.requests.filter((path) => path === '/latest-linux.yml')).toHaveLength(1);
  });

  it('stopped before the updater loaded: no check ever starts', async () => {
    publish(feed, NEW_BUILD);
    let load!: () => void;
    const { controller, ticks } = setUp({ later: new Promise<void>((resolve) => (load = resolve)) });
    controller.start();
    controller.stop();
    load();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ticks).toHaveLength(0);
    expect(feed.requests).toEqual([]);
    expect(controller.status.state).toBe('idle');
  });

  it('an updater that turns out off once loaded says why, and a check asked for meanwhile answers that', async () => {
    const changes: UpdateStatus[] = [];
    const controller = new UpdateController({
      updater: Promise.resolve({ updater: null, offReason: OFF_SYSTEM_PACKAGE }),
      automatic: () => true,
      uploadsRunning: () => false,
      onChange: (status) => changes.push(status),
      log: () => undefined,
    });
    controller.start();
    expect(await controller.check()).toMatchObject({ state: 'off', said: OFF_SYSTEM_PACKAGE });
    expect(changes.map((c) => c.state)).toEqual(['off']);
  });

  it('an updater whose load rejects is off, says it could not start, and logs why', async () => {
    const logged: unknown[] = [];
    const controller = new UpdateController({
      updater: Promise.reject(new Error('no electron-updater here')),
      automatic: () => true,
      uploadsRunning: () => false,
      onChange: () => undefined,
      log: (message, error) => logged.push([message, error]),
    });
    controller.start();
    expect(await controller.check()).toMatchObject({ state: 'off', said: said('update_off_not_started') });
    expect(logged).toEqual([['The updater could not be loaded', expect.objectContaining({ message: 'no electron-updater here' })]]);
  });

  it('never restarts in the middle of an upload: the offer waits, and a restart asked for meanwhile happens when uploads finish', async () => {
    publish(feed, NEW_BUILD);
    const { controller, setUploads } = setUp();
    setUploads(true);
    await controller.check();
    expect(controller.status).toMatchObject({ state: 'ready', canRestart: false });

    setUploads(false);
    expect(controller.status.canRestart).toBe(true);
    // An upload starts after the offer was shown; the person clicks "Restart to update".
    setUploads(true);
    expect(controller.status.canRestart).toBe(false);
    const asked = controller.restart();
    expect(asked).toMatchObject({ restartPending: true, said: { code: 'update_restart_pending', params: {} } });
    expect(sayInEnglish(asked.said!)).toBe('Vidlift restarts to update when the running uploads finish.');
    await new Promise((r) => setImmediate(r));
    expect(double.callsTo('app.quit')).toHaveLength(0);
    expect(readFileSync(installed, 'utf8')).toBe('#!/bin/sh\nexit 0\n');

    setUploads(false);
    await waitFor('the app quit into the update', () => double.callsTo('app.quit').length > 0);
    expect(readFileSync(installed)).toEqual(NEW_BUILD);
  });

  it('the off switch stops the automatic checks; "Check for updates" still works', async () => {
    publish(feed, NEW_BUILD);
    let automatic = false;
    const { controller, ticks } = setUp({ automatic: () => automatic });
    controller.start();
    ticks[0]!.tick();
    await new Promise((r) => setTimeout(r, 50));
    expect(feed.requests).toEqual([]);
    expect(controller.status.state).toBe('idle');

    automatic = true;
    ticks[0]!.tick();
    await waitFor('the 6-hour check ran', () => controller.status.state === 'ready');
    expect(feed.requests).toContain('/latest-linux.yml');

    const manual = setUp({ automatic: () => false });
    await manual.controller.check();
    expect(manual.controller.status.state).toBe('ready');
  });

  it('follows the autoUpdate setting through the shell bridge', async () => {
    publish(feed, NEW_BUILD);
    const { controller, ticks, bridge } = setUp();
    const hub = new EventHub();
    bridge.follow(hub);
    hub.emit('settings:changed', { ...SETTINGS, autoUpdate: false });
    controller.start();
    ticks[0]!.tick();
    await new Promise((r) => setTimeout(r, 50));
    expect(feed.requests).toEqual([]);
  });

  it('says in words when the feed is down, and nothing is installed', async () => {
    const { controller, logged } = setUp();
    await feed.close();
    const status = await controller.check();
    expect(status).toMatchObject({ state: 'error', said: { code: 'update_unreachable', params: {} }, canRestart: false });
    expect(sayInEnglish(status.said!)).toBe('The update server could not be reached. Vidlift tries again later.');
    expect(logged).toContain('The update failed');
    expect(controller.restart().state).toBe('error');
    expect(double.callsTo('app.quit')).toHaveLength(0);
  });

  it('discards a download whose sha512 does not match, says so, and never installs it', async () => {
    publish(feed, NEW_BUILD, createHash('sha512').update('another file').digest('base64'));
    const { controller } = setUp();
    const status = await controller.check();
    expect(status).toMatchObject({
      state: 'error',
      said: { code: 'update_damaged', params: {} },
      canRestart: false,
    });
    controller.restart();
    expect(double.callsTo('app.quit')).toHaveLength(0);
    expect(readFileSync(installed, 'utf8')).toBe('#!/bin/sh\nexit 0\n');
  });

  it('says so when the feed has no update information for Linux', async () => {
    const { controller } = setUp();
    const status = await controller.check();
    expect(status).toMatchObject({ state: 'error', said: { code: 'update_none_for_system', params: {} } });
    expect(sayInEnglish(status.said!)).toBe('The update server has no update for this system.');
  });

  it('reports "up to date" when the feed has this version', async () => {
    feed.routes.set('/latest-linux.yml', Buffer.from("version: 1.0.0\nfiles:\n  - url: Vidlift-1.0.0.AppImage\n    sha512: abc\n    size: 1\npath: Vidlift-1.0.0.AppImage\nsha512: abc\nreleaseDate: '2026-11-22T12:00:00.000Z'\n"));
    const { controller } = setUp();
    const status = await controller.check();
    expect(status).toMatchObject({ state: 'idle', said: { code: 'update_up_to_date', params: {} }, version: null });
    expect(sayInEnglish(status.said!)).toBe('Vidlift is up to date.');
    expect(status.lastChecked).not.toBeNull();
  });
});
