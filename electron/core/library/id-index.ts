// The unique index of videos by the service's id (lib_videos_by_id), and when a first sync
// goes without it.
//
// Why: the service's ids are random, so each new row lands on a random leaf of this index,
// and each commit writes every leaf it touched again. Filling an empty library of 1,000,000
// videos with the index in place took ~15 s of inserts against ~4 s without it plus ~1 s to
// build it at the end (`npm run bench -- scale`, issue 16). So when a sync starts on an
// empty library the index is dropped, rows are inserted without looking up their id, and
// when the pass ends (or, after a crash, before the next one) build() merges any video
// listed twice meanwhile and creates the index again.
//
// The rule: a flag in lib_sync_state says the index is deferred. The flag is read inside
// each write transaction (reload), since the sync's writer thread has its own connection.
// While deferred, a lookup by id scans the table: correct, slow on a large library, and only
// during a first sync.
import { transaction, type Db } from '../db/database.ts';
import { readSyncState, writeSyncState } from './store-rows.ts';
import type { TitleIndex } from './search/title-index.ts';
import { startTracking, stopTracking } from '../db/table-version.ts';

const DEFERRED_KEY = 'id_index_deferred';

const CREATE_INDEX = 'CREATE UNIQUE INDEX IF NOT EXISTS lib_videos_by_id ON lib_videos (id)';
/** Columns only this app writes: a merged duplicate keeps what either row held. */
const LOCAL_COLUMNS = ['local_skip_intro', 'pending', 'local_at'] as const;

/** Whether a first sync goes without the index (read outside an IdIndex: a migration). */
export function idIndexDeferred(db: Db): boolean {
  return readSyncState(db, DEFERRED_KEY) !== null;
}

export class IdIndex {
  readonly #db: Db;
  #deferred: boolean;

  constructor(db: Db) {
    this.#db = db;
    this.#deferred = this.#readFlag();
  }

  /** Rows are being inserted without their id looked up; build() has not run yet. */
  get deferred(): boolean {
    return this.#deferred;
  }

  /** Reads the flag again (inside a write transaction: another connection may have changed it). */
  reload(): void {
    this.#deferred = this.#readFlag();
  }

  /** A sync is about to fill the library: when it holds no video, drop the index until build(). */
  deferIfEmpty(): boolean {
    return transaction(this.#db, () => {
      this.reload();
      if (this.#deferred) return true;
      if (this.#db.prepare('SELECT 1 FROM lib_videos LIMIT 1').get() !== undefined) return false;
      this.#db.exec('DROP INDEX IF EXISTS lib_videos_by_id');
      // The rows pour in: the version's triggers would cost a fifth more per row (db/table-version.ts).
      stopTracking(this.#db, 'lib_videos');
      writeSyncState(this.#db, DEFERRED_KEY, '1');
      this.#deferred = true;
      return true;
    });
  }

  /**
   * Merges videos inserted twice while deferred (the newest row wins, keeping what this app
   * noted on either) and creates the index. Runs in one transaction.
   */
  build(titles: TitleIndex): void {
    transaction(this.#db, () => {
      this.reload();
      if (!this.#deferred) return;
      try {
        this.#db.exec(CREATE_INDEX);
      } catch {
        // A video was listed twice (moved during the sweep, pages shifted): merge, then index.
        this.#mergeDuplicates(titles);
        this.#db.exec(CREATE_INDEX);
      }
      startTracking(this.#db, 'lib_videos');
      writeSyncState(this.#db, DEFERRED_KEY, null);
      this.#deferred = false;
    });
  }

  #mergeDuplicates(titles: TitleIndex): void {
    const rows = this.#db
      .prepare(
        `SELECT rid, id, ${LOCAL_COLUMNS.join(', ')}, custom_thumbnail FROM lib_videos
         WHERE id IN (SELECT id FROM lib_videos GROUP BY id HAVING COUNT(*) > 1) ORDER BY id, rid DESC`,
      )
      .all();
    const remove = this.#db.prepare('DELETE FROM lib_videos WHERE rid = ?');
    const keep = this.#db.prepare(
      `UPDATE lib_videos SET ${LOCAL_COLUMNS.map((c) => `${c} = COALESCE(${c}, ?)`).join(', ')}, custom_thumbnail = MAX(custom_thumbnail, ?) WHERE rid = ?`,
    );
    let kept: (typeof rows)[number] | null = null;
    for (const row of rows) {
      if (kept === null || kept.id !== row.id) {
        kept = row;
        continue;
      }
      keep.run(...LOCAL_COLUMNS.map((c) => row[c] as string | number | null), row.custom_thumbnail as number, kept.rid as number);
      titles.removed(Number(row.rid));
      remove.run(row.rid as number);
    }
  }

  #readFlag(): boolean {
    return idIndexDeferred(this.#db);
  }
}
