// Tables of remote imports, in the account's database beside the library's (module
// `remote` in schema_migrations). Names carry the `remote_` prefix so they never collide
// with another module's.
import type { Migration } from '../db/database.ts';
import { migrateLibrary } from '../library/migrations.ts';

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
      // Actions asked for while offline, replayed in order when the service answers (until
      // version 2 moved them into the outbox).
      db.exec(`CREATE TABLE remote_actions (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        action TEXT NOT NULL,
        remote_id TEXT,
        queued_at INTEGER NOT NULL
      )`);
    },
  },
  {
    version: 2,
    name: 'queued actions move into the outbox (lib_outbox, kinds remote.*)',
    up: (db) => {
      // The outbox's table is the library module's: it exists before its rows are written.
      migrateLibrary(db);
      // Rows as version 1 wrote them: one of the four action names, the item's id for a
      // delete, when it was asked for. Each becomes its outbox kind (library/outbox-kinds.ts
      // REMOTE_ACTION_KINDS), pending, in the order asked, on the queue's one target. A delete
      // never had a row left to name it (its local effect removed it): its url is null. A
      // delete without an id never reached the service (refused before sending) and stays out.
      db.exec(`INSERT INTO lib_outbox (kind, payload, target, created_at)
        SELECT
          CASE action
            WHEN 'retry_failed' THEN 'remote.retryFailed'
            WHEN 'delete_failed' THEN 'remote.deleteFailed'
            WHEN 'delete_inactive' THEN 'remote.deleteInactive'
            ELSE 'remote.delete'
          END,
          CASE action WHEN 'delete' THEN json_object('id', remote_id, 'url', NULL) ELSE '{}' END,
          'remote:queue',
          queued_at
        FROM remote_actions
        WHERE action IN ('retry_failed', 'delete_failed', 'delete_inactive') OR (action = 'delete' AND remote_id IS NOT NULL)
        ORDER BY seq`);
      db.exec('DROP TABLE remote_actions');
    },
  },
];
