// The ids a sweep has listed so far, kept in SQLite while its pages are written one by one
// (sync/writes.ts), for the removal pass at its end.
//
// Why: a sweep's pages used to wait, decoded, on the writer thread until the last one was in,
// so the removal pass could compare the whole listing with the folder. A folder of 1,000,000
// videos held ~1.2 GiB there (`npm run bench -- scale`, one_folder_1m_peak_mib, issue 33).
// Written as they arrive, pages hold nothing; the ids the removal pass needs stay here, in a
// TEMP table of the writing connection: on the writer thread's it spills to a file
// (WRITER_CONNECTION), and it is gone with the connection, so a sweep cut off by a crash or a
// dead thread leaves no half list behind that a later sweep could take for a whole one.
import type { Db } from '../../db/database.ts';
import type { Row } from '../store-rows.ts';

const CREATE = `CREATE TEMP TABLE IF NOT EXISTS lib_sweep_seen (
  sweep INTEGER NOT NULL,
  id TEXT NOT NULL,
  PRIMARY KEY (sweep, id)
) WITHOUT ROWID`;

/** The ids sweep `sweep` has listed, on one connection. */
export class SweepSeen {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** Notes these ids as listed by the sweep (an id listed twice counts once). */
  add(sweep: number, ids: readonly string[]): void {
    // Made again if missing: a write that failed may have rolled its creation back.
    this.#db.exec(CREATE);
    this.#db.prepare('INSERT OR IGNORE INTO temp.lib_sweep_seen (sweep, id) SELECT ?, value FROM json_each(?)').run(sweep, JSON.stringify(ids));
  }

  /** Distinct ids the sweep has listed. */
  count(sweep: number): number {
    this.#db.exec(CREATE);
    return Number(this.#db.prepare('SELECT COUNT(*) AS n FROM temp.lib_sweep_seen WHERE sweep = ?').get(sweep)?.n ?? 0);
  }

  /** The folder's stored videos the sweep did not list (rid, id, local_at). */
  unlistedIn(sweep: number, folderId: number): Row[] {
    this.#db.exec(CREATE);
    return this.#db
      .prepare(
        `SELECT v.rid, v.id, v.local_at FROM lib_videos v
         WHERE v.folder_id = ? AND NOT EXISTS (SELECT 1 FROM temp.lib_sweep_seen s WHERE s.sweep = ? AND s.id = v.id)`,
      )
      .all(folderId, sweep);
  }

  /** The sweep ended (or stopped part way): its ids are not needed any more. */
  forget(sweep: number): void {
    this.#db.exec(CREATE);
    this.#db.prepare('DELETE FROM temp.lib_sweep_seen WHERE sweep = ?').run(sweep);
  }
}
