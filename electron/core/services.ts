// The composition root: builds the core by hand from small services, for the Electron main
// process, the browser harness and tests alike. App-wide parts (settings, the key, the
// service client, the connection monitor, the logger) live as long as the core; the parts
// that belong to one account live in an AccountSession, opened when a key is set.
import { join } from 'node:path';
import { AppError } from '../../shared/errors.ts';
import { ServiceClient } from './api/client.ts';
import { ConnectionMonitor } from './api/connection.ts';
import { AuthService } from './auth/auth-service.ts';
import { authHandlers, connectionHandlers } from './auth/handlers.ts';
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
import { AccountSession, accountDatabaseFile } from './session/account-session.ts';
import { delegateToSession } from './session/account-methods.ts';
import { SchemaFromNewerVersionError } from './library/db.ts';
import { SIGNED_OUT_ANSWERS } from './session/signed-out.ts';
import { StartupNotices } from './startup/notices.ts';
import { accountInUse, keychainUnavailable, libraryDamaged, libraryFromNewerVersion, libraryUnopened, settingsDamaged } from './startup/notice-texts.ts';
import { AccountInUseError } from './session/account-lock.ts';
import fs from 'node:fs';
import { libraryHasLinkOrigin } from './library/link-origins.ts';

import { EMPTY_UPLOAD_TOTALS } from '../../shared/model.ts';
import { Network } from './net/network.ts';
import { ProxyChoice } from './net/proxy-choice.ts';
import { environmentResolver } from './net/proxy-route.ts';
import { createNodeTransport } from './api/http.ts';

/** How often a window whose account is open in another process tries again. */
const ACCOUNT_IN_USE_RETRY_MS = 5_000;

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
  const network = new Network(proxyChoice);
  const transport = createNodeTransport(network);
  const auth = new AuthService({ secrets, settings, events, logger, registry: logger, transport });
  const grants = new PathGrants();
  const mediaTokens = new MediaTokens();

  const late: { client?: ServiceClient } = {};
  const connection = new ConnectionMonitor({
    // Operation 10 is the cheapest read that proves the service answers with this key.
    probe: () => (late.client ? late.client.slots() : Promise.resolve()),
    events,
    logger,
  });
  const client = new ServiceClient({
    transport,
    baseUrl: () => settings.get().baseUrl,
    apiKey: () => auth.getKey(),
    logger,
    secrets: logger,
    connection,
    keyHealth: auth.keyHealth,
  });
  late.client = client;

  const sessions = new SessionSwitch({ options, client, connection, events, logger, grants, settings, auth, notices, network });
  await sessions.follow();
  const unsubscribeAuth = auth.onChange(() => void sessions.follow());
  const unsubscribeSettings = settings.onChange((next, previous) => {
    sessions.current?.applySettings(next);
    // Kept-alive tunnels belong to the old choice.
    if (JSON.stringify(next.proxy) !== JSON.stringify(previous.proxy)) network.setResolver(proxyChoice);
  });

  const handlers: CoreHandlers = {
    'app:notices': () => notices.list(),
    'app:dismissNotice': ({ id }) => notices.dismiss(id),
    ...settingsHandlers(settings),
    ...authHandlers(auth),
    ...connectionHandlers(connection),
    'proxy:status': () => proxyChoice.status(),
    'proxy:setPassword': async ({ password }) => {
      const status = await proxyChoice.setPassword(password);
      network.setResolver(proxyChoice);
      return status;
    },
    'sandbox:start': async () => {
      if (!options.sandboxAvailable || !options.startSandbox) {
        throw new AppError('unavailable', 'The local sandbox is only offered when Vidlift runs from its source tree.', { retryable: false });
      }
      const sandbox = await options.startSandbox();
      return auth.setKey(sandbox.baseUrl, sandbox.apiKey);
    },
    ...createMediaHandlers({
      tokens: mediaTokens,
      mayLend: (path) => grants.isGranted(path) || (sessions.current?.localMedia.wasUploaded(path) ?? false),
      url: options.mediaUrl ?? electronMediaUrl,
    }),
    ...delegateToSession({ current: () => sessions.current?.handlers ?? null, refuse: () => sessions.refuse(), signedOut: SIGNED_OUT_ANSWERS }),
  };

  const batchListeners = new Set<(summary: { done: number; failed: number }) => void>();
  sessions.onOpen((session) => session.uploads.onBatchFinished((summary) => batchListeners.forEach((listener) => listener(summary))));

  return {
    handlers,
    events,
    logger,
    grantPath: (path) => grants.grant(path),
    media: {
      serve: async (token, method, range) => {
        const path = mediaTokens.resolve(token);
        if (path === null) return { status: 404, headers: { 'Cache-Control': 'no-store' }, body: null };
        return serveMediaFile(path, method, range);
      },
    },
    uploads: {
      totals: () => sessions.current?.uploads.totals() ?? EMPTY_UPLOAD_TOTALS,
      pauseAll: () => void sessions.current?.uploads.pause(),
      resumeAll: () => void sessions.current?.uploads.resume(),
      onBatchFinished: (listener) => {
        batchListeners.add(listener);
        return () => batchListeners.delete(listener);
      },
    },
    setWindowVisible: (visible) => sessions.current?.setWindowVisible(visible),
    knowsLinkOrigin: (origin) => (sessions.current ? libraryHasLinkOrigin(sessions.current.db, origin) : false),
    close: async () => {
      unsubscribeAuth();
      unsubscribeSettings();
      connection.stop();
      await sessions.close();
      network.close();
      fileSink.close();
    },
  };
}

interface SessionSwitchDeps {
  options: CoreOptions;
  client: ServiceClient;
  connection: ConnectionMonitor;
  events: EventHub;
  logger: RedactingLogger;
  grants: PathGrants;
  settings: SettingsStore;
  auth: AuthService;
  notices: StartupNotices;
  network: Network;
}

/** Keeps exactly one account session open: the one of the current address and key. */
class SessionSwitch {
  current: AccountSession | null = null;
  readonly #deps: SessionSwitchDeps;
  readonly #openListeners = new Set<(session: AccountSession) => (() => void) | void>();
  #identity: string | null = null;
  #switching: Promise<void> = Promise.resolve();
  #closeHooks: Array<() => void> = [];
  /** Why the account of the current key is not open (its library could not be opened), or null. */
  #blocked: string | null = null;
  #retry: NodeJS.Timeout | null = null;

  constructor(deps: SessionSwitchDeps) {
    this.#deps = deps;
  }

  /** Throws why no account is open. */
  refuse(): never {
    if (this.#blocked) throw new AppError('unavailable', this.#blocked, { retryable: false });
    throw new AppError('unauthorized', 'Enter the service address and your API key first.', { retryable: false });
  }

  onOpen(listener: (session: AccountSession) => (() => void) | void): void {
    this.#openListeners.add(listener);
    if (this.current) this.#runOpenListener(listener, this.current);
  }

  /** Opens, closes or replaces the session so it matches the current address and key. */
  follow(): Promise<void> {
    this.#switching = this.#switching.then(() => this.#follow()).catch((error: unknown) => {
      this.#deps.logger.error('could not open the account', { error });
    });
    return this.#switching;
  }

  async close(): Promise<void> {
    if (this.#retry) clearTimeout(this.#retry);
    this.#retry = null;
    await this.#switching;
    await this.#closeCurrent();
  }

  async #follow(): Promise<void> {
    const baseUrl = this.#deps.settings.get().baseUrl;
    const { notices } = this.#deps;
    let key: string | null = null;
    try {
      key = baseUrl === null ? null : await this.#deps.auth.getKey();
      notices.clear('keychain-unavailable');
    } catch (error) {
      // No usable keychain: no account can open; the window says why and what to do.
      this.#deps.logger.warn('the key could not be read', { error });
      notices.add(keychainUnavailable(error instanceof Error ? error.message : String(error)));
    }
    const identity = baseUrl !== null && key !== null ? `${baseUrl}\n${key}` : null;
    if (identity === this.#identity) return;
    await this.#closeCurrent();
    this.#identity = identity;
    this.#blocked = null;
    if (baseUrl === null || key === null) return;
    let session: AccountSession;
    try {
      session = this.#open(baseUrl, key);
    } catch (error) {
      if (error instanceof AccountInUseError) {
        this.#waitForOtherProcess(error);
        return;
      }
      const notice =
        error instanceof SchemaFromNewerVersionError
          ? libraryFromNewerVersion(accountDatabaseFile(this.#deps.options.dataDir, baseUrl, key))
          : libraryUnopened('SQLite could not open it.');
      notices.add(notice);
      this.#blocked = `${notice.title} ${notice.detail}`;
      throw error;
    }
    this.current = session;
    notices.clear('account-in-use');
    for (const listener of this.#openListeners) this.#runOpenListener(listener, session);
    session.start();
  }

  /** Another process has the account: say so, and try again until it lets go. */
  #waitForOtherProcess(error: AccountInUseError): void {
    this.#deps.notices.add(accountInUse());
    this.#blocked = error.message;
    this.#identity = null;
    this.#retry = setTimeout(() => {
      this.#retry = null;
      void this.follow();
    }, ACCOUNT_IN_USE_RETRY_MS);
    this.#retry.unref();
  }

  #open(baseUrl: string, key: string): AccountSession {
    return new AccountSession({
      dataDir: this.#deps.options.dataDir,
      baseUrl,
      key,
      api: this.#deps.client,
      connection: this.#deps.connection,
      events: this.#deps.events,
      logger: this.#deps.logger,
      grants: this.#deps.grants,
      settings: this.#deps.settings.get(),
      onLibraryDamaged: (keptFile) => this.#deps.notices.add(libraryDamaged(keptFile)),
      network: this.#deps.network,
    });
  }

  #runOpenListener(listener: (session: AccountSession) => (() => void) | void, session: AccountSession): void {
    const dispose = listener(session);
    if (dispose) this.#closeHooks.push(dispose);
  }

  async #closeCurrent(): Promise<void> {
    const session = this.current;
    if (!session) return;
    this.current = null;
    for (const dispose of this.#closeHooks.splice(0)) dispose();
    await session.close();
  }
}
