// Everything that belongs to one account: its database file, the library (store, sync,
// outbox), the upload engine, remote imports and watch folders. The session pool
// (accounts/pool.ts) keeps one open per account that has a key, shown or not, so
// two accounts never share a queue or a cache.
import type { StartSyncWorker } from '../library/sync/writer.ts';
import { chmodSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { accountDatabasePath, accountIdFor } from './registry.ts';
import { lockAccount, type AccountLock } from './lock.ts';
import type { Connectivity } from '../connectivity.ts';
import type { ServiceApi } from '../api/service-api.ts';
import type { PathGrants } from '../files/grants.ts';
import { openAccountDatabase } from './database.ts';
import { Library } from '../library/library.ts';
import { createLibraryHandlers } from '../library/handlers.ts';
import type { Db } from '../db/database.ts';
import type { RedactingLogger } from '../log/redacting.ts';
import { RemoteImports, createRemoteHandlers } from '../remote/index.ts';
import type { EventSink } from '../rpc/events.ts';
import type { Settings } from '../settings/settings-store.ts';
import { UploadEngine } from '../uploads/engine.ts';
import { WatchManager } from '../watch/watch-manager.ts';
import type { WatchFolder } from '../../../shared/watch.ts';
import { createUploadHandlers } from '../uploads/handlers.ts';
import { LocalMedia, createLocalMediaHandlers } from '../uploads/local-media.ts';
import { createFrameThumbnailHandlers } from '../library/frame-thumbnail.ts';
import type { AccountHandlers } from '../rpc/dispatch.ts';

/** What a session answers itself; its connection is the pool's (pool.ts). */
export type SessionHandlers = Omit<AccountHandlers, 'connection:get' | 'connection:check'>;
import type { Network } from '../net/network.ts';
import { ExportService } from '../export/export-service.ts';
import type { QueueConditions } from '../uploads/conditions.ts';
import { createExportHandlers } from '../export/handlers.ts';
import { Links } from '../links/links.ts';
import { createLinksHandlers } from '../links/handlers.ts';
import { createLinkTextHandlers } from '../links/link-text-handlers.ts';
import { deadMatching } from '../links/health.ts';

export interface AccountSessionDeps {
  dataDir: string;
  /** The account (accounts/registry.ts): names its database. */
  accountId: string;
  api: ServiceApi;
  /** The one connectivity view (the connection monitor), shared by every part. */
  connection: Connectivity;
  events: EventSink;
  logger: RedactingLogger;
  grants: PathGrants;
  settings: Settings;
  /** The database file was damaged: it was renamed to `keptFile` and a new library started. */
  onLibraryDamaged: (keptFile: string) => void;
  /** How the service's file servers are reached (the same proxy choice as the client's). */
  network?: Network;
  /** Consumes a path chosen in the save dialog: an export writes only there. */
  mayWrite?: (path: string) => boolean;
  /** When this run of Vidlift started (the export source "uploads of this session"). */
  startedAt?: number;
  /** Starts the library's sync writer thread (default: its TypeScript source, under Node). */
  startSyncWorker?: StartSyncWorker | null;
  /**
   * The account's lock was lost (this process stalled past its stale time, and another may
   * have taken the account): the owner must close this session at once. Called once, from a timer.
   */
  onLockLost?: () => void;
  /** The app's upload conditions (issue 31): the limit in force, windows, power. Absent: the one limit of the settings. */
  conditions?: QueueConditions;
}

/** The database file of the account added with this address and key (tests, tools). */
export function accountDatabaseFile(dataDir: string, baseUrl: string, key: string): string {
  return accountDatabasePath(dataDir, accountIdFor(baseUrl, key));
}

export class AccountSession {
  readonly db: Db;
  readonly library: Library;
  readonly uploads: UploadEngine;
  readonly remote: RemoteImports;
  /** The files videos were uploaded from (their length; playing them to pick a frame). */
  readonly localMedia: LocalMedia;
  /** Video health, tombstones, the takedown watch, Upload again and the link map (issue 29). */
  readonly links: Links;
  /** Watch folders: finished files in them are queued on their own. */
  readonly watch: WatchManager;
  readonly handlers: SessionHandlers;

  readonly #lock: AccountLock;
  #watchFolders: readonly WatchFolder[];

  constructor(deps: AccountSessionDeps) {
    const file = accountDatabasePath(deps.dataDir, deps.accountId);
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    // The accounts folder is the app's own: tightened even when an older version made it.
    if (process.platform !== 'win32') chmodSync(dirname(file), 0o700);
    // Before the database is touched: the queue in it has one sender (AccountInUseError).
    this.#lock = lockAccount(file, (error) => {
      deps.logger.error('the lock on this account was lost: its session stops', { error });
      deps.onLockLost?.();
    });
    let db: Db;
    try {
      db = openAccountDatabase(file, { onDamaged: deps.onLibraryDamaged });
    } catch (error) {
      this.#lock.release();
      throw error;
    }
    this.db = db;
    // A store that refuses the file (tables from a newer version) must not leave it open.
    try {
      const connectivity = deps.connection;
      this.library = new Library({
        db: this.db,
        api: deps.api,
        events: deps.events,
        connectivity,
        logger: deps.logger,
        ...(deps.startSyncWorker !== undefined ? { startSyncWorker: deps.startSyncWorker } : {}),
      });
      this.uploads = new UploadEngine({
        db: this.db,
        api: deps.api,
        connectivity,
        events: deps.events,
        logger: deps.logger,
        secrets: deps.logger,
        onVideoUploaded: (video, folderId) => {
          this.library.upsertUploadedVideo(video, folderId);
          // An upload again confirmed: its link-map pair.
          this.links.settle();
        },
        isVideoDead: (videoId) => this.links.isDead(videoId),
        onFileLanded: (path) => void this.watch.fileUploaded(path),
        concurrency: deps.settings.uploadConcurrency,
        bandwidthLimit: deps.settings.bandwidthLimit,
        ...(deps.conditions ? { conditions: deps.conditions } : {}),
        pausePatienceMs: deps.settings.pausePatienceSeconds * 1000,
        ...(deps.network ? { network: deps.network } : {}),
      });
      this.remote = new RemoteImports({
        api: deps.api,
        db: this.db,
        outbox: this.library.outbox,
        events: deps.events,
        connectivity,
        logger: deps.logger,
        // A finished import is a new video: the library fetches it, then the import links to it.
        onImportsFinished: () => void this.library.sync.syncNow().then(() => this.remote.viewChanged(), () => undefined),
      });
      this.links = new Links({ db: this.db, library: this.library, uploads: this.uploads, api: deps.api, events: deps.events });
      // Files dropped into a folder made offline wait for it, then go into it.
      this.library.onFolderIdAssigned((tempId, realId) => this.uploads.folderIdAssigned(tempId, realId));
      this.localMedia = new LocalMedia(this.db);
      this.watch = new WatchManager({
        db: this.db,
        enqueue: (path, folderId, within) => this.uploads.add([path], folderId, { within }),
        events: deps.events,
        logger: deps.logger,
      });
      this.#watchFolders = deps.settings.watchFolders;
      this.handlers = {
        ...createLibraryHandlers(this.library, { isGranted: (path) => deps.grants.isGranted(path), searchDead: (query, limit) => deadMatching(this.db, query, limit) }),
        ...createUploadHandlers(this.uploads, deps.grants),
        ...createRemoteHandlers(this.remote),
        ...createLinksHandlers(this.links, deps.grants),
        ...createLinkTextHandlers({ db: this.db, lookupSource: this.links.lookupSource, isGranted: (path) => deps.grants.isGranted(path), mayWrite: deps.mayWrite ?? (() => false) }),
        ...createLocalMediaHandlers(this.localMedia),
        'watch:status': () => this.watch.status(),
        ...createExportHandlers(
          new ExportService({ store: this.library.store, db: this.db, sessionStartedAt: deps.startedAt ?? Date.now(), events: deps.events, mayWrite: deps.mayWrite ?? (() => false) }),
        ),
        ...createFrameThumbnailHandlers({ library: this.library, dir: file.replace(/\.sqlite$/, '-frames') }),
      };
    } catch (error) {
      db.close();
      this.#lock.release();
      throw error;
    }
  }

  start(): void {
    this.library.start();
    this.uploads.start();
    this.remote.start();
    void this.watch.apply(this.#watchFolders);
  }

  applySettings(settings: Settings): void {
    this.uploads.setConcurrency(settings.uploadConcurrency);
    this.uploads.setBandwidthLimit(settings.bandwidthLimit);
    this.uploads.setPausePatience(settings.pausePatienceSeconds * 1000);
    this.#watchFolders = settings.watchFolders;
    void this.watch.apply(settings.watchFolders);
  }

  setWindowVisible(visible: boolean): void {
    this.remote.setVisible(visible);
    this.watch.setWindowVisible(visible);
    if (visible) this.library.onFocus();
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.watch.stop(), this.uploads.stop(), this.remote.stop(), this.library.stop()]);
    this.db.close();
    this.#lock.release();
  }
}
