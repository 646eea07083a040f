// Builds the shell around the core once the app is ready: the locked-down session and
// app:// protocol, the IPC table (core handlers + shell handlers), the window, menu, tray,
// taskbar progress and notifications, and the orderly quit that closes the core.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  app,
  BrowserWindow,
  clipboard,
  dialog,
  Menu,
  nativeImage,
  Notification,
  protocol,
  safeStorage,
  screen,
  session,
  shell,
  Tray,
} from 'electron';
import type { AppHandlers } from '../core/rpc/dispatch.ts';
import { createDispatcher } from '../core/rpc/dispatch.ts';
import type { Core, CoreOptions } from '../core/core.ts';
import { createCore } from '../core/services.ts';
import type { StartSyncWorker } from '../core/library/sync-writer.ts';
import { useSubtitleWorker, type StartSubtitleWorker } from '../core/files/subtitle-thread.ts';
import { parsePacAnswer } from '../core/net/proxy-route.ts';
import { FallbackSecretStore } from '../core/secrets/fallback-store.ts';
import { KeytarSecretStore } from '../core/secrets/keytar-store.ts';
import { askAboutClose, guardWindowClose } from './close-guard.ts';
import { CoreBridge } from './core-bridge.ts';
import { buildCsp } from './csp.ts';
import { serveContract } from './ipc.ts';
import { appMenuTemplate } from './menu.ts';
import { ExternalLinks } from './external-links.ts';
import { notifyBatchFinished } from './notifications.ts';
import { APP_ENTRY_URL, APP_SCHEME, originOf, rendererOrigin } from './origins.ts';
import { appPaths, type AppPaths } from './paths.ts';
import { ProgressReporter } from './progress.ts';
import { createAppRequestHandler } from './protocol.ts';
import { registerMediaProtocol } from './media-protocol.ts';
import { safeStorageFallback } from './safe-storage-store.ts';
import { sandboxStarter } from './sandbox.ts';
import { guardSandboxRuntime } from './sandbox-runtime.ts';
import { denyAllPermissions, installNavigationGuards, openableExternalUrl } from './security.ts';
import { createShellHandlers } from './shell-handlers.ts';
import { queueOpenedFiles, type OpenedFilesInbox } from './single-instance.ts';
import { UploadTray } from './tray.ts';
import { loadUpdater } from './updater-loader.ts';
import { UpdateController } from './updates.ts';
import { createMainWindow } from './window.ts';

export interface RunningShell {
  showWindow(): void;
}

export interface StartOptions {
  inbox: OpenedFilesInbox;
  /** electron-vite's dev server (source tree only). */
  devServerUrl: string | undefined;
  /** Where the main bundle sits (out/main): the preload and renderer are found beside it. */
  mainDir?: string;
}

/** The root folder of the library: files opened with the app go there. */
const ROOT_FOLDER = 0;
/** A hung core must not keep the app from quitting. */
const CLOSE_TIMEOUT_MS = 5_000;

/**
 * The library's sync writer thread, built beside the main bundle (out/main/sync-writer.js);
 * run from source (tests), the core starts its TypeScript file instead.
 */
export function builtSyncWorker(mainDir: string): StartSyncWorker | undefined {
  const script = join(mainDir, 'sync-writer.js');
  if (!existsSync(script)) return undefined;
  return (options) => new Worker(script, options);
}

/** The subtitle preparation thread, built beside the main bundle (out/main/subtitle-prepare.js). */
export function builtSubtitleWorker(mainDir: string): StartSubtitleWorker | undefined {
  const script = join(mainDir, 'subtitle-prepare.js');
  if (!existsSync(script)) return undefined;
  return (options) => new Worker(script, options);
}

export async function startShell(options: StartOptions): Promise<RunningShell> {
  const packaged = app.isPackaged;
  const isMac = process.platform === 'darwin';
  if (process.platform === 'win32') app.setAppUserModelId('app.vidlift.desktop');
  app.setAppLogsPath();
  const logDir = app.getPath('logs');
  const paths = appPaths({
    mainDir: options.mainDir ?? import.meta.dirname,
    packaged,
    resourcesPath: process.resourcesPath,
    appPath: app.getAppPath(),
    userData: app.getPath('userData'),
    platform: process.platform,
  });

  // The keychain first; where it cannot be used, safeStorage when it really encrypts.
  const secretStore = new FallbackSecretStore(new KeytarSecretStore(), safeStorageFallback({ safeStorage, file: paths.secretsFile }));
  // Where this runtime cannot load the sandbox's TypeScript, say how to run it instead.
  const sandbox = guardSandboxRuntime(sandboxStarter(app.getAppPath()));
  // Built: the bundle's own script; from source the core keeps its TypeScript worker.
  const subtitleWorker = builtSubtitleWorker(options.mainDir ?? import.meta.dirname);
  if (subtitleWorker) useSubtitleWorker(subtitleWorker);
  const coreOptions: CoreOptions = {
    dataDir: app.getPath('userData'),
    logDir,
    sandboxAvailable: !packaged,
    secretStore,
    // The system's proxy settings, PAC and WPAD, as Chromium itself resolves them.
    proxy: { routeFor: (url) => session.defaultSession.resolveProxy(url.href).then(parsePacAnswer) },
    startSyncWorker: builtSyncWorker(options.mainDir ?? import.meta.dirname),
    ...(packaged ? {} : { startSandbox: () => sandbox.start(), logToConsole: true }),
  };
  const core: Core = await createCore(coreOptions);
  const logger = core.logger;

  const origin = rendererOrigin(options.devServerUrl);
  const linkPolicy = { allowLoopbackHttp: !packaged };
  let win: BrowserWindow | null = null;
  let quitting = false;
  const liveWindow = (): BrowserWindow | null => (win && !win.isDestroyed() ? win : null);

  const progress = new ProgressReporter({ setProgressBar: (value, mode) => liveWindow()?.setProgressBar(value, mode) });
  let tray: UploadTray | null = null;
  let updates: UpdateController | null = null;
  const bridge = new CoreBridge(
    await CoreBridge.initialFrom(core),
    {
      onUploads: (totals, paused) => {
        progress.update(totals, paused);
        tray?.update(totals, paused);
        updates?.uploadsChanged();
      },
      onServiceOrigins: (origins) => reloadForNewOrigins(origins),
    },
  );
  // The one door to the system browser: the service's hosts open, others are asked about.
  const links = new ExternalLinks({
    policy: linkPolicy,
    serviceOrigins: () => bridge.serviceOrigins,
    knowsLinkOrigin: (origin) => core.knowsLinkOrigin(origin),
    dialog,
    window: liveWindow,
    open: async (url) => {
      // Checked again at the very call: nothing unchecked ever reaches the OS.
      const safeUrl = openableExternalUrl(url, linkPolicy);
      if (safeUrl !== null) await shell.openExternal(safeUrl);
    },
  });

  // The CSP of a loaded document cannot change: when the service moves to an origin the
  // page's img-src does not name, the page is reloaded to get the new header.
  let documentOrigins = bridge.serviceOrigins;
  function reloadForNewOrigins(origins: string[]): void {
    const missing = origins.some((o) => !documentOrigins.includes(o));
    documentOrigins = origins;
    if (missing) setTimeout(() => liveWindow()?.webContents.reload(), 300);
  }
  const csp = (): string => buildCsp({ imageOrigins: bridge.serviceOrigins, extraConnect: devSocket(options.devServerUrl) });

  lockDownSession(csp, paths, options.devServerUrl);
  registerMediaProtocol(protocol, { serve: (token, method, range) => core.media.serve(token, method, range), rendererOrigin: origin });
  app.on('web-contents-created', (_event, contents) => {
    installNavigationGuards(contents, {
      rendererOrigin: origin,
      ...linkPolicy,
      openExternal: (url) => {
        links.open(url).catch((error: unknown) => logger.warn('The browser could not be opened', { error }));
      },
      onRefused: (what, url) => logger.warn('Refused a navigation', { what, origin: originOf(url) }),
    });
  });

  const showWindow = (): void => {
    const current = liveWindow() ?? openWindow();
    if (current.isMinimized()) current.restore();
    current.show();
    current.focus();
  };
  const showUploads = (): void => {
    showWindow();
    const current = liveWindow();
    const navigate = (): void => core.events.emit('app:navigate', { to: 'uploads' });
    if (current?.webContents.isLoading()) current.webContents.once('did-finish-load', navigate);
    else navigate();
  };

  const updater = await loadUpdater({ packaged, log: (message, error) => logger.warn(message, { error }) });
  updates = new UpdateController({
    updater: updater.updater,
    offReason: updater.offReason,
    automatic: () => bridge.snapshot.autoUpdate,
    uploadsRunning: () => bridge.uploadsRunning(),
    onChange: (status) => core.events.emit('updates:changed', status),
    log: (message, error) => logger.warn(message, { error }),
  });
  const handlers: AppHandlers = {
    ...core.handlers,
    ...createShellHandlers({
      app,
      platform: process.platform,
      sandboxAvailable: !packaged,
      dialogs: { dialog, window: liveWindow, grantPath: (path) => core.grantPath(path), grantSavePath: (path) => core.grantSavePath(path) },
      addWatchFolders: (paths) => core.addWatchFolders(paths),
      linkPolicy,
      openExternal: (url) => links.open(url),
      writeClipboard: (text) => clipboard.writeText(text),
      updates,
    }),
  };
  const dispatch = createDispatcher(handlers, core.account, {
    onInternalError: (method, error) => logger.error('IPC handler failed', { method, error }),
  });
  serveContract({
    dispatch,
    logger,
    policy: { origin, mainFrame: () => liveWindow()?.webContents.mainFrame ?? null },
    grantPath: (path) => core.grantPath(path),
  });
  core.events.subscribe((event, payload, accountId) => liveWindow()?.webContents.send(event, payload, accountId));

  Menu.setApplicationMenu(
    Menu.buildFromTemplate(appMenuTemplate({
        isMac,
        devTools: !packaged,
        openLogsFolder: () => void shell.openPath(logDir),
        showShortcuts: () => core.events.emit('app:showShortcuts', {}),
      })),
  );

  tray = createTray(paths, core, showWindow, logger);
  bridge.follow(core.events);
  core.uploads.onChange(() => bridge.uploadsChanged(core.uploads.totals()));
  bridge.uploadsChanged(core.uploads.totals());
  updates.start();

  core.uploads.onBatchFinished((summary) => {
    notifyBatchFinished(summary, {
      isSupported: () => Notification.isSupported(),
      create: (notificationOptions) => new Notification(notificationOptions),
      enabled: () => bridge.snapshot.notifications,
      openUploads: showUploads,
      ...(isMac ? {} : { icon: paths.windowIcon }),
    });
  });

  function openWindow(): BrowserWindow {
    const created = createMainWindow({
      BrowserWindow,
      screen,
      preload: paths.preload,
      ...(isMac ? {} : { icon: paths.windowIcon }),
      stateFile: paths.windowState,
    });
    win = created;
    created.on('close', (event) =>
      guardWindowClose(event, {
        isQuitting: () => quitting,
        uploadsRunning: () => bridge.uploadsRunning(),
        closeToTray: () => bridge.snapshot.closeToTray,
        ask: () => askAboutClose(dialog, created),
        // Without a tray icon a hidden window could never come back: minimise instead.
        hide: () => (tray ? created.hide() : created.minimize()),
        quit: () => app.quit(),
      }),
    );
    created.on('show', () => core.setWindowVisible(true));
    created.on('restore', () => core.setWindowVisible(true));
    created.on('hide', () => core.setWindowVisible(false));
    created.on('minimize', () => core.setWindowVisible(false));
    created.on('closed', () => {
      if (win === created) win = null;
    });
    created.webContents.on('render-process-gone', (_event, details) => logger.error('The window crashed', { reason: details.reason }));
    void created.loadURL(options.devServerUrl ?? APP_ENTRY_URL);
    return created;
  }

  app.on('window-all-closed', () => {
    if (!isMac) app.quit();
  });
  app.on('activate', () => showWindow());
  app.on('before-quit', () => {
    quitting = true;
  });
  let coreClosed = false;
  app.on('will-quit', (event) => {
    if (coreClosed) return;
    event.preventDefault();
    progress.dispose();
    tray?.dispose();
    updates?.stop();
    void closeWithin(core, CLOSE_TIMEOUT_MS)
      .finally(() => sandbox.close())
      .catch((error: unknown) => logger.error('The core did not close cleanly', { error }))
      .finally(() => {
        coreClosed = true;
        app.quit();
      });
  });

  openWindow();
  options.inbox.deliverTo((opened) => {
    void queueOpenedFiles(opened, {
      grantPath: (path) => core.grantPath(path),
      // Into the account the window shows (the preference kept in the settings).
      addUploads: (list) => dispatch('uploads:add', { paths: list, folderId: ROOT_FOLDER }, core.shownAccountId()),
      showUploads,
      onError: (message, error) => logger.warn(message, error === undefined ? {} : { error }),
    });
  });
  return { showWindow };
}

/** Permissions, the app:// protocol with its CSP, and in development the CSP on the dev server. */
function lockDownSession(csp: () => string, paths: AppPaths, devServerUrl: string | undefined): void {
  const ses = session.defaultSession;
  denyAllPermissions(ses);
  protocol.handle(APP_SCHEME, createAppRequestHandler({ root: paths.rendererRoot, csp }));
  const devOrigin = originOf(devServerUrl);
  if (devOrigin) {
    ses.webRequest.onHeadersReceived({ urls: [`${devOrigin}/*`] }, (details, callback) => {
      callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp()] } });
    });
  }
}


/** Vite's hot-reload socket, allowed in connect-src in development only. */
function devSocket(devServerUrl: string | undefined): string[] {
  const devOrigin = originOf(devServerUrl);
  return devOrigin ? [devOrigin.replace(/^http/, 'ws')] : [];
}

function createTray(paths: AppPaths, core: Core, showWindow: () => void, logger: Core['logger']): UploadTray | null {
  try {
    const image = nativeImage.createFromPath(paths.trayImage);
    if (process.platform === 'darwin') image.setTemplateImage(true);
    return new UploadTray({
      tray: new Tray(image),
      buildMenu: (template) => Menu.buildFromTemplate(template),
      showWindow,
      pauseAll: () => core.uploads.pauseAll(),
      resumeAll: () => core.uploads.resumeAll(),
      quit: () => app.quit(),
    });
  } catch (error) {
    // Some Linux desktops have no tray; the app works without it.
    logger.warn('No tray icon', { error });
    return null;
  }
}

function closeWithin(core: Core, ms: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`closing took longer than ${ms} ms`)), ms);
    core.close().then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
