// The offline-first library, assembled: the store (reads at once), the sync engine
// (background refresh), the account cache and the outbox (local changes sent later).
// The composition root builds one per account database and calls start()/stop().
import type { ServiceVideo } from '../api/schemas.ts';
import type { Timers } from '../timers.ts';
import type { ServiceApi } from '../api/service-api.ts';
import type { Logger } from '../log/logger.ts';
import type { EventSink } from '../rpc/events.ts';
import { AccountCache, FetchLog } from './account-cache.ts';
import type { Connectivity } from '../connectivity.ts';
import type { Db } from '../db/database.ts';
import { Outbox, type FolderIdListener } from './outbox/outbox.ts';
import { LibraryStore } from './store.ts';
import { SubtitleStore } from './subtitles.ts';
import { SyncEngine, type SyncOptions } from './sync/sync.ts';
import { startSyncWorkerFromSource, type StartSyncWorker } from './sync/writer.ts';

export interface LibraryDeps {
  /** The account's database, opened with openLibraryDatabase (migrations applied). */
  db: Db;
  api: ServiceApi;
  events: EventSink;
  connectivity: Connectivity;
  logger: Logger;
  now?: () => number;
  /** The core's shared timers (the outbox's wait for the thumbnail window). */
  timers?: Timers;
  sync?: SyncOptions;
  /** Starts the sync's writer thread (sync/writer.ts); null: the sync writes on this thread. */
  startSyncWorker?: StartSyncWorker | null;
}

export class Library {
  readonly store: LibraryStore;
  readonly subtitles: SubtitleStore;
  readonly fetches: FetchLog;
  readonly account: AccountCache;
  readonly sync: SyncEngine;
  readonly outbox: Outbox;
  readonly #events: EventSink;
  readonly #now: () => number;

  constructor(deps: LibraryDeps) {
    const now = deps.now ?? Date.now;
    this.#now = now;
    this.#events = deps.events;
    this.store = new LibraryStore(deps.db);
    this.subtitles = new SubtitleStore(deps.db);
    this.fetches = new FetchLog(deps.db);
    const common = { api: deps.api, events: deps.events, connectivity: deps.connectivity, logger: deps.logger, now };
    this.account = new AccountCache({ ...common, db: deps.db, fetches: this.fetches });
    this.sync = new SyncEngine({
      ...common,
      store: this.store,
      fetches: this.fetches,
      account: this.account,
      ...(deps.sync ? { options: deps.sync } : {}),
      ...(deps.timers ? { timers: deps.timers } : {}),
      startWriter: deps.startSyncWorker === undefined ? startSyncWorkerFromSource : deps.startSyncWorker,
    });
    this.outbox = new Outbox({ ...common, db: deps.db, store: this.store, subtitles: this.subtitles, ...(deps.timers ? { timers: deps.timers } : {}) });
  }

  start(): void {
    this.outbox.start();
    this.sync.start();
  }

  async stop(): Promise<void> {
    await Promise.all([this.sync.stop(), this.outbox.stop()]);
  }

  /** The window got focus. */
  onFocus(): void {
    this.sync.onFocus();
  }

  /** The upload engine hands over each video it uploaded (operation 15's answer). */
  upsertUploadedVideo(video: ServiceVideo, folderId: number): void {
    const seq = this.store.knownInFolder(folderId, [video.id]).get(video.id) ?? this.store.maxSeq(folderId) + 1;
    this.store.upsertVideos(folderId, [{ video, seq }], this.#now());
    this.#events.emit('library:changed', { folders: false, folderIds: [folderId], account: false });
  }

  /** A folder created offline got its real id; other engines rewrite their references. */
  onFolderIdAssigned(listener: FolderIdListener): () => void {
    return this.outbox.onFolderIdAssigned(listener);
  }
}
