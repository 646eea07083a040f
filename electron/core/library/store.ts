// The library as the app shows it: folders and videos read from SQLite at once, written by
// the sync engine (service values) and by the outbox (local changes, kept apart in local_*
// columns so a sync never overwrites them). Title search: see search/title-index.ts.
import type { SQLInputValue, StatementSync } from 'node:sqlite';
import type { Folder, PendingState, Video, VideoSort } from '../../../shared/model.ts';
import { prepared, transaction, type Db } from '../db/database.ts';
import { FOLDER_COLUMNS, VIDEO_COLUMNS, cacheWrite, readSyncState, toFolder, toVideo, writeSyncState, type FolderSyncRow, type Row, type ServiceFolder, type VideoWrite } from './store-rows.ts';
import { FolderPages } from './folder-pages.ts';
import { TitleIndex } from './search/title-index.ts';
import { IdIndex } from './id-index.ts';
import { deadAmong, entomb, entombListed, listingRevives, removeTombstone, type Burial } from './tombstones.ts';

/** The columns an insert of a video sets, in the order of its parameters (appendRow below). */
const INSERT_COLUMNS = ['id', 'folder_id', 'seq', 'name', 'created_at', 'is_public', 'views', 'size', 'skip_intro', 'download_url', 'embed_url', 'thumbnail_url', 'splash_url', 'local_at'] as const;
/** A video row's parameters in an insert. */
const VIDEO_PARAMS = INSERT_COLUMNS.length;
/**
 * Rows a first sync inserts with one statement (700 parameters of SQLite's 32,766), on the
 * writer thread's critical path. The 1M first sync (issue 33), five runs alternated with five
 * one row a statement: faster in four pairs (1.46-1.78x its lower bound against 1.43-1.82 on a
 * machine whose speed drifts) and with less CPU in four (15.0-21.4 s against 16.2-20.1); inserts
 * of this row shape took 5.1-5.3 µs a row against 5.1-7.0 in a microbenchmark.
 */
const ROWS_PER_INSERT = 50;

export { cacheWrite, flattenFolderTree, likePattern, ftsPhrase, TRIGRAM_MIN } from './store-rows.ts';
export type { ServiceFolder, VideoWrite, FolderSyncRow } from './store-rows.ts';

export class LibraryStore {
  readonly db: Db;
  readonly #videoById: StatementSync;
  readonly #insertVideo: StatementSync;
  /** ROWS_PER_INSERT rows in one statement: a first sync's inserts (upsertVideos without lookups). */
  readonly #insertVideos: StatementSync;
  readonly #updateVideo: StatementSync;
  /** Kept in step with every title written or removed here. */
  readonly titles: TitleIndex;
  /** The unique index by id, dropped while a first sync fills an empty library. */
  readonly ids: IdIndex;
  /** Folder pages by keyset, behind offsets. */
  readonly pages: FolderPages;

  constructor(db: Db) {
    this.db = db;
    this.#videoById = db.prepare(
      `SELECT rid, folder_id, seq, name, created_at, is_public, views, size, skip_intro, download_url, embed_url, thumbnail_url, splash_url
       FROM lib_videos WHERE id = ?`,
    );
    const insertInto = `INSERT INTO lib_videos (${INSERT_COLUMNS.join(', ')}) VALUES `;
    const oneRow = `(${INSERT_COLUMNS.map(() => '?').join(', ')})`;
    this.#insertVideo = db.prepare(insertInto + oneRow);
    this.#insertVideos = db.prepare(insertInto + Array.from({ length: ROWS_PER_INSERT }, () => oneRow).join(', '));
    this.#updateVideo = db.prepare(
      `UPDATE lib_videos SET folder_id = ?, seq = ?, name = ?, created_at = ?, is_public = ?, views = ?, size = ?, skip_intro = ?,
         download_url = ?, embed_url = ?, thumbnail_url = ?, splash_url = ?, local_at = COALESCE(?, local_at)
       WHERE rid = ?`,
    );
    this.titles = new TitleIndex(db);
    this.ids = new IdIndex(db);
    this.pages = new FolderPages(db);
  }

  /** One transaction of cache data: see cacheWrite. */
  cacheWrite<T>(work: () => T): T {
    return cacheWrite(this.db, work);
  }

  // ---- folders ------------------------------------------------------------------------

  listFolders(): Folder[] {
    // Service order first (tree listing order), folders waiting to be created last.
    return prepared(this.db, `SELECT ${FOLDER_COLUMNS} FROM lib_folders ORDER BY id < 0, position, id`).all().map(toFolder);
  }

  getFolder(id: number): Folder | null {
    const row = prepared(this.db, `SELECT ${FOLDER_COLUMNS} FROM lib_folders WHERE id = ?`).get(id);
    return row ? toFolder(row) : null;
  }

  /** Service folder ids (positive), in tree order. */
  serviceFolderIds(): number[] {
    return prepared(this.db, 'SELECT id FROM lib_folders WHERE id > 0 ORDER BY position').all().map((r) => Number(r.id));
  }

  folderFiles(id: number): number | null {
    const row = prepared(this.db, 'SELECT files FROM lib_folders WHERE id = ?').get(id);
    return row ? Number(row.files) : null;
  }

  /**
   * Replaces the service's folders with a fresh tree listing. Folders created offline
   * (negative ids) stay; a folder this app created after `fetchStartedAt` stays too (the
   * listing was taken before it existed). Returns whether anything visible changed.
   */
  replaceFolderTree(folders: readonly ServiceFolder[], fetchStartedAt: number): { changed: boolean; removed: number[] } {
    return transaction(this.db, () => {
      const existing = new Map<number, Row>();
      for (const row of prepared(this.db, 'SELECT id, parent, name, code, is_public, open_embed, files, color, position FROM lib_folders WHERE id > 0').all()) {
        existing.set(Number(row.id), row);
      }
      const upsert = prepared(
        this.db,
        `INSERT INTO lib_folders (id, parent, name, code, is_public, open_embed, files, color, position) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET parent = excluded.parent, name = excluded.name, code = excluded.code, is_public = excluded.is_public,
           open_embed = excluded.open_embed, files = excluded.files, color = excluded.color, position = excluded.position`,
      );
      let changed = false;
      folders.forEach((f, position) => {
        const row = existing.get(f.id);
        existing.delete(f.id);
        const same =
          row !== undefined &&
          Number(row.parent) === f.parent &&
          row.name === f.name &&
          row.code === f.code &&
          row.is_public === (f.isPublic ? 1 : 0) &&
          row.open_embed === (f.openEmbed ? 1 : 0) &&
          Number(row.files) === f.files &&
          row.color === f.color &&
          Number(row.position) === position;
        if (same) return;
        changed = true;
        upsert.run(f.id, f.parent, f.name, f.code, f.isPublic ? 1 : 0, f.openEmbed ? 1 : 0, f.files, f.color, position);
      });
      const removed: number[] = [];
      const confirmedAt = prepared(this.db, 'SELECT confirmed_at FROM lib_folders WHERE id = ?');
      for (const id of existing.keys()) {
        const at = confirmedAt.get(id)?.confirmed_at;
        if (typeof at === 'number' && at > fetchStartedAt) continue;
        this.#deleteFolder(id);
        removed.push(id);
        changed = true;
      }
      return { changed, removed };
    });
  }

  #deleteFolder(id: number): void {
    for (const row of prepared(this.db, 'SELECT rid FROM lib_videos WHERE folder_id = ?').all(id)) this.titles.removed(Number(row.rid));
    prepared(this.db, 'DELETE FROM lib_videos WHERE folder_id = ?').run(id);
    prepared(this.db, 'DELETE FROM lib_folder_sync WHERE folder_id = ?').run(id);
    prepared(this.db, 'DELETE FROM lib_folders WHERE id = ?').run(id);
  }

  insertLocalFolder(id: number, name: string, parent: number): void {
    prepared(this.db, `INSERT INTO lib_folders (id, parent, name, position, pending) VALUES (?, ?, ?, ?, 'pending')`).run(id, parent, name, 1_000_000_000 - id);
  }

  deleteLocalFolder(id: number): void {
    if (id < 0) this.#deleteFolder(id);
  }

  /** A folder created offline got its real id from the service. */
  assignFolderId(tempId: number, created: ServiceFolder, at: number): void {
    transaction(this.db, () => {
      const real = prepared(this.db, 'SELECT id FROM lib_folders WHERE id = ?').get(created.id);
      if (real) {
        // A sync already brought the real folder in: the temporary row is a duplicate.
        prepared(this.db, 'DELETE FROM lib_folders WHERE id = ?').run(tempId);
      } else {
        prepared(this.db, 'UPDATE lib_folders SET id = ? WHERE id = ?').run(created.id, tempId);
      }
      const confirm = prepared(this.db, 'UPDATE lib_folders SET parent = ?, name = ?, code = ?, is_public = ?, open_embed = ?, confirmed_at = ?, pending = NULL WHERE id = ?');
      confirm.run(created.parent, created.name, created.code, created.isPublic ? 1 : 0, created.openEmbed ? 1 : 0, at, created.id);
      prepared(this.db, 'UPDATE lib_videos SET folder_id = ? WHERE folder_id = ?').run(created.id, tempId);
      prepared(this.db, 'DELETE FROM lib_folder_sync WHERE folder_id = ?').run(tempId);
    });
  }

  setFolderServiceName(id: number, name: string): void {
    prepared(this.db, 'UPDATE lib_folders SET name = ? WHERE id = ?').run(name, id);
  }

  setFolderLocalName(id: number, name: string | null): void {
    prepared(this.db, 'UPDATE lib_folders SET local_name = ? WHERE id = ?').run(name, id);
  }

  setFolderPending(id: number, state: PendingState | null): void {
    prepared(this.db, 'UPDATE lib_folders SET pending = ? WHERE id = ?').run(state, id);
  }

  // ---- videos -------------------------------------------------------------------------

  getVideo(id: string): Video | null {
    const row = prepared(this.db, `SELECT ${VIDEO_COLUMNS} FROM lib_videos WHERE id = ?`).get(id);
    return row ? toVideo(row) : null;
  }

  /** One page of a folder, in the order asked, optionally filtered by a title substring (see folder-pages.ts). */
  folderPage(folderId: number, offset: number, limit: number, sort: VideoSort = 'newest', search?: string): { items: Video[]; total: number } {
    return this.pages.page(folderId, offset, limit, sort, search);
  }

  /** Case-insensitive substring search over every title, newest first (see TitleIndex.search). */
  search(query: string, limit: number): Video[] {
    const text = query.trim();
    if (text === '') return [];
    const rows = this.titles.search(text, limit);
    return rows.map(toVideo).sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  }

  countInFolder(folderId: number): number {
    return Number(prepared(this.db, 'SELECT COUNT(*) AS n FROM lib_videos WHERE folder_id = ?').get(folderId)?.n ?? 0);
  }

  maxSeq(folderId: number): number {
    const value = prepared(this.db, 'SELECT MAX(seq) AS m FROM lib_videos WHERE folder_id = ?').get(folderId)?.m;
    return typeof value === 'number' ? value : 0;
  }

  /** Listing order (seq) of those of `ids` already stored in this folder. */
  knownInFolder(folderId: number, ids: readonly string[]): Map<string, number> {
    const rows = prepared(this.db, 'SELECT id, seq FROM lib_videos WHERE folder_id = ? AND id IN (SELECT value FROM json_each(?))').all(folderId, JSON.stringify(ids));
    return new Map(rows.map((r) => [String(r.id), Number(r.seq)]));
  }

  /**
   * Writes what a listing returned, in one transaction. Only rows that differ are written,
   * and the title index only when a title changed. `localAt` marks videos this app added
   * itself (an upload, a copy), which a listing taken earlier must not remove.
   * Returns how many rows changed.
   */
  upsertVideos(folderId: number, writes: readonly VideoWrite[], localAt: number | null = null): number {
    return transaction(this.db, () => {
      this.#reloadIndexStates();
      // While the id index is deferred (a first sync) rows go in without a lookup; IdIndex.build merges twins.
      const lookUp = !this.ids.deferred;
      // A dead video stays dead: a listing does not bring back a taken-down one (tombstones.ts).
      const dead = deadAmong(this.db, writes.map((w) => w.video.id));
      let changed = 0;
      // New rows. Without lookups they go in ROWS_PER_INSERT to a statement, which take one
      // rowid after another (an INTEGER PRIMARY KEY's new rowid is the largest plus one): each
      // title's rid is counted back from the last.
      const appending: SQLInputValue[] = [];
      const appendedNames: string[] = [];
      const append = (): void => {
        if (appendedNames.length === ROWS_PER_INSERT) {
          const last = Number(this.#insertVideos.run(...appending).lastInsertRowid);
          appendedNames.forEach((name, i) => this.titles.added(last - ROWS_PER_INSERT + 1 + i, name));
        } else {
          appendedNames.forEach((name, i) => this.titles.added(Number(this.#insertVideo.run(...appending.slice(i * VIDEO_PARAMS, (i + 1) * VIDEO_PARAMS)).lastInsertRowid), name));
        }
        appending.length = 0;
        appendedNames.length = 0;
      };
      const appendRow = (v: VideoWrite['video'], seq: number): void => {
        appending.push(v.id, folderId, seq, v.name, v.createdAt, v.isPublic ? 1 : 0, v.views, v.size, v.skipIntro,
          v.links.download, v.links.embed, v.images.thumbnail, v.images.splash, localAt);
        appendedNames.push(v.name);
        // A row looked up goes in at once: the same id later in this write must find it.
        if (lookUp || appendedNames.length === ROWS_PER_INSERT) append();
      };
      for (const { video: v, seq } of writes) {
        const grave = dead.get(v.id);
        if (grave && !grave.buried) {
          entombListed(this.db, v, folderId, Date.now());
          continue;
        }
        if (grave) {
          if (!listingRevives(grave)) continue;
          removeTombstone(this.db, v.id);
        }
        const row = lookUp ? this.#videoById.get(v.id) : undefined;
        if (!row) {
          appendRow(v, seq);
          changed++;
          continue;
        }
        const isPublic = v.isPublic ? 1 : 0;
        const same =
          Number(row.folder_id) === folderId &&
          Number(row.seq) === seq &&
          row.name === v.name &&
          row.created_at === v.createdAt &&
          row.is_public === isPublic &&
          Number(row.views) === v.views &&
          Number(row.size) === v.size &&
          Number(row.skip_intro) === v.skipIntro &&
          row.download_url === v.links.download &&
          row.embed_url === v.links.embed &&
          row.thumbnail_url === v.images.thumbnail &&
          row.splash_url === v.images.splash;
        if (same && localAt === null) continue;
        const rid = Number(row.rid);
        this.#updateVideo.run(
          folderId, seq, v.name, v.createdAt, isPublic, v.views, v.size, v.skipIntro,
          v.links.download, v.links.embed, v.images.thumbnail, v.images.splash, localAt, rid,
        );
        if (row.name !== v.name) this.titles.renamed(rid, v.name);
        if (!same) changed++;
      }
      append();
      return changed;
    });
  }

  /**
   * Removes the folder's videos a complete listing did not return (deleted or moved on the
   * service), except those this app added after the listing started. Each keeps a tombstone
   * (tombstones.ts): gone, at `now`.
   */
  removeMissing(folderId: number, seen: ReadonlySet<string>, listingStartedAt: number, now = Date.now()): number {
    return this.removeUnlisted(() => prepared(this.db, 'SELECT rid, id, local_at FROM lib_videos WHERE folder_id = ?').all(folderId).filter((row) => !seen.has(String(row.id))), listingStartedAt, now);
  }

  /**
   * removeMissing for a listing too long to hold: `unlisted` reads, inside the transaction, the
   * stored rows (rid, local_at) it did not return (sync/sweep-seen.ts).
   */
  removeUnlisted(unlisted: () => readonly Row[], listingStartedAt: number, now = Date.now()): number {
    return transaction(this.db, () => {
      this.#reloadIndexStates();
      let removed = 0;
      for (const row of unlisted()) {
        if (typeof row.local_at === 'number' && row.local_at > listingStartedAt) continue;
        this.#bury(Number(row.rid), { state: 'gone', reason: 'unlisted', at: now });
        removed++;
      }
      return removed;
    });
  }

  /**
   * Takes these videos out of the library into tombstones (a DMCA record names them, or
   * operation 15 says they do not exist). Returns the ids that were in the library.
   */
  buryVideos(ids: readonly string[], burial: Burial): string[] {
    return transaction(this.db, () => {
      this.#reloadIndexStates();
      const buried: string[] = [];
      const find = prepared(this.db, 'SELECT rid FROM lib_videos WHERE id = ?');
      for (const id of ids) {
        const row = find.get(id);
        if (!row) continue;
        this.#bury(Number(row.rid), burial);
        buried.push(id);
      }
      return buried;
    });
  }

  #bury(rid: number, burial: Burial): void {
    entomb(this.db, rid, burial);
    this.titles.removed(rid);
    prepared(this.db, 'DELETE FROM lib_videos WHERE rid = ?').run(rid);
  }

  /** The indexes' states are shared with the sync writer's connection: read them inside the write. */
  #reloadIndexStates(): void {
    this.titles.reload();
    this.ids.reload();
  }

  setVideoServiceSkipIntro(id: string, seconds: number): void {
    prepared(this.db, 'UPDATE lib_videos SET skip_intro = ? WHERE id = ?').run(seconds, id);
  }

  setVideoLocalSkipIntro(id: string, seconds: number | null): void {
    prepared(this.db, 'UPDATE lib_videos SET local_skip_intro = ? WHERE id = ?').run(seconds, id);
  }

  setVideoThumbnail(id: string, url: string): void {
    prepared(this.db, 'UPDATE lib_videos SET thumbnail_url = ? WHERE id = ?').run(url, id);
  }

  /** Known only here: the service's video record does not tell a custom thumbnail from its own. */
  setCustomThumbnail(id: string, custom: boolean): void {
    prepared(this.db, 'UPDATE lib_videos SET custom_thumbnail = ? WHERE id = ?').run(custom ? 1 : 0, id);
  }

  setVideoPending(id: string, state: PendingState | null): void {
    prepared(this.db, 'UPDATE lib_videos SET pending = ? WHERE id = ?').run(state, id);
  }

  // ---- sync bookkeeping ---------------------------------------------------------------

  getFolderSync(folderId: number): FolderSyncRow | null {
    const row = prepared(this.db, 'SELECT folder_id, quick_at, full_at, total, needs_sweep FROM lib_folder_sync WHERE folder_id = ?').get(folderId);
    if (!row) return null;
    return {
      folderId,
      quickAt: (row.quick_at as number | null) ?? null,
      fullAt: (row.full_at as number | null) ?? null,
      total: (row.total as number | null) ?? null,
      needsSweep: row.needs_sweep === 1,
    };
  }

  recordFolderSync(folderId: number, update: { at: number; full: boolean; total: number; needsSweep: boolean }): void {
    prepared(
      this.db,
      `INSERT INTO lib_folder_sync (folder_id, quick_at, full_at, total, needs_sweep) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (folder_id) DO UPDATE SET quick_at = excluded.quick_at, full_at = COALESCE(excluded.full_at, full_at),
         total = excluded.total, needs_sweep = excluded.needs_sweep`,
    ).run(folderId, update.at, update.full ? update.at : null, update.total, update.needsSweep ? 1 : 0);
  }

  markFolderNeedsSweep(folderId: number): void {
    prepared(this.db, 'INSERT INTO lib_folder_sync (folder_id, needs_sweep) VALUES (?, 1) ON CONFLICT (folder_id) DO UPDATE SET needs_sweep = 1').run(folderId);
  }

  getState(key: string): string | null {
    return readSyncState(this.db, key);
  }

  setState(key: string, value: string): void {
    writeSyncState(this.db, key, value);
  }
}
