// Which version of the library's videos a cached read saw: a number that changes with every
// write that can change a folder's count or the order of its rows, and with no other write.
//
// Why (issue 33, `npm run bench -- startup` against a reachable service): folder pages cache a
// folder's total and their anchors (folder-pages.ts), and dropped them after any write to the
// database. Writes that never touch a video come all the time: each takedown read notes when it
// read, each sync pass notes each folder's check. After one, the window's next page of a folder
// of 1,000,000 videos counted the folder again: ~100 ms of the core in videos:list (against
// 5-8 ms with the cache), on the window's first screen and in the middle of a scroll.
//
// The rule: triggers on lib_videos add one to lib_videos_version.n on an insert, a delete, or a
// change of a column a folder page is keyed or counted by. While a first sync fills an empty
// library (id-index.ts defers its index then) the triggers are dropped, since a trigger per row
// cost ~22% more CPU on a bulk insert (1,000,000 rows, measured with node:sqlite on this
// table): `tracked` is 0 and readers fall back to "any write" (total_changes and data_version).
// Every switch adds one to n, so a number seen before the switch never comes back after it.
// A migration that builds lib_videos again must create the triggers again (startTrackingVideos):
// dropping the table drops them.
import type { StatementSync } from 'node:sqlite';
import type { Db } from '../db/database.ts';

/** The columns a folder page's key (folder-pages.ts ORDERS) or its count reads. */
const KEYED_COLUMNS = ['folder_id', 'seq', 'name', 'size', 'views'] as const;

const BUMP = 'UPDATE lib_videos_version SET n = n + 1 WHERE id = 1';
const TRIGGERS: Record<string, string> = {
  lib_videos_version_insert: 'AFTER INSERT ON lib_videos',
  lib_videos_version_delete: 'AFTER DELETE ON lib_videos',
  lib_videos_version_update: `AFTER UPDATE OF ${KEYED_COLUMNS.join(', ')} ON lib_videos`,
};

/** The table, and its triggers unless a bulk fill is under way (a migration; inside its transaction). */
export function createVideosVersion(db: Db, filling: boolean): void {
  db.exec('CREATE TABLE lib_videos_version (id INTEGER PRIMARY KEY CHECK (id = 1), n INTEGER NOT NULL, tracked INTEGER NOT NULL)');
  db.exec('INSERT INTO lib_videos_version (id, n, tracked) VALUES (1, 0, 0)');
  if (!filling) startTrackingVideos(db);
}

/** Drops the triggers for a bulk fill (inside the caller's transaction). */
export function stopTrackingVideos(db: Db): void {
  for (const name of Object.keys(TRIGGERS)) db.exec(`DROP TRIGGER IF EXISTS ${name}`);
  db.exec('UPDATE lib_videos_version SET n = n + 1, tracked = 0 WHERE id = 1');
}

/** Creates the triggers again (inside the caller's transaction). */
export function startTrackingVideos(db: Db): void {
  for (const [name, when] of Object.entries(TRIGGERS)) db.exec(`CREATE TRIGGER IF NOT EXISTS ${name} ${when} BEGIN ${BUMP}; END`);
  db.exec('UPDATE lib_videos_version SET n = n + 1, tracked = 1 WHERE id = 1');
}

/** Reads the version a cached read may keep: `v<n>` while tracked, else one that changes with any write. */
export class VideosVersion {
  readonly #read: StatementSync;

  constructor(db: Db) {
    this.#read = db.prepare(
      `SELECT (SELECT n FROM lib_videos_version WHERE id = 1) AS n, (SELECT tracked FROM lib_videos_version WHERE id = 1) AS tracked,
        total_changes() AS c, (SELECT data_version FROM pragma_data_version) AS d`,
    );
  }

  now(): string {
    const row = this.#read.get()!;
    return row.tracked === 1 ? `v${String(row.n)}` : `w${String(row.n)}:${String(row.c)}:${String(row.d)}`;
  }
}
