// Which version of a table a cached read saw: a number that changes with every write that can
// change what the cache holds, and with no other write.
//
// Why (issue 33, `npm run bench -- startup` against a reachable service): caches over large
// tables were dropped after any write to the database (total_changes, data_version), and
// writes that touch neither table come all the time: each takedown read notes when it read,
// each sync pass notes each folder's check. After one, the window's next page of a folder of
// 1,000,000 videos counted the folder again (videos:list ~100 ms of the core against 5-8 ms
// with the cache, on the window's first screen and in the middle of a scroll), and the
// queue's sums over 10,000 jobs were read again (~15 ms, in accounts:list and uploads:list).
//
// The rule: for each table of TRACKED, triggers add one to its row of db_table_versions on an
// insert, a delete, or a change of a column its caches read; no other write moves it. A table
// filled in bulk can go untracked meanwhile (the library's first sync: a trigger per row cost
// ~22% more CPU on a bulk insert of 1,000,000 rows, measured with node:sqlite on lib_videos);
// readers then fall back to "any write". Every switch adds one to n, so a number seen before a
// switch never comes back after it. A migration that builds a tracked table again must start
// tracking it again: dropping a table drops its triggers.
import type { StatementSync } from 'node:sqlite';
import type { Db } from './database.ts';

/** Each tracked table, and the columns its caches read (besides its rows being there). */
export const TRACKED = {
  /** Folder pages' totals and anchors (library/folder-pages.ts): the folder, and the columns a page is sorted by. */
  lib_videos: ['folder_id', 'seq', 'name', 'size', 'views'],
  /** The queue's sums (uploads/store.ts figures): a job's state, size and when it finished. */
  upload_jobs: ['state', 'size', 'finished_at'],
} as const satisfies Record<string, readonly string[]>;

export type TrackedTable = keyof typeof TRACKED;

function triggers(table: TrackedTable): Record<string, string> {
  return {
    [`${table}_version_insert`]: `AFTER INSERT ON ${table}`,
    [`${table}_version_delete`]: `AFTER DELETE ON ${table}`,
    [`${table}_version_update`]: `AFTER UPDATE OF ${TRACKED[table].join(', ')} ON ${table}`,
  };
}

/** The table's version row, and its triggers unless it is being filled in bulk (a migration; inside its transaction). */
export function createTableVersion(db: Db, table: TrackedTable, filling = false): void {
  db.exec('CREATE TABLE IF NOT EXISTS db_table_versions (name TEXT PRIMARY KEY, n INTEGER NOT NULL, tracked INTEGER NOT NULL) WITHOUT ROWID');
  db.prepare('INSERT OR IGNORE INTO db_table_versions (name, n, tracked) VALUES (?, 0, 0)').run(table);
  if (!filling) startTracking(db, table);
}

/** Drops the table's triggers for a bulk fill (inside the caller's transaction). */
export function stopTracking(db: Db, table: TrackedTable): void {
  for (const name of Object.keys(triggers(table))) db.exec(`DROP TRIGGER IF EXISTS ${name}`);
  db.prepare('UPDATE db_table_versions SET n = n + 1, tracked = 0 WHERE name = ?').run(table);
}

/** Creates the table's triggers (again) (inside the caller's transaction). */
export function startTracking(db: Db, table: TrackedTable): void {
  const bump = `UPDATE db_table_versions SET n = n + 1 WHERE name = '${table}'`;
  for (const [name, when] of Object.entries(triggers(table))) db.exec(`CREATE TRIGGER IF NOT EXISTS ${name} ${when} BEGIN ${bump}; END`);
  db.prepare('UPDATE db_table_versions SET n = n + 1, tracked = 1 WHERE name = ?').run(table);
}

// Any write: on this connection (total_changes) or on another, the sync's writer thread (data_version).
const ANY_WRITE_COLUMNS = 'total_changes() AS c, (SELECT data_version FROM pragma_data_version) AS d';
const anyWrite = (row: Record<string, unknown>): string => `${String(row.c)}:${String(row.d)}`;

/**
 * The version of the whole database: it moves with any write. For caches that read too many
 * tables to track (links/link-text-handlers.ts), and the rule TableVersion falls back to while
 * its table is untracked.
 */
export class DatabaseVersion {
  readonly #read: StatementSync;

  constructor(db: Db) {
    this.#read = db.prepare(`SELECT ${ANY_WRITE_COLUMNS}`);
  }

  now(): string {
    return anyWrite(this.#read.get()!);
  }
}

/** Reads the version a cached read of `table` may keep: `v<n>` while tracked, else one that changes with any write. */
export class TableVersion {
  readonly #read: StatementSync;

  constructor(db: Db, table: TrackedTable) {
    this.#read = db.prepare(
      `SELECT (SELECT n FROM db_table_versions WHERE name = '${table}') AS n, (SELECT tracked FROM db_table_versions WHERE name = '${table}') AS tracked,
        ${ANY_WRITE_COLUMNS}`,
    );
  }

  now(): string {
    const row = this.#read.get()!;
    return row.tracked === 1 ? `v${String(row.n)}` : `w${String(row.n)}:${anyWrite(row)}`;
  }
}
