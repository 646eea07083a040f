// The composition root: builds the core by hand from small services, for the Electron main
// process, the browser harness and tests alike. App-wide parts (settings, the accounts and
// their keys, the network route, the logger) live as long as the core; what belongs to one
// account (its client, connection, library, queue) lives in its AccountSession, one open per
// account with a key (accounts/pool.ts).
import { join } from 'node:path';
import fs from 'node:fs';
import { AppError } from '../../shared/errors.ts';
import { AuthService, oneOffVerifier } from './accounts/key-check.ts';
import { AccountsBroadcast } from './accounts/broadcast.ts';
import { accountRoute } from './accounts/routes.ts';
import { accountHandlers, accountsView } from './accounts/handlers.ts';
import { KeychainNotice, adoptOlderSingleAccount } from './accounts/keychain-notice.ts';
import { SessionPool } from './accounts/pool.ts';
import type { Core, CoreHandlers, CoreOptions } from './core.ts';
import { PathGrants } from './files/grants.ts';
import { createMediaHandlers, electronMediaUrl } from './files/media-handlers.ts';
import { serveMediaFile } from './files/media-range.ts';
import { MediaTokens } from './files/media-tokens.ts';
import { FileSink } from './log/file-sink.ts';
import { ConsoleSink, RedactingLogger, type LogSink } from './log/redacting.ts';
import { EventHub } from './rpc/events.ts';
import { KeytarSecretStore } from './secrets/keytar-store.ts';
import { settingsHandlers } from './settings/handlers.ts';
import { SettingsStore } from './settings/settings-store.ts';
import { StartupNotices } from './startup/notices.ts';
import { settingsDamaged } from './startup/notice-texts.ts';
import { libraryHasLinkOrigin } from './library/link-origins.ts';
import { Network } from './net/network.ts';
import { ProxyChoice } from './net/proxy-choice.ts';
import { environmentResolver } from './net/proxy-route.ts';
import { createNodeTransport } from './api/http.ts';
import { backgroundTimers } from './timers.ts';
import { NotifyOutbox } from './notify/outbox.ts';
import { Notifier } from './notify/notifier.ts';
import { DestinationList } from './notify/destinations.ts';
import { feedNotifications } from './notify/feed.ts';
import { notifyHandlers } from './notify/handlers.ts';
import { HookRunner } from './hooks/hooks.ts';
import { UploadConditionsWatch } from './uploads/conditions.ts';
import { realTimers } from './timers.ts';
import { said } from '../../shared/said.ts';

export async function createCore(options: CoreOptions): Promise<Core> {
  // The data folder holds the settings, each account's library and the logs: this user's only.
  // The log folder too: an older version left both 0755.
  for (const dir of [options.dataDir, options.logDir]) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (process.platform !== 'win32') fs.chmodSync(dir, 0o700);
  }
  const events = new EventHub();
  const fileSink = new FileSink({ file: join(options.logDir, 'vidlift.log') });
  const sinks: LogSink[] = [fileSink, ...(options.logToConsole ? [new ConsoleSink()] : [])];
  const logger = new RedactingLogger({ sinks });
  events.useLogger(logger);
  events.useRedaction((text) => logger.redact(text));
  const notices = new StartupNotices(events);
  const settings = new SettingsStore({
    file: join(options.dataDir, 'settings.json'),
    events,
    logger,
    onDamaged: (keptFile) => notices.add(settingsDamaged(keptFile)),
    ...(options.fixedSettings ? { fixed: options.fixedSettings } : {}),
  });
  const secrets = options.secretStore ?? new KeytarSecretStore();
  // One route rule for the client, the key check and every file-server transfer: the host's proxy answer
  // (Electron: system settings, PAC, WPAD), else the proxy environment variables.
  const proxyChoice = new ProxyChoice({ setting: () => settings.get().proxy, system: options.proxy ?? environmentResolver, secrets, registry: logger });
  // Before any IPC can change the proxy: an older version's password goes to the proxy it was set with.
  await proxyChoice.adoptOlderPassword();
  const network = new Network(proxyChoice);
  const transport = createNodeTransport(network);
  // cachedEmail reads the pool built below (it needs auth first); it is only called once a key is entered.
  const auth = new AuthService({ secrets, settings, logger, registry: logger, transport, ...(options.fixedAccount ? { fixedAccount: options.fixedAccount } : {}), ...(options.accountForRun !== undefined ? { accountForRun: options.accountForRun } : {}), ...(options.onlyShownAccount ? { onlyShownAccount: true } : {}), ...(options.alsoForRun ? { alsoForRun: options.alsoForRun } : {}), cachedEmail: (id): string | null => pool.cachedEmail(id) });
  const grants = new PathGrants();
  // Paths chosen in the save dialog: an export writes each once, nowhere else.
  const savePaths = new Set<string>();
  const mayWrite = (path: string): boolean => savePaths.delete(path);
  const startedAt = Date.now();
  const mediaTokens = new MediaTokens();

  const accounts = auth.accounts;
  await adoptOlderSingleAccount(accounts, notices, logger);
  settings.present((value) => ({ ...value, watchFolders: accounts.watchFoldersOf(value.activeAccount, value) }));

  // Issue 31: one set of upload conditions for every account's queue (limit in force, windows, power).
  const conditions = new UploadConditionsWatch({ settings: settings.get(), now: options.clock?.now ?? Date.now, timers: options.clock?.timers ?? realTimers });
  conditions.onChange((now) => events.emit('conditions:changed', now));
  const unsubscribeConditionSettings = settings.onChange((next) => conditions.setSettings(next));
  conditions.onWake(() => pool.wake());

  const pool: SessionPool = new SessionPool({
    conditions,
    dataDir: options.dataDir,
    accounts,
    auth,
    events,
    logger,
    grants,
    settings,
    notices,
    network,
    transport,
    mayWrite,
    startedAt,
    ...(options.startSyncWorker !== undefined ? { startSyncWorker: options.startSyncWorker } : {}),
  });
  // Notifications and hooks (issue 31 §4, §5): the outbox is the app's, beside the settings.
  const accountName = (id: string): string => accounts.find(id)?.name ?? id;
  const notifyOutbox = new NotifyOutbox(join(options.dataDir, 'notify-outbox.sqlite'));
  const notifier = new Notifier({
    outbox: notifyOutbox,
    destinations: () => settings.get().notifyDestinations,
    secrets,
    registry: logger,
    transport,
    logger,
    timers: backgroundTimers,
    ...(options.telegramApiBase !== undefined ? { telegramApi: options.telegramApiBase } : {}),
  });
  const destinations = new DestinationList({ settings, secrets, registry: logger, outbox: notifyOutbox });
  const stopFeed = feedNotifications({
    pool,
    notifier,
    events,
    accountName,
    keyRefused: (id) => auth.isKeyRefused(id),
    onKeyVerdict: (listener) => auth.onKeyVerdict(listener),
    sessionStartedAt: startedAt,
  });
  const hookRunner = new HookRunner({ pool, hooks: () => settings.get().hooks, accountName, logger, report: (notice) => notices.add(notice) });
  notifier.start();
  const keychainNotice = new KeychainNotice(notices, auth);
  await keychainNotice.check();
  const broadcast = new AccountsBroadcast({ accounts, auth, pool, events });
  // Each account with a key: its database, library sync, queue and watch folders. The shell
  // asks for this once it answers the window's app calls (issue 33: the window's first answers
  // wait for none of it); the command line and tests get a core whose accounts are open.
  let accountsStarted: Promise<void> | null = null;
  const startAccounts = (): Promise<void> =>
    (accountsStarted ??= (async () => {
      await pool.sync();
      // What the window read of the accounts meanwhile had no upload counts yet.
      if (options.startAccountsLater) await broadcast.refresh();
    })());
  if (options.startAccountsLater) {
    // Every account's key read now (the registry keeps what the keychain answered), so the
    // window's first accounts:list is answered from memory while the accounts open.
    await accountsView(accounts, auth, pool);
  } else {
    await startAccounts();
  }
  const unsubscribeAuth = auth.onChange(() => void keychainNotice.check().then(() => pool.sync()));
  const unsubscribeSettings = settings.onChange((next, previous) => {
    for (const open of pool.openAccounts()) open.session.applySettings({ ...next, watchFolders: accounts.watchFoldersOf(open.id, next) });
    // Kept-alive tunnels belong to the old choice.
    if (JSON.stringify(next.proxy) !== JSON.stringify(previous.proxy)) network.setResolver(proxyChoice);
  });

  const handlers: CoreHandlers = {
    'app:notices': () => notices.list(),
    'app:dismissNotice': ({ id }) => notices.dismiss(id),
    ...settingsHandlers(settings, accounts),
    ...accountHandlers({ auth, accounts, pool, dataDir: options.dataDir }),
    'conditions:get': () => conditions.current(),
    'proxy:status': () => proxyChoice.status(),
    'proxy:setPassword': async ({ password }) => {
      const status = await proxyChoice.setPassword(password);
      network.setResolver(proxyChoice);
      return status;
    },
    'sandbox:start': async () => {
      if (!options.sandboxAvailable || !options.startSandbox) {
        throw new AppError('unavailable', said('sandbox_source_only'), { retryable: false });
      }
      const sandbox = await options.startSandbox();
      await auth.addKey({ baseUrl: sandbox.baseUrl, key: sandbox.apiKey });
      return accountsView(accounts, auth, pool);
    },
    ...notifyHandlers(destinations, notifier),
    ...createMediaHandlers({
      tokens: mediaTokens,
      mayLend: (path) => grants.isGranted(path) || pool.sessions().some((session) => session.localMedia.wasUploaded(path)),
      url: options.mediaUrl ?? electronMediaUrl,
    }),
  };

  return {
    handlers,
    account: accountRoute(accounts, pool),
    shownAccountId: () => accounts.active()?.id ?? null,
    events,
    logger,
    grantPath: (path) => grants.grant(path),
    grantSavePath: (path) => void savePaths.add(path),
    addWatchFolders: async (paths) => {
      await accounts.addWatchFolders(paths);
      return settings.presented();
    },
    media: {
      serve: async (token, method, range) => {
        const file = mediaTokens.resolve(token);
        if (file === null) return { status: 404, headers: { 'Cache-Control': 'no-store' }, body: null };
        return serveMediaFile(file, method, range);
      },
    },
    uploads: {
      totals: () => pool.totals(),
      pauseAll: () => pool.sessions().forEach((session) => void session.uploads.pause()),
      resumeAll: () => pool.sessions().forEach((session) => void session.uploads.resume()),
      onChange: (listener) => pool.onUploads(listener),
      onBatchFinished: (listener) => pool.onBatchFinished(listener),
    },
    power: {
      setOnBattery: (onBattery) => conditions.setOnBattery(onBattery),
      resumed: () => conditions.wake(),
    },
    setWindowVisible: (visible) => pool.sessions().forEach((session) => session.setWindowVisible(visible)),
    checkShownKey: async () => {
      const active = accounts.active();
      const key = active ? await accounts.key(active.id) : null;
      if (!active || key === null) return false;
      await oneOffVerifier({ transport, deadlineMs: 15_000, registry: logger, logger })(active.baseUrl, key);
      return true;
    },
    hooks: {
      current: () => settings.get().hooks,
      set: async (patch) => {
        await settings.update({ hooks: { ...settings.get().hooks, ...patch } });
        return settings.presented();
      },
    },
    knowsLinkOrigin: (origin) => pool.sessions().some((session) => libraryHasLinkOrigin(session.db, origin)),
    startAccounts,
    close: async () => {
      unsubscribeAuth();
      broadcast.close();
      unsubscribeSettings();
      stopFeed();
      unsubscribeConditionSettings();
      conditions.close();
      await pool.close();
      await hookRunner.idle();
      await notifier.close();
      notifyOutbox.close();
      network.close();
      fileSink.close();
    },
  };
}
