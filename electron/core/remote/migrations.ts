// Tables of remote imports, in the account's database beside the library's (module
// `remote` in schema_migrations). Names carry the `remote_` prefix so they never collide
// with another module's.
import type { Migration } from '../library/db.ts';

export const REMOTE_MODULE = 'remote';

export const remoteMigrations: readonly Migration[] = [
  {
    version: 1,
    name: 'remote_items and remote_actions',
    up: (db) => {
      // One row per import, from the paste until the person deletes it. `phase` is where the
      // row is in our hands (local, submitting, uncertain, refused, remote); `status` is the
      // service's own word once it has the item.
      db.exec(`CREATE TABLE remote_items (
        local_id INTEGER PRIMARY KEY AUTOINCREMENT,
        remote_id TEXT UNIQUE,
        url TEXT NOT NULL,
        folder_id INTEGER NOT NULL,
        phase TEXT NOT NULL,
        status TEXT NOT NULL,
        bytes_downloaded INTEGER NOT NULL DEFAULT 0,
        bytes_total INTEGER NOT NULL DEFAULT 0,
        created TEXT,
        error TEXT,
        listed INTEGER NOT NULL DEFAULT 0,
        added_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      )`);
      db.exec('CREATE INDEX remote_items_phase ON remote_items (phase, local_id)');
      // Actions asked for while offline, replayed in order when the service answers.
      db.exec(`CREATE TABLE remote_actions (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        action TEXT NOT NULL,
        remote_id TEXT,
        queued_at INTEGER NOT NULL
      )`);
    },
  },
];
