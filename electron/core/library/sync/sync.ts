// The background sync: brings the service's folder tree (operation 13, parent 0 returns the
// whole tree) and each folder's videos (operation 14) into the store, never in the way of a
// read. At most `concurrency` requests at a time across all folders.
//
// - Quick refresh (start, focus, timer): each folder's newest pages, stopping at the first
//   video already stored. One request per folder when nothing is new. A folder whose count
//   no longer matches the service's total lost videos: it is swept at once.
// - Full sweep (less often, and the first time a folder is seen): every page of every
//   folder, each written as it arrives (sync/writes.ts); finds videos removed or renamed on
//   the service once the last page is in and the listing agreed with itself.
// The page size adapts: ask for `pageSize`; a service that returns fewer while its total
// says more exist has a cap, and its perPage (or what it returned) is used from then on.
import type { Freshness, SyncStatus } from '../../../../shared/model.ts';
import type { ServiceApi } from '../../api/service-api.ts';
import type { Logger } from '../../log/logger.ts';
import type { EventSink } from '../../rpc/events.ts';
import type { AccountCache, FetchLog } from '../account-cache.ts';
import { isOffline } from '../../../../shared/errors.ts';
import { isReachable, type Connectivity } from '../../connectivity.ts';
import { backgroundTimers, type Timers } from '../../timers.ts';
import { Limiter } from './limiter.ts';
import { flattenFolderTree, type LibraryStore } from '../store.ts';
import { ChangeBatch } from './change-batch.ts';
import { createSyncWriter, type ReadOptions, type StartSyncWorker, type SyncWriter } from './writer.ts';
import type { ListedPage } from './writes.ts';

export interface SyncOptions {
  /** Requests in flight at once (default 4). */
  concurrency?: number;
  /** Page size asked for (default 500). */
  pageSize?: number;
  /** Quick refresh period (default 2 minutes); 0 = no timer. */
  quickIntervalMs?: number;
  /** A pass is a full sweep when the last one is older than this (default 30 minutes). */
  fullIntervalMs?: number;
  /** Page size of a quick refresh (default 50): the newest few tell whether anything is new. */
  quickPageSize?: number;
  /** Pages a quick refresh reads before it hands the folder to a sweep (default 4). */
  maxQuickPages?: number;
  /** A focus within this long after the last quick refresh does not start another (default 15 s). */
  focusQuietMs?: number;
}

export interface SyncDeps {
  api: ServiceApi;
  store: LibraryStore;
  fetches: FetchLog;
  account: AccountCache | null;
  events: EventSink;
  connectivity: Connectivity;
  logger: Logger;
  now: () => number;
  options?: SyncOptions;
  /** The core's shared timers (default: ones that never keep the process alive). */
  timers?: Timers;
  /** Starts the writer thread (sync/writer.ts); null writes on this thread. */
  startWriter?: StartSyncWorker | null;
}

const FOLDERS_KEY = 'folders';
const PAGE_SIZE_KEY = 'page_size';
const LAST_QUICK_KEY = 'last_quick_at';
const LAST_FULL_KEY = 'last_full_at';
/** Aborts the rest of a pass once the service could not be reached. */
class PassAborted extends Error {}

/**
 * Work that goes with every pass (the takedown watch, electron/core/links/): `duringPass` runs
 * beside the listings, its requests through the pass's limiter; `afterPass` once a pass ended
 * with the service reachable.
 */
export interface PassCompanion {
  duringPass(slot: <T>(work: () => Promise<T>) => Promise<T>): Promise<void>;
  afterPass?(): void;
}

interface Pass {
  full: boolean;
  startedAt: number;
  offline: unknown;
  batch: ChangeBatch;
}

export class SyncEngine {
  readonly #deps: SyncDeps;
  readonly #limiter: Limiter;
  /** Folder listings are written on the writer thread, a few folders per transaction (sync/writer.ts). */
  readonly #writer: SyncWriter;
  readonly #pageSize: number;
  readonly #maxQuickPages: number;
  readonly #quickPageSize: number;
  #perPage: number;
  #running: Promise<void> | null = null;
  #again: { full: boolean } | null = null;
  #timer: unknown = null;
  readonly #timers: Timers;
  #unsubscribe: (() => void) | null = null;
  #stopped = false;
  /** The id index a first sync went without, being built (id-index.ts). */
  #finishing: Promise<void> = Promise.resolve();
  readonly #companions: PassCompanion[] = [];
  /** Numbers the sweeps: the ids each one listed are noted under its number (sweep-seen.ts). */
  #sweeps = 0;

  constructor(deps: SyncDeps) {
    this.#deps = deps;
    this.#timers = deps.timers ?? backgroundTimers;
    const options = deps.options ?? {};
    this.#limiter = new Limiter(options.concurrency ?? 4);
    this.#writer = createSyncWriter(deps.store, deps.startWriter ?? null, deps.logger);
    this.#pageSize = options.pageSize ?? 500;
    this.#maxQuickPages = options.maxQuickPages ?? 4;
    this.#quickPageSize = options.quickPageSize ?? 50;
    const learned = Number(deps.store.getState(PAGE_SIZE_KEY));
    this.#perPage = learned > 0 && learned <= this.#pageSize ? learned : this.#pageSize;
  }

  /** The requests of a pass wait here: other readers of the service (operation 15 lookups) share it. */
  get limiter(): Limiter {
    return this.#limiter;
  }

  addCompanion(companion: PassCompanion): void {
    this.#companions.push(companion);
  }

  /** Runs a refresh now, then on the timer and whenever the connection comes back. */
  start(): void {
    this.#stopped = false;
    this.#unsubscribe = this.#deps.connectivity.onChange((connection) => {
      if (connection.state === 'online') void this.syncNow();
    });
    const interval = this.#deps.options?.quickIntervalMs ?? 120_000;
    if (interval > 0) this.#scheduleQuick(interval);
    void this.syncNow();
  }

  /** The periodic quick refresh; offline, the connection monitor probes and calls back instead. */
  #scheduleQuick(interval: number): void {
    this.#timer = this.#timers.setTimeout(() => {
      this.#timer = null;
      if (this.#stopped) return;
      if (isReachable(this.#deps.connectivity)) void this.syncNow();
      this.#scheduleQuick(interval);
    }, interval);
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    if (this.#timer !== null) this.#timers.clearTimeout(this.#timer);
    this.#timer = null;
    this.#again = null;
    await this.#running;
    await this.#finishing;
    await this.#writer.close();
    await this.#deps.store.titles.settled();
  }

  /** Resolves when the indexes a first sync deferred (by id, then by title) are built. */
  async indexesSettled(): Promise<void> {
    await this.#finishing;
    await this.#deps.store.titles.settled();
  }

  /** The window got focus: a quick refresh unless one ran moments ago. */
  onFocus(): void {
    const last = this.status().lastQuickAt;
    const quiet = this.#deps.options?.focusQuietMs ?? 15_000;
    if (last !== null && this.#deps.now() - last < quiet) return;
    void this.syncNow();
  }

  /**
   * Starts a pass (a full sweep when asked or when the last one is old) and resolves when
   * it ends. During a pass, asking again runs one more pass after it.
   */
  syncNow(request: { full?: boolean } = {}): Promise<void> {
    const full = request.full === true || this.#fullIsDue();
    if (this.#running) {
      this.#again = { full: full || (this.#again?.full ?? false) };
      return this.#running;
    }
    this.#running = this.#loop(full).finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  status(): SyncStatus {
    const { store } = this.#deps;
    const number = (key: string): number | null => {
      const value = store.getState(key);
      return value === null ? null : Number(value);
    };
    return { running: this.#running !== null, lastQuickAt: number(LAST_QUICK_KEY), lastFullAt: number(LAST_FULL_KEY) };
  }

  foldersFreshness(): Freshness {
    const freshness = this.#deps.fetches.freshness(FOLDERS_KEY);
    return { fetchedAt: freshness.fetchedAt, stale: freshness.stale || this.#running !== null };
  }

  folderFreshness(folderId: number): Freshness {
    const row = this.#deps.store.getFolderSync(folderId);
    const folders = this.#deps.fetches.freshness(FOLDERS_KEY);
    return {
      fetchedAt: row?.quickAt ?? null,
      stale: row?.quickAt == null || row.needsSweep || folders.stale || this.#running !== null,
    };
  }

  #fullIsDue(): boolean {
    const last = this.status().lastFullAt;
    const interval = this.#deps.options?.fullIntervalMs ?? 30 * 60_000;
    return last === null || this.#deps.now() - last >= interval;
  }

  async #loop(full: boolean): Promise<void> {
    let next: { full: boolean } | null = { full };
    while (next !== null) {
      this.#again = null;
      await this.#pass(next.full);
      next = this.#stopped ? null : this.#again;
    }
  }

  async #pass(full: boolean): Promise<void> {
    const { api, store, fetches, logger, now } = this.#deps;
    const pass: Pass = { full, startedAt: now(), offline: null, batch: new ChangeBatch(this.#deps.events, now) };
    const accountRefresh = this.#deps.account?.refreshAccount() ?? Promise.resolve(true);
    // A first sync writes rows only: the id index (id-index.ts) is built when the pass ends, the
    // title index after it. A first sync that never ended (the app was closed) ends first.
    await this.#finishing;
    if (store.ids.deferred) await this.#finishFirstSync();
    store.ids.deferIfEmpty();
    store.titles.deferIfEmpty();
    const companions = Promise.all(this.#companions.map((companion) => this.#runCompanion(companion, pass)));
    this.#writer.prepare(api);
    try {
      const tree = await this.#limiter.run(() => api.folders({ parent: 0 }));
      const { changed } = store.cacheWrite(() => {
        const result = store.replaceFolderTree(flattenFolderTree(tree.list), pass.startedAt);
        fetches.fetched(FOLDERS_KEY, now());
        return result;
      });
      if (changed) pass.batch.folders = true;
      pass.batch.flush();
      const folderIds = [0, ...store.serviceFolderIds()];
      await Promise.all(folderIds.map((id) => this.#syncFolder(id, pass)));
    } catch (error) {
      if (isOffline(error)) pass.offline = error;
      else logger.warn('sync: folder tree refresh failed', { error });
      store.cacheWrite(() => fetches.failed(FOLDERS_KEY, now()));
    } finally {
      await companions;
      pass.batch.flush();
    }
    // The listing is in: the id index is built on the writer's connection after the pass, off
    // its path (lookups by id scan meanwhile). The next pass, and stop(), wait for it.
    if (store.ids.deferred) this.#finishing = this.#finishFirstSync();
    await accountRefresh;
    // The client has told the connection monitor already; the pass just stops here.
    if (pass.offline !== null) return;
    store.cacheWrite(() => {
      store.setState(LAST_QUICK_KEY, String(now()));
      if (full) store.setState(LAST_FULL_KEY, String(now()));
    });
    // After the id index: its CREATE INDEX holds the write lock on the writer's connection, and a
    // title chunk waiting behind it for longer than busy_timeout failed with SQLITE_BUSY (seen at
    // 1M videos on a loaded machine: 'sync: title index build failed … database is locked').
    if (!store.titles.complete) {
      this.#finishing
        .then(() => store.titles.build(() => this.#stopped))
        .catch((error: unknown) => logger.warn('sync: title index build failed', { error }));
    }
    for (const companion of this.#companions) {
      try {
        companion.afterPass?.();
      } catch (error) {
        logger.warn('sync: work after the pass failed', { error });
      }
    }
  }

  /** A companion's work in this pass: offline ends the pass as a listing's would; another failure is only logged. */
  async #runCompanion(companion: PassCompanion, pass: Pass): Promise<void> {
    try {
      await companion.duringPass((work) =>
        this.#limiter.run(() => {
          if (pass.offline !== null || this.#stopped) throw new PassAborted();
          return work();
        }),
      );
    } catch (error) {
      if (error instanceof PassAborted) return;
      if (isOffline(error)) pass.offline ??= error;
      else this.#deps.logger.warn('sync: work beside the listings failed', { error });
    }
  }

  /** Builds the id index a first sync went without, on the writer's connection. */
  async #finishFirstSync(): Promise<void> {
    try {
      await this.#writer.write({ kind: 'finish' });
    } catch (error) {
      this.#deps.logger.warn('sync: building the id index failed (tried again next pass)', { error });
    }
    this.#deps.store.ids.reload();
  }

  async #syncFolder(folderId: number, pass: Pass): Promise<void> {
    try {
      const sync = this.#deps.store.getFolderSync(folderId);
      const sweep = pass.full || sync === null || sync.needsSweep;
      const changed = sweep ? await this.#sweepFolder(folderId, pass) : await this.#quickFolder(folderId, pass);
      if (changed) pass.batch.folderIds.add(folderId);
      pass.batch.maybeFlush();
    } catch (error) {
      if (error instanceof PassAborted) return;
      if (isOffline(error)) {
        pass.offline ??= error;
        return;
      }
      // One folder failing (deleted meanwhile, a bad page) must not stop the others.
      this.#deps.logger.warn('sync: folder refresh failed', { folderId, error });
      this.#deps.store.cacheWrite(() => this.#deps.store.markFolderNeedsSweep(folderId));
    }
  }

  /** Reads the newest pages until a stored video shows up. Returns whether anything changed. */
  async #quickFolder(folderId: number, pass: Pass): Promise<boolean> {
    const { store, now } = this.#deps;
    // The tree just said this folder is empty, and it is empty here: nothing to ask.
    if (folderId !== 0 && store.folderFiles(folderId) === 0 && store.countInFolder(folderId) === 0) {
      store.recordFolderSync(folderId, { at: now(), full: false, total: 0, needsSweep: false });
      return false;
    }
    const pages: ListedPage[] = [];
    let total = 0;
    let complete = false;
    try {
      for (let page = 1, offset = 0; page <= this.#maxQuickPages; page++) {
        const { listed, perPage } = await this.#listPage(folderId, page, pass, Math.min(this.#quickPageSize, this.#perPage), { knownIn: folderId });
        pages.push(listed);
        total = listed.pagination.total;
        offset += listed.count;
        complete = listed.known || listed.count < perPage || offset >= total;
        if (complete) break;
      }
    } catch (error) {
      this.#writer.drop(pages);
      throw error;
    }
    const { changed, lost } = await this.#writer.writeListing({ kind: 'quick', folderId, pages, complete, total, at: now() });
    // Videos were removed (or an earlier sync missed some): only a sweep can tell which.
    if (lost) return (await this.#sweepFolder(folderId, pass)) || changed > 0;
    return changed > 0;
  }

  /**
   * Reads every page, each written as it arrives; then removes what the service no longer
   * lists, if the listing agreed with itself. Returns whether anything changed.
   */
  async #sweepFolder(folderId: number, pass: Pass): Promise<boolean> {
    const { now } = this.#deps;
    const sweep = { sweep: ++this.#sweeps, folderId, startedAt: now(), at: now };
    const first = await this.#listPage(folderId, 1, pass, this.#perPage, { sweepPage: { ...sweep, offset: 0 } });
    // Most folders fit one page: its write was the whole sweep.
    if (first.listed.written?.ended === true) return first.listed.written.changed > 0;
    const { total } = first.listed.pagination;
    const pageCount = Math.max(1, Math.ceil(total / first.perPage));
    const rest = await Promise.allSettled(
      Array.from({ length: pageCount - 1 }, (_, i) => this.#listPage(folderId, i + 2, pass, first.perPage, { sweepPage: { ...sweep, offset: (i + 1) * first.perPage } })),
    );
    const failed = rest.find((r) => r.status === 'rejected');
    if (failed !== undefined) {
      // Every page read has been written; the folder stays marked for a sweep and nothing is removed.
      await this.#writer.write({ kind: 'sweepAbandon', sweep: sweep.sweep }).catch(() => undefined);
      throw failed.reason;
    }
    const pages = [first.listed, ...rest.flatMap((r) => (r.status === 'fulfilled' ? [r.value.listed] : []))];
    const end = await this.#writer.write({
      kind: 'sweepEnd',
      sweep: sweep.sweep,
      folderId,
      startedAt: sweep.startedAt,
      total,
      totalsAgree: pages.every((page) => page.pagination.total === total),
      listed: pages.reduce((sum, page) => sum + page.count, 0),
      at: now(),
    });
    return end.changed + pages.reduce((sum, page) => sum + (page.written?.changed ?? 0), 0) > 0;
  }

  /**
   * One page through the limiter, read by the writer (sync/writer.ts). On page 1, learns the
   * service's page cap; returns the page size this page was read with (what later pages of the
   * same listing must use).
   */
  async #listPage(folderId: number, page: number, pass: Pass, perPage = this.#perPage, options: Omit<ReadOptions, 'received'> = {}) {
    const listed = await this.#limiter.run(async (received) => {
      // Listings read wait for the writer, not in memory. Asked in the slot, just before the
      // request: asked before it, every page of a long sweep (queued at once) found room at
      // once, and their replies piled up in the thread's queue (~1.2 GiB for 1M videos).
      await this.#writer.capacity();
      if (pass.offline !== null || this.#stopped) throw new PassAborted();
      return this.#writer.readPage(this.#deps.api, { folder: folderId, page, perPage }, { ...options, received });
    });
    let used = perPage;
    if (page === 1 && listed.count < perPage && listed.pagination.total > listed.count && listed.count > 0) {
      const capped = listed.pagination.perPage > 0 && listed.pagination.perPage < perPage ? listed.pagination.perPage : listed.count;
      used = capped;
      if (capped !== this.#perPage) {
        this.#perPage = capped;
        this.#deps.store.setState(PAGE_SIZE_KEY, String(capped));
        this.#deps.logger.info('sync: the service caps pages', { perPage: capped });
      }
    }
    return { listed, perPage: used };
  }
}
