// One open session per account that has a key, shown or not: switching accounts never stops
// another account's uploads, its outbox or its watch folders. Each account gets its own
// service client (its address, its key), its own connection monitor, its handlers (what an
// account-scoped call naming it is answered by: routes.ts), and an event sink that stamps its
// id on its events (events.ts).
import type { StartSyncWorker } from '../library/sync/writer.ts';
import { AppError } from '../../../shared/errors.ts';
import type { AccountRecord } from '../../../shared/accounts.ts';
import { EMPTY_UPLOAD_TOTALS, type UploadTotals } from '../../../shared/model.ts';
import { ServiceClient } from '../api/client.ts';
import { ConnectionMonitor } from '../api/connection.ts';
import type { Transport } from '../api/http.ts';
import type { AuthService } from './key-check.ts';
import type { PathGrants } from '../files/grants.ts';
import { SchemaFromNewerVersionError } from '../db/database.ts';
import type { RedactingLogger } from '../log/redacting.ts';
import type { Network } from '../net/network.ts';
import type { EventHub } from '../rpc/events.ts';
import type { AccountHandlers } from '../rpc/dispatch.ts';
import type { BatchSummary } from '../core.ts';
import type { SettingsStore } from '../settings/settings-store.ts';
import { AccountInUseError } from './in-use-error.ts';
import type { AccountSession } from './session.ts';
import type { StartupNotices } from '../startup/notices.ts';
import { accountInUse, libraryDamaged, libraryFromNewerVersion, libraryUnopened } from '../startup/notice-texts.ts';
import { accountDatabasePath, type AccountRegistry } from './registry.ts';
import { AccountEvents } from './events.ts';
import { KeyGatedConnectivity } from './key-gate.ts';
import type { QueueConditions } from '../uploads/conditions.ts';
import { said, type Said } from '../../../shared/said.ts';

/**
 * An account's parts (library, sync, queue, uploads, watch folders, links, exports) and the
 * packages they need load with the first account opened, not with the core: the window's first
 * answers wait for none of it (issue 33; the main bundle has them as a chunk of their own).
 */
let sessionModule: Promise<typeof import('./session.ts')> | null = null;
const loadSessionModule = (): Promise<typeof import('./session.ts')> => (sessionModule ??= import('./session.ts'));

/** How often an account that is open in another process is tried again. */
const ACCOUNT_IN_USE_RETRY_MS = 5_000;

export interface SessionPoolDeps {
  dataDir: string;
  accounts: AccountRegistry;
  auth: AuthService;
  events: EventHub;
  logger: RedactingLogger;
  grants: PathGrants;
  settings: SettingsStore;
  notices: StartupNotices;
  network: Network;
  transport: Transport;
  /** Consumes a path chosen in the save dialog (exports write only there). */
  mayWrite: (path: string) => boolean;
  /** When this run of Vidlift started (the export source "uploads of this session"). */
  startedAt: number;
  /** Starts a library's sync writer thread (CoreOptions.startSyncWorker). */
  startSyncWorker?: StartSyncWorker | null;
  /** The app's upload conditions (limit in force, windows, power): every account's queue runs under them. */
  conditions?: QueueConditions;
}

/** An account's open parts. */
export interface OpenAccount {
  id: string;
  session: AccountSession;
  client: ServiceClient;
  connection: ConnectionMonitor;
  gate: KeyGatedConnectivity;
  /** Every account-scoped method, answered for this account. */
  handlers: AccountHandlers;
}

export class SessionPool {
  readonly #deps: SessionPoolDeps;
  readonly #open = new Map<string, OpenAccount>();
  /** Why an account with a key is not open (its library could not be opened, or another process has it). */
  readonly #blocked = new Map<string, Said>();
  readonly #retries = new Map<string, NodeJS.Timeout>();
  readonly #openListeners = new Set<(session: AccountSession) => (() => void) | void>();
  readonly #closeHooks = new Map<string, Array<() => void>>();
  readonly #uploadListeners = new Set<() => void>();
  readonly #batchListeners = new Set<(summary: BatchSummary) => void>();
  #syncing: Promise<void> = Promise.resolve();
  #syncsInFlight = 0;
  #closed = false;

  constructor(deps: SessionPoolDeps) {
    this.#deps = deps;
    this.onOpen((session) => session.uploads.onBatchFinished((summary) => this.#batchListeners.forEach((listener) => listener(summary))));
  }

  /** An account's open parts, or null while it has no key (or cannot open). */
  open(id: string): OpenAccount | null {
    return this.#open.get(id) ?? null;
  }

  /** The parts of the account the window last showed (a preference in settings), or null. */
  get shown(): OpenAccount | null {
    const active = this.#deps.accounts.active();
    return active ? this.open(active.id) : null;
  }

  openAccounts(): OpenAccount[] {
    return [...this.#open.values()];
  }

  /**
   * The computer woke from sleep: each queue sends again at once what died while it slept,
   * and each account's service is tried again (the network may have changed meanwhile).
   */
  wake(): void {
    for (const open of this.#open.values()) {
      open.session.uploads.wake();
      void open.connection.checkNow().catch((error: unknown) => this.#deps.logger.warn('the service could not be checked after a wake', { error }));
    }
  }

  sessions(): AccountSession[] {
    return [...this.#open.values()].map((open) => open.session);
  }

  /** Every account's queue together (the tray and the taskbar count them all). */
  totals(): UploadTotals {
    const all = this.sessions().map((session) => session.uploads.totals());
    if (all.length === 0) return EMPTY_UPLOAD_TOTALS;
    if (all.length === 1) return all[0]!;
    const sum = (pick: (totals: UploadTotals) => number): number => all.reduce((total, totals) => total + pick(totals), 0);
    const bytesLeft = sum((t) => t.bytesTotal - t.bytesSent);
    const speed = sum((t) => t.speed);
    return {
      bytesSent: sum((t) => t.bytesSent),
      bytesTotal: sum((t) => t.bytesTotal),
      speed,
      etaSeconds: speed > 0 ? Math.round(bytesLeft / speed) : null,
      active: sum((t) => t.active),
      waiting: sum((t) => t.waiting),
      done: sum((t) => t.done),
      failed: sum((t) => t.failed),
    };
  }

  accountTotals(id: string): { active: number; waiting: number } {
    const totals = this.#open.get(id)?.session.uploads.totals();
    return { active: totals?.active ?? 0, waiting: totals?.waiting ?? 0 };
  }

  /** The e-mail an open account's library last fetched with operation 1 (null: never fetched, or not open). */
  cachedEmail(id: string): string | null {
    return this.#open.get(id)?.session.library.account.accountView().account?.email ?? null;
  }

  /** Throws why an account (null: none) is not open. */
  refuse(id: string | null): never {
    const blocked = id === null ? undefined : this.#blocked.get(id);
    if (blocked) throw new AppError('unavailable', blocked, { retryable: false });
    throw new AppError('unauthorized', said('account_setup_needed'), { retryable: false });
  }

  onOpen(listener: (session: AccountSession) => (() => void) | void): void {
    this.#openListeners.add(listener);
    for (const open of this.#open.values()) this.#runOpenListener(open.id, listener, open.session);
  }

  /** A batch of uploads ended in any account (nothing left waiting or running there). */
  onBatchFinished(listener: (summary: BatchSummary) => void): () => void {
    this.#batchListeners.add(listener);
    return () => this.#batchListeners.delete(listener);
  }

  /** Any account's queue changed. */
  onUploads(listener: () => void): () => void {
    this.#uploadListeners.add(listener);
    return () => this.#uploadListeners.delete(listener);
  }

  /** Opens the sessions of accounts that have a key and closes the others. */
  sync(): Promise<void> {
    this.#syncsInFlight += 1;
    this.#syncing = this.#syncing
      .then(() => this.#sync())
      .catch((error: unknown) => this.#deps.logger.error('could not open the accounts', { error }))
      .finally(() => {
        this.#syncsInFlight -= 1;
      });
    return this.#syncing;
  }

  /**
   * While accounts are being opened (a key was just saved, the start, a lock let go): the
   * promise of that pass. A call for an account that is not open yet waits for it instead of
   * being told to sign in (routes.ts); null once nothing is opening.
   */
  opening(): Promise<void> | null {
    return this.#syncsInFlight > 0 ? this.#syncing : null;
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const timer of this.#retries.values()) clearTimeout(timer);
    this.#retries.clear();
    await this.#syncing;
    await Promise.allSettled([...this.#open.keys()].map((id) => this.#closeOne(id)));
  }

  /** Closes an account's session (before its data is deleted). */
  async closeAccount(id: string): Promise<void> {
    await this.#syncing;
    await this.#closeOne(id);
  }

  async #sync(): Promise<void> {
    if (this.#closed) return;
    const { accounts, notices } = this.#deps;
    const wanted = new Map<string, AccountRecord>();
    for (const record of accounts.list()) {
      try {
        if ((await accounts.key(record.id)) !== null) wanted.set(record.id, record);
      } catch (error) {
        // No usable keychain: the startup notice (services.ts) says why; nothing opens meanwhile.
        this.#deps.logger.warn('the key of an account could not be read', { error });
      }
    }
    for (const id of [...this.#open.keys()]) if (!wanted.has(id)) await this.#closeOne(id);
    for (const id of [...this.#blocked.keys()]) if (!wanted.has(id)) this.#blocked.delete(id);
    let Session: typeof AccountSession | null = null;
    for (const record of wanted.values()) {
      if (this.#open.has(record.id) || this.#retries.has(record.id)) continue;
      this.#blocked.delete(record.id);
      Session ??= (await loadSessionModule()).AccountSession;
      // Closed while the module loaded: nothing opens behind the close.
      if (this.#closed) return;
      try {
        this.#openOne(record, Session);
      } catch (error) {
        if (error instanceof AccountInUseError) {
          this.#waitForOtherProcess(record.id, error);
          continue;
        }
        const notice =
          error instanceof SchemaFromNewerVersionError
            ? libraryFromNewerVersion(accountDatabasePath(this.#deps.dataDir, record.id))
            : libraryUnopened();
        notices.add(notice);
        // The refusal says what happened; what to do is in the notice the window lists.
        this.#blocked.set(record.id, notice.title);
        this.#deps.logger.error('could not open an account', { error });
      }
    }
    if (![...this.#retries.keys()].some((id) => id === accounts.active()?.id)) notices.clear('account-in-use');
  }

  #openOne(record: AccountRecord, Session: typeof AccountSession): void {
    const { id } = record;
    const { accounts, auth, logger } = this.#deps;
    const events = new AccountEvents(this.#deps.events, id, () => this.#uploadListeners.forEach((listener) => listener()));
    const late: { client?: ServiceClient } = {};
    const connection = new ConnectionMonitor({
      // Operation 10 is the cheapest read that proves the service answers with this key.
      probe: (signal) => (late.client ? late.client.slots({ signal }) : Promise.resolve()),
      events,
      logger,
    });
    const client = new ServiceClient({
      transport: this.#deps.transport,
      // Read at each call: a replaced key or address applies at once.
      baseUrl: () => accounts.find(id)?.baseUrl ?? record.baseUrl,
      apiKey: () => accounts.key(id),
      logger,
      secrets: logger,
      connection,
      keyHealth: auth.keyHealthFor(id),
    });
    late.client = client;
    const gate = new KeyGatedConnectivity(
      connection,
      () => auth.isKeyRefused(id),
      (listener) => auth.onKeyVerdict((accountId) => accountId === id && listener()),
    );
    let session: AccountSession;
    try {
      session = new Session({
        dataDir: this.#deps.dataDir,
        accountId: id,
        api: client,
        connection: gate,
        events,
        logger,
        grants: this.#deps.grants,
        settings: { ...this.#deps.settings.get(), watchFolders: accounts.watchFoldersOf(id) },
        onLibraryDamaged: (keptFile) => this.#deps.notices.add(libraryDamaged(keptFile)),
        network: this.#deps.network,
        mayWrite: this.#deps.mayWrite,
        startedAt: this.#deps.startedAt,
        onLockLost: () => this.#lockLost(id),
        ...(this.#deps.conditions ? { conditions: this.#deps.conditions } : {}),
        ...(this.#deps.startSyncWorker !== undefined ? { startSyncWorker: this.#deps.startSyncWorker } : {}),
      });
    } catch (error) {
      connection.stop();
      gate.dispose();
      throw error;
    }
    const handlers: AccountHandlers = {
      ...session.handlers,
      // The monitor's view, not the key gate's: a refused key is its own state (keyRefused), never shown as offline.
      'connection:get': () => connection.state(),
      // "Retry now": the service is tried at once; the state after the try.
      'connection:check': () => connection.checkNow(),
    };
    this.#open.set(id, { id, session, client, connection, gate, handlers });
    for (const listener of this.#openListeners) this.#runOpenListener(id, listener, session);
    session.start();
  }

  /**
   * The account's lock was lost (this process stalled past the stale time and another process
   * may have taken the account): this session stops sending at once, and the account opens
   * again through the usual way, which waits while the other process has it.
   */
  #lockLost(id: string): void {
    this.#syncing = this.#syncing
      .then(async () => {
        if (this.#closed) return;
        await this.#closeOne(id);
        await this.#sync();
      })
      .catch((error: unknown) => this.#deps.logger.error('could not reopen an account after its lock was lost', { error }));
  }

  /** Another process has the account: say so (if it is the one shown), and try again until it lets go. */
  #waitForOtherProcess(id: string, error: AccountInUseError): void {
    if (this.#deps.accounts.active()?.id === id) this.#deps.notices.add(accountInUse());
    this.#blocked.set(id, error.said);
    const timer = setTimeout(() => {
      this.#retries.delete(id);
      void this.sync();
    }, ACCOUNT_IN_USE_RETRY_MS);
    timer.unref();
    this.#retries.set(id, timer);
  }

  #runOpenListener(id: string, listener: (session: AccountSession) => (() => void) | void, session: AccountSession): void {
    const dispose = listener(session);
    if (dispose) this.#closeHooks.set(id, [...(this.#closeHooks.get(id) ?? []), dispose]);
  }

  async #closeOne(id: string): Promise<void> {
    const open = this.#open.get(id);
    if (!open) return;
    this.#open.delete(id);
    for (const dispose of this.#closeHooks.get(id) ?? []) dispose();
    this.#closeHooks.delete(id);
    open.connection.stop();
    open.gate.dispose();
    await open.session.close();
    this.#uploadListeners.forEach((listener) => listener());
  }
}
