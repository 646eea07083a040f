// The takedown watch: the DMCA list (operation 3, paged with `per_page`: wire-decisions.md) is
// read with every sync pass, for every open account, shown or not. Records are listed newest
// first, so reading stops at the first page that holds a record read before. Each new record's
// video leaves the library for a tombstone (taken down), and the new records of one read are
// told as one `links:takedownsFound` event (the shell turns it into one notification).
//
// The first read of an account has no "before": its records are kept without a word (the
// Takedowns view lists them); only records that come after it are news.
import type { ServiceDmcaRecord } from '../api/schemas.ts';
import type { ServiceApi } from '../api/service-api.ts';
import type { Db } from '../db/database.ts';
import { transaction } from '../db/database.ts';
import type { LibraryStore } from '../library/store.ts';
import type { EventSink } from '../rpc/events.ts';
import type { TakedownsFound } from '../../../shared/links.ts';

/** Records per request: few accounts have many, and one request usually says "nothing new". */
export const DMCA_PAGE_SIZE = 100;
const READ_AT_KEY = 'takedowns_read_at';

/** How a request waits its turn (the sync's limiter): the watch shares the sync's request budget. */
export type RequestSlot = <T>(work: () => Promise<T>) => Promise<T>;

export interface TakedownWatchDeps {
  db: Db;
  store: LibraryStore;
  api: Pick<ServiceApi, 'dmca'>;
  events: EventSink;
  now: () => number;
}

export class TakedownWatch {
  readonly #deps: TakedownWatchDeps;
  #reading: Promise<TakedownsFound | null> | null = null;

  constructor(deps: TakedownWatchDeps) {
    this.#deps = deps;
  }

  /** When the DMCA list was last read through (ms), null before the first read. */
  readAt(): number | null {
    const value = this.#deps.store.getState(READ_AT_KEY);
    return value === null ? null : Number(value);
  }

  /** Reads the list; one read at a time (a second asks while one runs: it waits for that one). Answers the batch found, if any. */
  read(slot: RequestSlot = (work) => work()): Promise<TakedownsFound | null> {
    this.#reading ??= this.#read(slot).finally(() => {
      this.#reading = null;
    });
    return this.#reading;
  }

  async #read(slot: RequestSlot): Promise<TakedownsFound | null> {
    const { db, api } = this.#deps;
    const first = this.readAt() === null;
    const known = db.prepare('SELECT 1 AS one FROM lib_takedowns WHERE id = ?');
    const fresh: ServiceDmcaRecord[] = [];
    for (let page = 1; ; page++) {
      const { list, pagination } = await slot(() => api.dmca({ page, perPage: DMCA_PAGE_SIZE }));
      const unseen = list.filter((record) => known.get(record.id) === undefined);
      fresh.push(...unseen);
      const seenOne = unseen.length < list.length;
      // Newest first: a page with a record read before ends what is new. The first read goes on to the end.
      if ((seenOne && !first) || list.length === 0 || page * DMCA_PAGE_SIZE >= pagination.total) break;
    }
    return this.#record(fresh, first);
  }

  #record(fresh: readonly ServiceDmcaRecord[], first: boolean): TakedownsFound | null {
    const { db, store, events, now } = this.#deps;
    const at = now();
    /** The folders whose listings lose a video: the window reads them again. */
    let folderIds: number[] = [];
    const batch = transaction(db, () => {
      const insert = db.prepare(
        `INSERT OR IGNORE INTO lib_takedowns (id, code, secure_download_code, secure_embed_code, reported_at, disabled_at, seen_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      );
      for (const r of fresh) insert.run(r.id, r.code, r.secureDownloadCode, r.secureEmbedCode, r.reportedAt, r.disabledAt, at);
      const codes = [...new Set(fresh.map((r) => r.code))];
      // Named before the library lets go of them: the titles the notification shows.
      const titles = titlesOf(db, codes);
      folderIds = db
        .prepare('SELECT DISTINCT folder_id FROM lib_videos WHERE id IN (SELECT value FROM json_each(?))')
        .all(JSON.stringify(codes))
        .map((row) => Number(row.folder_id));
      const inLibrary = new Set(store.buryVideos(codes, { state: 'takenDown', reason: 'dmca', at }));
      const entombed = new Set(markTakenDown(db, codes.filter((code) => !inLibrary.has(code))));
      buryUploads(db, codes.filter((code) => !inLibrary.has(code) && !entombed.has(code)), at);
      store.setState(READ_AT_KEY, String(at));
      return first ? [] : codes.map((id) => ({ id, title: titles.get(id) ?? null }));
    });
    if (fresh.length > 0) events.emit('library:changed', { folders: false, folderIds, account: false });
    if (batch.length === 0) return null;
    const found: TakedownsFound = { count: batch.length, videos: batch };
    events.emit('links:takedownsFound', found);
    return found;
  }
}

/** The titles the library, its tombstones or the upload history know for these videos. */
function titlesOf(db: Db, ids: readonly string[]): Map<string, string> {
  if (ids.length === 0) return new Map();
  const rows = db
    .prepare(
      `SELECT value AS id, COALESCE(
         (SELECT name FROM lib_videos WHERE id = value),
         (SELECT title FROM lib_tombstones WHERE video_id = value),
         (SELECT name FROM upload_jobs WHERE video_id = value ORDER BY id DESC LIMIT 1)) AS title
       FROM json_each(?)`,
    )
    .all(JSON.stringify(ids));
  return new Map(rows.filter((row) => typeof row.title === 'string').map((row) => [String(row.id), String(row.title)]));
}

/** A video found gone before its DMCA record was read is taken down. Returns the ids that had a tombstone. */
function markTakenDown(db: Db, ids: readonly string[]): string[] {
  const mark = db.prepare("UPDATE lib_tombstones SET state = 'takenDown', reason = 'dmca' WHERE video_id = ?");
  return ids.filter((id) => Number(mark.run(id).changes) > 0);
}

/**
 * A video uploaded from here that the library never listed (taken down before a sync saw it):
 * its tombstone comes from the upload job. Returns the ids buried.
 */
function buryUploads(db: Db, ids: readonly string[], at: number): string[] {
  const bury = db.prepare(
    `INSERT OR IGNORE INTO lib_tombstones (video_id, state, reason, title, folder_id, size, download_url, embed_url, last_seen_at, dead_at)
     SELECT video_id, 'takenDown', 'dmca', name, folder_id, size, download_url, embed_url, finished_at, ?
     FROM upload_jobs WHERE video_id = ? AND state = 'done' AND download_url IS NOT NULL AND embed_url IS NOT NULL ORDER BY id DESC LIMIT 1`,
  );
  return ids.filter((id) => Number(bury.run(at, id).changes) > 0);
}
