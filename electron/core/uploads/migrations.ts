// The upload queue's tables, in the account database beside the library's (module
// 'uploads' in schema_migrations). Every job survives a quit or a crash.
import type { Migration } from '../db/database.ts';
import { createTableVersion } from '../db/table-version.ts';
import { noteAsSaid } from './stored-notes.ts';

export const uploadMigrations: readonly Migration[] = [
  {
    version: 1,
    name: 'upload jobs and queue state',
    up: (db) => {
      db.exec(`CREATE TABLE upload_jobs (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        path TEXT NOT NULL,
        name TEXT NOT NULL,
        size INTEGER NOT NULL,
        mtime_ms INTEGER NOT NULL,
        content_type TEXT NOT NULL,
        folder_id INTEGER NOT NULL,
        state TEXT NOT NULL,
        bytes_sent INTEGER NOT NULL DEFAULT 0,
        attempts INTEGER NOT NULL DEFAULT 0,
        error_code TEXT,
        error_message TEXT,
        error_retryable INTEGER,
        restarted INTEGER NOT NULL DEFAULT 0,
        -- 1 once the whole body may have reached the file server: before sending again,
        -- look for the video on the service (a lost reply must not become a duplicate).
        maybe_received INTEGER NOT NULL DEFAULT 0,
        video_id TEXT,
        download_url TEXT,
        embed_url TEXT,
        next_attempt_at INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        finished_at INTEGER
      )`);
      db.exec('CREATE INDEX upload_jobs_identity ON upload_jobs (path, size, mtime_ms)');
      db.exec('CREATE INDEX upload_jobs_state ON upload_jobs (state)');
      db.exec('CREATE TABLE upload_queue (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
    },
  },
  {
    version: 2,
    name: 'what each file is (container header facts, JSON of shared/media.ts MediaInfo)',
    up: (db) => {
      db.exec('ALTER TABLE upload_jobs ADD COLUMN media TEXT');
      db.exec('CREATE INDEX upload_jobs_video ON upload_jobs (video_id)');
    },
  },
  {
    version: 3,
    name: 'a note on a finished job',
    // Why a job ended as it did when its state alone would mislead (a cancel that came
    // after the video had already arrived).
    up: (db) => db.exec('ALTER TABLE upload_jobs ADD COLUMN note TEXT'),
  },
  {
    version: 4,
    name: 'which file a job means: device and inode when queued',
    // Checked on the handle that is read when sending, so a path swapped for a link or
    // another file after it was granted is never uploaded (issue 18 item 5). Older rows
    // keep null: size and mtime still apply to them.
    up: (db) => {
      db.exec('ALTER TABLE upload_jobs ADD COLUMN file_dev TEXT');
      db.exec('ALTER TABLE upload_jobs ADD COLUMN file_ino TEXT');
    },
  },
  {
    version: 5,
    name: 'the upload history: when a transfer started, and when its row left the queue view',
    // "Clear finished" moves rows to the history (cleared_at) instead of deleting them: the
    // history keeps every finished, failed and cancelled upload with its links and errors.
    up: (db) => {
      db.exec('ALTER TABLE upload_jobs ADD COLUMN started_at INTEGER');
      db.exec('ALTER TABLE upload_jobs ADD COLUMN cleared_at INTEGER');
      db.exec('CREATE INDEX upload_jobs_history ON upload_jobs (finished_at DESC, id DESC) WHERE finished_at IS NOT NULL');
    },
  },
  {
    version: 6,
    name: 'a job whose container header is still to be read (a large drop is queued first, inspected after)',
    // 1 until media-inspection.ts has read the file's header; such a job is never sent.
    up: (db) => {
      db.exec('ALTER TABLE upload_jobs ADD COLUMN media_pending INTEGER NOT NULL DEFAULT 0');
      db.exec('CREATE INDEX upload_jobs_media_pending ON upload_jobs (id) WHERE media_pending = 1');
    },
  },
  {
    version: 7,
    name: 'what was checked once a job landed: the stored title, the video in its folder',
    // JSON of shared/upload-verification.ts UploadVerification, written with the landing
    // (issue 26). Older done rows keep null: they were never checked, and say nothing.
    up: (db) => db.exec('ALTER TABLE upload_jobs ADD COLUMN verification TEXT'),
  },
  {
    version: 8,
    name: 'pauses that keep the connection, honest restarts, and every transfer attempt',
    // held_since/held_until: a paused transfer whose request is kept open (issue 26); both
    // null otherwise. restart_cause/bytes_lost: why the file starts again from byte 0 and
    // how much had been sent. upload_attempts: one row per transfer attempt, for the history
    // (its bytes, its error, and the time it spent held, which is not sending time).
    up: (db) => {
      db.exec('ALTER TABLE upload_jobs ADD COLUMN held_since INTEGER');
      db.exec('ALTER TABLE upload_jobs ADD COLUMN held_until INTEGER');
      db.exec('ALTER TABLE upload_jobs ADD COLUMN restart_cause TEXT');
      db.exec('ALTER TABLE upload_jobs ADD COLUMN bytes_lost INTEGER NOT NULL DEFAULT 0');
      // Its own id: a person's Retry counts attempts from 1 again.
      db.exec(`CREATE TABLE upload_attempts (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        job_id INTEGER NOT NULL REFERENCES upload_jobs (id) ON DELETE CASCADE,
        attempt INTEGER NOT NULL,
        started_at INTEGER NOT NULL,
        -- null while it runs, or when the app closed during it (its length is unknown)
        ended_at INTEGER,
        bytes_sent INTEGER NOT NULL DEFAULT 0,
        held_ms INTEGER NOT NULL DEFAULT 0,
        outcome TEXT,
        error_code TEXT,
        error_message TEXT
      )`);
      db.exec('CREATE INDEX upload_attempts_job ON upload_attempts (job_id, id)');
    },
  },
  {
    version: 9,
    name: 'what a file holds: the SHA-256 of its bytes, and jobs found by size',
    // Duplicates are found by content (duplicates.ts): the hash is computed while the file is
    // read for its upload, or before a refusal when a known file has the same size. Null:
    // not read whole yet (or queued by an older version).
    up: (db) => {
      db.exec('ALTER TABLE upload_jobs ADD COLUMN sha256 TEXT');
      db.exec('CREATE INDEX upload_jobs_size ON upload_jobs (size)');
    },
  },
  {
    version: 10,
    name: 'job notes are said codes with params (issue 30), no longer English sentences',
    // A note the window shows in the person's language: each English note a known code says is
    // rewritten as that code; a note no code says stays as written (and is shown so).
    up: (db) => {
      const rows = db.prepare("SELECT id, note FROM upload_jobs WHERE note IS NOT NULL AND note NOT LIKE '{%'").all() as { id: number; note: string }[];
      const write = db.prepare('UPDATE upload_jobs SET note = ? WHERE id = ?');
      for (const row of rows) {
        const stored = noteAsSaid(row.note);
        if (stored !== null) write.run(stored, row.id);
      }
    },
  },
  {
    version: 11,
    name: 'a content digest names its algorithm (XXH3-64 from now on; older rows keep their SHA-256)',
    // issue 33 §3: SHA-256 alone cost as much CPU per byte as curl's whole upload. The digest is
    // stored as `<algorithm>:<hex>` (files/content-digest.ts), so the duplicate check compares
    // like with like and a file uploaded before the change is still found by its SHA-256.
    up: (db) => {
      db.exec('ALTER TABLE upload_jobs ADD COLUMN content_digest TEXT');
      db.exec("UPDATE upload_jobs SET content_digest = 'sha256:' || lower(sha256) WHERE sha256 IS NOT NULL");
      db.exec('ALTER TABLE upload_jobs DROP COLUMN sha256');
    },
  },
  {
    version: 12,
    name: "the jobs' version: the queue's sums are read again after a write to a job's state, size or end only (issue 33)",
    up: (db) => createTableVersion(db, 'upload_jobs'),
  },
];
