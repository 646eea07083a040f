// Builds the shell around the core once the app is ready. Composition only: each part is a
// service of its own file (the core and what it needs from the OS in core-start.ts, the
// locked-down documents in lockdown.ts, the window's lifecycle in window.ts, the tray, the
// updates, the IPC contract, the quit in app-lifecycle.ts); this file wires them to Electron
// and to each other, in the order the app needs them.
import {
  app,
  BrowserWindow,
  clipboard,
  dialog,
  Menu,
  nativeImage,
  Notification,
  powerMonitor,
  protocol,
  safeStorage,
  screen,
  session,
  shell,
  Tray,
} from 'electron';
import type { Core } from '../core/core.ts';
import type { AppHandlers } from '../core/rpc/dispatch.ts';
import { createDispatcher } from '../core/rpc/dispatch.ts';
import { followAppLifecycle } from './app-lifecycle.ts';
import { askAboutClose } from './close-guard.ts';
import { CoreBridge, NO_UPLOADS } from './core-bridge.ts';
import { startCore } from './core-start.ts';
import { CoreGate } from './core-gate.ts';
import { ExternalLinks } from './external-links.ts';
import { serveContract } from './ipc.ts';
import { lockDownShell, type Lockdown } from './lockdown.ts';
import { registerMediaProtocol } from './media-protocol.ts';
import { appMenuTemplate } from './menu.ts';
import { applyShellLanguage } from './shell-locale.ts';
import { notifyBatchFinished, notifyTakedowns } from './notifications.ts';
import type { EventPayload } from '../../shared/contract.ts';
import { APP_ENTRY_URL, originOf, rendererOrigin } from './origins.ts';
import { appPaths } from './paths.ts';
import { ProgressReporter } from './progress.ts';
import { followPower } from './power.ts';
import { openableExternalUrl } from './security.ts';
import { createShellHandlers } from './shell-handlers.ts';
import { queueOpenedFiles, type OpenedFilesInbox } from './single-instance.ts';
import { openUploadTray, type UploadTray } from './tray.ts';
import { loadUpdater } from './updater-loader.ts';
import { UpdateController, type LoadedUpdater } from './updates.ts';
import { createMainWindow, MainWindowHost } from './window.ts';

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

export async function startShell(options: StartOptions): Promise<RunningShell> {
  const packaged = app.isPackaged;
  const isMac = process.platform === 'darwin';
  const mainDir = options.mainDir ?? import.meta.dirname;
  if (process.platform === 'win32') app.setAppUserModelId('app.vidlift.desktop');
  app.setAppLogsPath();
  const logDir = app.getPath('logs');
  const paths = appPaths({ mainDir, packaged, resourcesPath: process.resourcesPath, appPath: app.getAppPath(), userData: app.getPath('userData'), platform: process.platform });
  const windowIcon = isMac ? {} : { icon: paths.windowIcon };

  // The window first (issue 33): the locked-down app:// document, the contract and the window
  // are set up from what Electron gives at once; the core (the accounts' databases, their sync
  // and watch folders) starts while the renderer loads, and the window's calls wait for it at
  // the gate. Until then `core` and `bridge` are null: nothing below reads them before it.
  const gate = new CoreGate();
  // The document's CSP names the service's origins (thumbnails): app:// answers once they are known.
  let originsKnown!: () => void;
  const serviceOriginsKnown = new Promise<void>((resolve) => (originsKnown = resolve));
  const logger = gate.logger;
  let core: Core | null = null;
  let bridge: CoreBridge | null = null;
  let tray: UploadTray | null = null;
  let updates: UpdateController | null = null;
  let lockdown: Lockdown | null = null;
  const window: MainWindowHost = new MainWindowHost({
    create: () => createMainWindow({ BrowserWindow, screen, preload: paths.preload, ...windowIcon, stateFile: paths.windowState }),
    entryUrl: options.devServerUrl ?? APP_ENTRY_URL,
    closeGuard: {
      uploadsRunning: () => bridge?.uploadsRunning() ?? false,
      closeToTray: () => bridge?.snapshot.closeToTray ?? false,
      ask: (win) => askAboutClose(dialog, win),
      hasTray: () => tray !== null,
      quit: () => app.quit(),
    },
    setVisible: (visible) => gate.setWindowVisible(visible),
    navigateToUploads: () => core?.events.emit('app:navigate', { to: 'uploads' }),
    logCrash: (reason) => logger.error('The window crashed', { reason }),
  });
  const liveWindow = (): BrowserWindow | null => window.live();
  const progress = new ProgressReporter({ setProgressBar: (value, mode) => liveWindow()?.setProgressBar(value, mode) });

  // The one door to the system browser: the service's hosts open, others are asked about.
  const origin = rendererOrigin(options.devServerUrl);
  const linkPolicy = { allowLoopbackHttp: !packaged };
  const links = new ExternalLinks({
    policy: linkPolicy,
    serviceOrigins: () => bridge?.serviceOrigins ?? [],
    knowsLinkOrigin: (linkOrigin) => core?.knowsLinkOrigin(linkOrigin) ?? false,
    dialog,
    window: liveWindow,
    open: async (url) => {
      // Checked again at the very call: nothing unchecked ever reaches the OS.
      const safeUrl = openableExternalUrl(url, linkPolicy);
      if (safeUrl !== null) await shell.openExternal(safeUrl);
    },
  });
  lockdown = lockDownShell({
    app,
    session: session.defaultSession,
    protocol,
    rendererRoot: paths.rendererRoot,
    devServerUrl: options.devServerUrl,
    serviceOrigins: () => bridge?.serviceOrigins ?? [],
    serviceOriginsKnown,
    windowContents: () => liveWindow()?.webContents ?? null,
    guards: {
      rendererOrigin: origin,
      ...linkPolicy,
      openExternal: (url) => {
        links.open(url).catch((error: unknown) => logger.warn('The browser could not be opened', { error }));
      },
      onRefused: (what, url) => logger.warn('Refused a navigation', { what, origin: originOf(url) }),
    },
  });
  serveContract({
    dispatch: gate.dispatch,
    logger,
    policy: { origin, mainFrame: () => liveWindow()?.webContents.mainFrame ?? null },
    grantPath: (path) => gate.grantPath(path),
  });
  window.open();

  const { core: startedCore, sandbox } = await startCore({ packaged, paths, mainDir, appPath: app.getAppPath(), dataDir: app.getPath('userData'), logDir, safeStorage, session: session.defaultSession }).catch((error: unknown) => {
    gate.fail(error);
    throw error;
  });
  core = startedCore;
  // The accounts are not open yet: their queues' totals and pause come once they are (below).
  bridge = new CoreBridge({ settings: await startedCore.handlers['settings:get'](undefined), uploads: { totals: NO_UPLOADS, paused: false } }, {
    onUploads: (totals, paused) => {
      progress.update(totals, paused);
      tray?.update(totals, paused);
      updates?.uploadsChanged();
    },
    onServiceOrigins: (origins) => lockdown?.serviceOriginsChanged(origins),
    // Live, without a restart: the next texts are worded in the new language, the menus and the tray at once.
    onLanguage: (language) => {
      void applyShellLanguage(language, app.getPreferredSystemLanguages()).then((changed) => {
        if (!changed) return;
        setAppMenu();
        tray?.relabel();
      });
    },
  });
  const startedBridge = bridge;
  originsKnown();
  registerMediaProtocol(protocol, { serve: (token, method, range) => startedCore.media.serve(token, method, range), rendererOrigin: origin });

  // electron-updater costs ~150 ms of CPU to load: it loads once the accounts are open, after
  // the window's first answers and its first screen's data (loadUpdaterNow below).
  let loadUpdaterNow!: () => void;
  const updaterLoaded = new Promise<LoadedUpdater>((resolve) => {
    loadUpdaterNow = () => resolve(loadUpdater({ packaged, log: (message, error) => logger.warn(message, { error }) }));
  });
  updates = new UpdateController({
    updater: updaterLoaded,
    automatic: () => startedBridge.snapshot.autoUpdate,
    uploadsRunning: () => startedBridge.uploadsRunning(),
    onChange: (status) => startedCore.events.emit('updates:changed', status),
    log: (message, error) => logger.warn(message, { error }),
  });
  const handlers: AppHandlers = {
    ...startedCore.handlers,
    ...createShellHandlers({
      app,
      platform: process.platform,
      sandboxAvailable: !packaged,
      dialogs: { dialog, window: liveWindow, grantPath: (path) => startedCore.grantPath(path), grantSavePath: (path) => startedCore.grantSavePath(path) },
      addWatchFolders: (paths) => startedCore.addWatchFolders(paths),
      hooks: startedCore.hooks,
      linkPolicy,
      openExternal: (url) => links.open(url),
      writeClipboard: (text) => clipboard.writeText(text),
      updates,
    }),
  };
  const dispatch = createDispatcher(handlers, startedCore.account, {
    onInternalError: (method, error) => logger.error('IPC handler failed', { method, error }),
  });
  startedCore.events.subscribe((event, payload, accountId) => liveWindow()?.webContents.send(event, payload, accountId));

  // The language's words first (English is always there; another loads in a few ms).
  await applyShellLanguage(startedBridge.snapshot.language, app.getPreferredSystemLanguages());
  const setAppMenu = (): void =>
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        appMenuTemplate({ isMac, devTools: !packaged, openLogsFolder: () => void shell.openPath(logDir), showShortcuts: () => startedCore.events.emit('app:showShortcuts', {}) }),
      ),
    );
  setAppMenu();
  tray = openUploadTray(
    () => {
      const image = nativeImage.createFromPath(paths.trayImage);
      if (isMac) image.setTemplateImage(true);
      return new Tray(image);
    },
    {
      buildMenu: (template) => Menu.buildFromTemplate(template),
      showWindow: () => window.show(),
      pauseAll: () => startedCore.uploads.pauseAll(),
      resumeAll: () => startedCore.uploads.resumeAll(),
      quit: () => app.quit(),
    },
    (error) => logger.warn('No tray icon', { error }),
  );
  startedBridge.follow(startedCore.events);
  startedCore.uploads.onChange(() => startedBridge.uploadsChanged(startedCore.uploads.totals()));
  updates.start();
  startedCore.uploads.onBatchFinished((summary) => {
    notifyBatchFinished(summary, {
      isSupported: () => Notification.isSupported(),
      create: (notificationOptions) => new Notification(notificationOptions),
      enabled: () => startedBridge.snapshot.notifications,
      openUploads: () => window.showUploads(),
      ...windowIcon,
    });
  });

  // New takedowns of any account, shown or not: one notification per batch, opening that account's Takedowns view.
  startedCore.events.subscribe((event, payload, accountId) => {
    if (event !== 'links:takedownsFound' || accountId === null) return;
    notifyTakedowns(payload as EventPayload<'links:takedownsFound'>, {
      isSupported: () => Notification.isSupported(),
      create: (notificationOptions) => new Notification(notificationOptions),
      enabled: () => bridge.snapshot.notifications,
      openTakedowns: () => window.showThen(() => startedCore.events.emit('app:navigate', { to: 'takedowns', accountId })),
      ...windowIcon,
    });
  });
  // Issue 31: on battery / on AC and wake from sleep reach the upload conditions.
  const stopFollowingPower = followPower(powerMonitor, startedCore.power, logger);

  followAppLifecycle({
    app,
    isMac,
    showWindow: () => window.show(),
    onQuitting: () => window.quitting(),
    dispose: () => {
      stopFollowingPower();
      progress.dispose();
      tray?.dispose();
      updates?.stop();
    },
    closeCore: () => startedCore.close(),
    closeSandbox: () => sandbox.close(),
    logError: (message, error) => logger.error(message, { error }),
  });
  // The window's app calls are answered from here on; an account's calls wait at the gate while
  // each account with a key opens (its database, sync, queue and watch folders).
  gate.open({ dispatch, grantPath: (path) => startedCore.grantPath(path), setWindowVisible: (visible) => startedCore.setWindowVisible(visible), logger: startedCore.logger });
  await gate.answeredWaiting();
  await startedCore.startAccounts().catch((error: unknown) => {
    gate.fail(error);
    loadUpdaterNow();
    throw error;
  });
  startedBridge.started(await CoreBridge.initialFrom(startedCore));
  gate.accountsOpen();
  loadUpdaterNow();
  options.inbox.deliverTo((opened) => {
    void queueOpenedFiles(opened, {
      grantPath: (path) => startedCore.grantPath(path),
      // Into the account the window shows (the preference kept in the settings).
      addUploads: (list) => dispatch('uploads:add', { paths: list, folderId: ROOT_FOLDER }, startedCore.shownAccountId()),
      showUploads: () => window.showUploads(),
      onError: (message, error) => logger.warn(message, error === undefined ? {} : { error }),
    });
  });
  return { showWindow: () => window.show() };
}
