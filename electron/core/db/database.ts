// Opens the account's SQLite database (node:sqlite: the same engine under Electron's main
// process and under Node in tests, no native module to rebuild) and runs migrations.
// Several modules keep tables in the one file (library, uploads, remote, outbox); each
// owns a numbered migration list, applied in order inside a transaction and recorded in
// `schema_migrations`, so modules evolve their tables independently.
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { said } from '../../../shared/said.ts';
import { sayInEnglish } from '../../../shared/i18n/say-english.ts';

export type Db = DatabaseSync;

export interface Migration {
  version: number;
  /** What the migration does, for the record and for its test. */
  name: string;
  up: (db: Db) => void;
}

export interface ConnectionOptions {
  /** Pages kept in memory, at most (default 64 MiB). */
  cacheMiB?: number;
  /** Where sorts and temporary tables go (default memory). */
  tempStore?: 'memory' | 'file';
}

/**
 * The sync writer's connection (sync/writer.worker.ts): it appends rows and builds indexes,
 * reads almost nothing back, so a small cache; an index build sorts a million keys, so
 * sorting spills to a temporary file. Measured during a first sync of 1,000,000 videos
 * (`npm run bench -- scale`): with the reader's settings the build of the id index held
 * ~130 MiB of sort in memory and the write cache filled its 64 MiB.
 */
export const WRITER_CONNECTION: ConnectionOptions = { cacheMiB: 8, tempStore: 'file' };

export function openDatabase(file: string, options: ConnectionOptions = {}): Db {
  if (file !== ':memory:') makePrivate(file);
  const db = new DatabaseSync(file);
  // WAL lets reads proceed while a sync writes; FULL makes every committed queue and outbox
  // change survive a crash or power cut (acknowledged means on disk).
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = FULL');
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('PRAGMA busy_timeout = 5000');
  // Up to 64 MiB of pages (SQLite's default is 2 MiB): reads of a library of a million videos
  // touch a ~30 MiB index by id all over (issue 16's profile).
  db.exec(`PRAGMA cache_size = ${-1024 * Math.round(options.cacheMiB ?? 64)}`);
  db.exec(`PRAGMA temp_store = ${options.tempStore === 'file' ? 'FILE' : 'MEMORY'}`);
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    module TEXT NOT NULL,
    version INTEGER NOT NULL,
    name TEXT NOT NULL,
    applied_at INTEGER NOT NULL,
    PRIMARY KEY (module, version)
  )`);
  return db;
}

/** The file has a migration of `module` this version does not know: a newer Vidlift wrote it. */
export class SchemaFromNewerVersionError extends Error {
  readonly module: string;
  readonly version: number;
  constructor(module: string, version: number) {
    super(sayInEnglish(said('library_tables_newer', { module, version })));
    this.name = 'SchemaFromNewerVersionError';
    this.module = module;
    this.version = version;
  }
}

/** Throws SchemaFromNewerVersionError when the file holds a migration of `module` newer than `migrations`. */
export function refuseNewerSchema(db: Db, module: string, migrations: readonly Migration[]): void {
  const row = db.prepare('SELECT MAX(version) AS version FROM schema_migrations WHERE module = ?').get(module) as { version: number | null } | undefined;
  const newest = Math.max(0, ...migrations.map((migration) => migration.version));
  if (row?.version != null && row.version > newest) throw new SchemaFromNewerVersionError(module, row.version);
}

export function migrate(db: Db, module: string, migrations: readonly Migration[]): void {
  // Older code must never run on tables a newer version changed: their queue and outbox
  // could be damaged. Refused before anything is written.
  refuseNewerSchema(db, module, migrations);
  const applied = new Set(
    (db.prepare('SELECT version FROM schema_migrations WHERE module = ?').all(module) as { version: number }[]).map(
      (row) => row.version,
    ),
  );
  const ordered = [...migrations].sort((a, b) => a.version - b.version);
  for (const migration of ordered) {
    if (applied.has(migration.version)) continue;
    transaction(db, () => {
      migration.up(db);
      db.prepare('INSERT INTO schema_migrations (module, version, name, applied_at) VALUES (?, ?, ?, ?)').run(
        module,
        migration.version,
        migration.name,
        Date.now(),
      );
    });
  }
}

const statements = new WeakMap<Db, Map<string, StatementSync>>();

/**
 * The connection's statement for `sql`, prepared on its first use and kept with the connection.
 * Preparing is most of a small read's cost: a 1M first sync read its folders' sync state about
 * 2,000 times, ~120 ms of the main thread with a statement prepared for each, and compiling was
 * ~60% of queueing a 10,000-file drop (issue 33; the library's and the queue's stores). For SQL
 * written in the code only: a text built from input would keep a statement for each input.
 */
export function prepared(db: Db, sql: string): StatementSync {
  let byText = statements.get(db);
  if (!byText) {
    byText = new Map();
    statements.set(db, byText);
  }
  let statement = byText.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    byText.set(sql, statement);
  }
  return statement;
}

/** Runs `work` in one transaction; nested calls join the outer one. */
export function transaction<T>(db: Db, work: () => T): T {
  if (db.isTransaction) return work();
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}

/**
 * An account's library (titles, links, the queue, messages from the service) is this user's
 * alone: its folder 0700, the database 0600 before SQLite first opens it, so the -wal and -shm
 * files SQLite makes beside it get the same mode. Files from older versions are tightened too.
 */
function makePrivate(file: string): void {
  if (process.platform === 'win32') {
    mkdirSync(dirname(file), { recursive: true });
    return;
  }
  // Only a folder made here is tightened: a database placed in a shared folder (/tmp) must
  // not take that folder's mode away (the app's own folders are tightened where they are made).
  const created = mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  if (created !== undefined) chmodSync(dirname(file), 0o700);
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
  for (const part of [file, `${file}-wal`, `${file}-shm`]) {
    if (existsSync(part)) chmodSync(part, 0o600);
  }
}
