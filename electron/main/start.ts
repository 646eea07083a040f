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
import type { AppHandlers } from '../core/rpc/dispatch.ts';
import { createDispatcher } from '../core/rpc/dispatch.ts';
import { followAppLifecycle } from './app-lifecycle.ts';
import { askAboutClose } from './close-guard.ts';
import { CoreBridge } from './core-bridge.ts';
import { startCore } from './core-start.ts';
import { ExternalLinks } from './external-links.ts';
import { serveContract } from './ipc.ts';
import { lockDownShell, type Lockdown } from './lockdown.ts';
import { registerMediaProtocol } from './media-protocol.ts';
import { appMenuTemplate } from './menu.ts';
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
import { UpdateController } from './updates.ts';
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
  const { core, sandbox } = await startCore({ packaged, paths, mainDir, appPath: app.getAppPath(), dataDir: app.getPath('userData'), logDir, safeStorage, session: session.defaultSession });
  const logger = core.logger;
  const windowIcon = isMac ? {} : { icon: paths.windowIcon };

  let tray: UploadTray | null = null;
  let updates: UpdateController | null = null;
  let lockdown: Lockdown | null = null;
  const window: MainWindowHost = new MainWindowHost({
    create: () => createMainWindow({ BrowserWindow, screen, preload: paths.preload, ...windowIcon, stateFile: paths.windowState }),
    entryUrl: options.devServerUrl ?? APP_ENTRY_URL,
    closeGuard: {
      uploadsRunning: () => bridge.uploadsRunning(),
      closeToTray: () => bridge.snapshot.closeToTray,
      ask: (win) => askAboutClose(dialog, win),
      hasTray: () => tray !== null,
      quit: () => app.quit(),
    },
    setVisible: (visible) => core.setWindowVisible(visible),
    navigateToUploads: () => core.events.emit('app:navigate', { to: 'uploads' }),
    logCrash: (reason) => logger.error('The window crashed', { reason }),
  });
  const liveWindow = (): BrowserWindow | null => window.live();
  const progress = new ProgressReporter({ setProgressBar: (value, mode) => liveWindow()?.setProgressBar(value, mode) });
  const bridge = new CoreBridge(
    await CoreBridge.initialFrom(core),
    {
      onUploads: (totals, paused) => {
        progress.update(totals, paused);
        tray?.update(totals, paused);
        updates?.uploadsChanged();
      },
      onServiceOrigins: (origins) => lockdown?.serviceOriginsChanged(origins),
    },
  );

  // The one door to the system browser: the service's hosts open, others are asked about.
  const origin = rendererOrigin(options.devServerUrl);
  const linkPolicy = { allowLoopbackHttp: !packaged };
  const links = new ExternalLinks({
    policy: linkPolicy,
    serviceOrigins: () => bridge.serviceOrigins,
    knowsLinkOrigin: (linkOrigin) => core.knowsLinkOrigin(linkOrigin),
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
    serviceOrigins: () => bridge.serviceOrigins,
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
  registerMediaProtocol(protocol, { serve: (token, method, range) => core.media.serve(token, method, range), rendererOrigin: origin });

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
      hooks: core.hooks,
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
    Menu.buildFromTemplate(
      appMenuTemplate({ isMac, devTools: !packaged, openLogsFolder: () => void shell.openPath(logDir), showShortcuts: () => core.events.emit('app:showShortcuts', {}) }),
    ),
  );
  tray = openUploadTray(
    () => {
      const image = nativeImage.createFromPath(paths.trayImage);
      if (isMac) image.setTemplateImage(true);
      return new Tray(image);
    },
    {
      buildMenu: (template) => Menu.buildFromTemplate(template),
      showWindow: () => window.show(),
      pauseAll: () => core.uploads.pauseAll(),
      resumeAll: () => core.uploads.resumeAll(),
      quit: () => app.quit(),
    },
    (error) => logger.warn('No tray icon', { error }),
  );
  bridge.follow(core.events);
  core.uploads.onChange(() => bridge.uploadsChanged(core.uploads.totals()));
  bridge.uploadsChanged(core.uploads.totals());
  updates.start();
  core.uploads.onBatchFinished((summary) => {
    notifyBatchFinished(summary, {
      isSupported: () => Notification.isSupported(),
      create: (notificationOptions) => new Notification(notificationOptions),
      enabled: () => bridge.snapshot.notifications,
      openUploads: () => window.showUploads(),
      ...windowIcon,
    });
  });

  // New takedowns of any account, shown or not: one notification per batch, opening that account's Takedowns view.
  core.events.subscribe((event, payload, accountId) => {
    if (event !== 'links:takedownsFound' || accountId === null) return;
    notifyTakedowns(payload as EventPayload<'links:takedownsFound'>, {
      isSupported: () => Notification.isSupported(),
      create: (notificationOptions) => new Notification(notificationOptions),
      enabled: () => bridge.snapshot.notifications,
      openTakedowns: () => window.showThen(() => core.events.emit('app:navigate', { to: 'takedowns', accountId })),
      ...windowIcon,
    });
  });
  // Issue 31: on battery / on AC and wake from sleep reach the upload conditions.
  const stopFollowingPower = followPower(powerMonitor, core.power, logger);

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
    closeCore: () => core.close(),
    closeSandbox: () => sandbox.close(),
    logError: (message, error) => logger.error(message, { error }),
  });
  window.open();
  options.inbox.deliverTo((opened) => {
    void queueOpenedFiles(opened, {
      grantPath: (path) => core.grantPath(path),
      // Into the account the window shows (the preference kept in the settings).
      addUploads: (list) => dispatch('uploads:add', { paths: list, folderId: ROOT_FOLDER }, core.shownAccountId()),
      showUploads: () => window.showUploads(),
      onError: (message, error) => logger.warn(message, error === undefined ? {} : { error }),
    });
  });
  return { showWindow: () => window.show() };
}
