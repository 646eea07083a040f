// The library's tables, as numbered migrations of the `library` module (see db.ts).
// Never edit a migration that has shipped: add the next number.
//
// Service values and local changes are kept apart: a column like `name` holds what the
// service last said, `local_name` what a change waiting in the outbox will make it. Reads
// show the local value first; discarding the change just clears it, and a sync can rewrite
// service values without ever overwriting a change the person made offline.
import { migrate, openDatabase, type Db, type Migration } from '../db/database.ts';
import { idIndexDeferred } from './id-index.ts';
import { createTableVersion } from '../db/table-version.ts';

export const LIBRARY_MODULE = 'library';

export const libraryMigrations: readonly Migration[] = [
  {
    version: 1,
    name: 'folders, videos, trigram title index, per-folder sync bookkeeping',
    up: (db) => {
      db.exec(`
        CREATE TABLE lib_folders (
          id INTEGER PRIMARY KEY,           -- negative while a folder created offline waits in the outbox
          parent INTEGER NOT NULL,
          name TEXT NOT NULL,
          local_name TEXT,                  -- a rename waiting in the outbox
          code TEXT NOT NULL DEFAULT '',
          is_public INTEGER NOT NULL DEFAULT 1,
          open_embed INTEGER NOT NULL DEFAULT 0,
          files INTEGER NOT NULL DEFAULT 0,
          color TEXT NOT NULL DEFAULT '',
          position INTEGER NOT NULL DEFAULT 0, -- order of the service's tree listing
          pending TEXT CHECK (pending IN ('pending', 'sending', 'refused')),
          confirmed_at INTEGER              -- created by this app: a tree fetched before this is not proof it is gone
        );
        CREATE TABLE lib_videos (
          rid INTEGER PRIMARY KEY,          -- rowid of the title index entry
          id TEXT NOT NULL UNIQUE,
          folder_id INTEGER NOT NULL,       -- the folder whose listing returned it (wire decision)
          seq REAL NOT NULL,                -- larger = newer: the service's listing order within the folder
          name TEXT NOT NULL,
          created_at TEXT NOT NULL,
          is_public INTEGER NOT NULL,
          views INTEGER NOT NULL,
          size INTEGER NOT NULL,
          skip_intro INTEGER NOT NULL,
          local_skip_intro INTEGER,         -- a skip-intro change waiting in the outbox
          download_url TEXT NOT NULL,
          embed_url TEXT NOT NULL,
          thumbnail_url TEXT NOT NULL,
          splash_url TEXT NOT NULL,
          pending TEXT CHECK (pending IN ('pending', 'sending', 'refused')),
          local_at INTEGER                  -- added by this app (upload, copy): a listing fetched before this is not proof it is gone
        );
        CREATE INDEX lib_videos_by_folder ON lib_videos (folder_id, seq);
        -- Kept in step by explicit writes (insert / delete by rowid) when a title changes:
        -- triggers would triple the cost of a bulk sync.
        CREATE VIRTUAL TABLE lib_videos_fts USING fts5(name, tokenize = 'trigram');
        CREATE TABLE lib_folder_sync (
          folder_id INTEGER PRIMARY KEY,
          quick_at INTEGER,
          full_at INTEGER,
          total INTEGER,
          needs_sweep INTEGER NOT NULL DEFAULT 1
        );
      `);
    },
  },
  {
    version: 2,
    name: 'account snapshot, daily reports, DMCA records, fetch bookkeeping',
    up: (db) => {
      db.exec(`
        CREATE TABLE lib_account (
          id INTEGER PRIMARY KEY CHECK (id = 1),
          email TEXT NOT NULL,
          balance TEXT NOT NULL,
          premium_expire TEXT NOT NULL,
          is_premium INTEGER NOT NULL,
          storage_total_kb INTEGER,         -- NULL: unlimited
          storage_used_kb INTEGER NOT NULL,
          storage_left_kb INTEGER
        );
        CREATE TABLE lib_report_days (
          day TEXT PRIMARY KEY,
          views REAL NOT NULL,
          downloads REAL NOT NULL,
          profit_views REAL NOT NULL,
          profit_total REAL NOT NULL
        );
        CREATE TABLE lib_dmca (
          id INTEGER PRIMARY KEY,
          code TEXT NOT NULL,
          secure_download_code TEXT NOT NULL,
          secure_embed_code TEXT NOT NULL,
          reported_at TEXT NOT NULL,
          disabled_at TEXT NOT NULL
        );
        -- One row per cached read ('account', 'folders', 'reports:7', 'dmca:1:50'): when it
        -- was last fetched, whether the last attempt failed, and what it covered (meta JSON).
        CREATE TABLE lib_fetches (
          key TEXT PRIMARY KEY,
          fetched_at INTEGER,
          failed_at INTEGER,
          meta TEXT
        );
      `);
    },
  },
  {
    version: 3,
    name: 'outbox, subtitles added from this app, sync state',
    up: (db) => {
      db.exec(`
        -- AUTOINCREMENT: ids are never reused, so a temporary folder id (-outbox id) is unique.
        CREATE TABLE lib_outbox (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          kind TEXT NOT NULL,
          payload TEXT NOT NULL,
          state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sending', 'refused')),
          error TEXT,
          attempts INTEGER NOT NULL DEFAULT 0,
          created_at INTEGER NOT NULL,
          target TEXT NOT NULL              -- 'folder:<id>' or 'video:<id>': changes to one target keep their order
        );
        CREATE INDEX lib_outbox_by_target ON lib_outbox (target);
        CREATE TABLE lib_subtitles (
          id INTEGER PRIMARY KEY,
          video_id TEXT NOT NULL,
          language TEXT NOT NULL,
          source TEXT NOT NULL CHECK (source IN ('file', 'url')),
          url TEXT,                         -- the service's WebVTT address once confirmed
          outbox_id INTEGER                 -- set while the change waits in the outbox
        );
        CREATE INDEX lib_subtitles_by_video ON lib_subtitles (video_id);
        CREATE TABLE lib_sync_state (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      `);
    },
  },
  {
    version: 4,
    name: 'outbox delivery metadata in a column, not in the payload',
    up: (db) => {
      // 1 once the request may have reached the service (the app died mid-send, or the
      // connection failed after it left): the next send looks for its effect first.
      db.exec('ALTER TABLE lib_outbox ADD COLUMN may_have_arrived INTEGER NOT NULL DEFAULT 0');
      db.exec("UPDATE lib_outbox SET may_have_arrived = 1 WHERE json_extract(payload, '$.mayHaveArrived') = 1");
      db.exec("UPDATE lib_outbox SET payload = json_remove(payload, '$.mayHaveArrived') WHERE json_extract(payload, '$.mayHaveArrived') IS NOT NULL");
    },
  },
  {
    version: 5,
    name: 'whether a video has a custom thumbnail (set through Vidlift; the service does not say)',
    up: (db) => {
      db.exec('ALTER TABLE lib_videos ADD COLUMN custom_thumbnail INTEGER NOT NULL DEFAULT 0');
    },
  },
  {
    version: 6,
    name: 'the unique index by id is a named index, so a first sync can go without it (id-index.ts)',
    up: (db) => {
      // An inline UNIQUE cannot be dropped: the table is rebuilt with the same rows and rids
      // (the title index refers to rids).
      const columns = `rid, id, folder_id, seq, name, created_at, is_public, views, size, skip_intro, local_skip_intro,
        download_url, embed_url, thumbnail_url, splash_url, pending, local_at, custom_thumbnail`;
      db.exec(`
        CREATE TABLE lib_videos_new (
          rid INTEGER PRIMARY KEY,
          id TEXT NOT NULL,
          folder_id INTEGER NOT NULL,
          seq REAL NOT NULL,
          name TEXT NOT NULL,
          created_at TEXT NOT NULL,
          is_public INTEGER NOT NULL,
          views INTEGER NOT NULL,
          size INTEGER NOT NULL,
          skip_intro INTEGER NOT NULL,
          local_skip_intro INTEGER,
          download_url TEXT NOT NULL,
          embed_url TEXT NOT NULL,
          thumbnail_url TEXT NOT NULL,
          splash_url TEXT NOT NULL,
          pending TEXT CHECK (pending IN ('pending', 'sending', 'refused')),
          local_at INTEGER,
          custom_thumbnail INTEGER NOT NULL DEFAULT 0
        );
        INSERT INTO lib_videos_new (${columns}) SELECT ${columns} FROM lib_videos;
        DROP TABLE lib_videos;
        ALTER TABLE lib_videos_new RENAME TO lib_videos;
        CREATE UNIQUE INDEX lib_videos_by_id ON lib_videos (id);
        CREATE INDEX lib_videos_by_folder ON lib_videos (folder_id, seq);
      `);
    },
  },
  {
    version: 7,
    name: 'titles too short for a trigram, kept apart for the one- and two-character search (search/title-chars.ts)',
    up: (db) => {
      db.exec('CREATE INDEX lib_videos_short_titles ON lib_videos (rid) WHERE length(name) < 3');
    },
  },
  {
    version: 8,
    name: 'the life of a link: tombstones of dead videos, the takedowns read from the DMCA list, the link map (issue 29)',
    up: (db) => {
      db.exec(`
        -- A video that left the listings keeps its row here instead of being forgotten: enough
        -- to name it, find its file and mend its links (shared/links.ts Tombstone).
        CREATE TABLE lib_tombstones (
          video_id TEXT PRIMARY KEY,
          state TEXT NOT NULL CHECK (state IN ('takenDown', 'gone')),
          reason TEXT NOT NULL CHECK (reason IN ('dmca', 'unlisted', 'lookup')),
          title TEXT NOT NULL,
          folder_id INTEGER NOT NULL,
          size INTEGER NOT NULL,
          download_url TEXT NOT NULL,
          embed_url TEXT NOT NULL,
          last_seen_at INTEGER,
          dead_at INTEGER NOT NULL,
          -- Locate file…: the file the person picked, with its size and mtime then; null: the
          -- upload job's file (path, size, mtime when it was queued) is the source.
          source_path TEXT,
          source_size INTEGER,
          source_mtime_ms REAL,
          recover_job_id INTEGER             -- Upload again's job
        ) WITHOUT ROWID;
        CREATE INDEX lib_tombstones_by_state ON lib_tombstones (state, dead_at);
        CREATE INDEX lib_tombstones_by_death ON lib_tombstones (dead_at);
        CREATE INDEX lib_tombstones_by_job ON lib_tombstones (recover_job_id) WHERE recover_job_id IS NOT NULL;
        -- Every DMCA record the takedown watch read (lib_dmca is the account screen's cache of
        -- pages, written when that screen asks): seen_at says when it was first read.
        CREATE TABLE lib_takedowns (
          id INTEGER PRIMARY KEY,
          code TEXT NOT NULL,
          secure_download_code TEXT NOT NULL,
          secure_embed_code TEXT NOT NULL,
          reported_at TEXT NOT NULL,
          disabled_at TEXT NOT NULL,
          seen_at INTEGER NOT NULL
        );
        CREATE INDEX lib_takedowns_by_code ON lib_takedowns (code);
        -- Old video -> the one uploaded again in its place, with both videos' links.
        CREATE TABLE lib_link_map (
          old_id TEXT PRIMARY KEY,
          new_id TEXT NOT NULL,
          old_download TEXT NOT NULL,
          new_download TEXT NOT NULL,
          old_embed TEXT NOT NULL,
          new_embed TEXT NOT NULL,
          at INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX lib_link_map_by_at ON lib_link_map (at);
        CREATE INDEX lib_link_map_by_new ON lib_link_map (new_id);
      `);
    },
  },
  {
    version: 9,
    name: "the videos' version: cached folder pages are dropped by writes to videos only (issue 33)",
    up: (db) => createTableVersion(db, 'lib_videos', idIndexDeferred(db)),
  },
];

export function migrateLibrary(db: Db): void {
  migrate(db, LIBRARY_MODULE, libraryMigrations);
}

/** Opens (or creates) the account's library file at `file` with every migration applied. */
export function openLibraryDatabase(file: string): Db {
  const db = openDatabase(file);
  migrateLibrary(db);
  return db;
}
