// Opens an account's database without ever losing it. A file SQLite cannot read (damaged,
// or not a database at all) is renamed aside, never deleted, and a new library is started
// in its place: the library refills from the service. A file written by a newer Vidlift
// (a migration this version does not know) is left untouched and the account does not open:
// running older code on it could corrupt the queue and the outbox it holds. Every module's
// migrate() refuses that too (db.ts); checking all known modules here first means nothing at
// all is written to such a file.
import { existsSync, renameSync } from 'node:fs';
import { openDatabase, refuseNewerSchema, SchemaFromNewerVersionError, type Db, type Migration } from '../db/database.ts';
import { LIBRARY_MODULE, libraryMigrations, migrateLibrary } from '../library/migrations.ts';
import { REMOTE_MODULE, remoteMigrations } from '../remote/migrations.ts';
import { uploadMigrations } from '../uploads/migrations.ts';
import { asideName } from '../startup/notices.ts';

/** Every module that keeps tables in the account's file, with the migrations this version knows. */
const KNOWN_MIGRATIONS: Readonly<Record<string, readonly Migration[]>> = {
  [LIBRARY_MODULE]: libraryMigrations,
  uploads: uploadMigrations,
  [REMOTE_MODULE]: remoteMigrations,
};

/** SQLite's primary result codes for a file it cannot read as a database. */
const SQLITE_CORRUPT = 11;
const SQLITE_NOTADB = 26;

export { SchemaFromNewerVersionError };

export interface OpenAccountDatabaseOptions {
  /** The damaged file was renamed to `keptFile` and an empty library was started. */
  onDamaged: (keptFile: string) => void;
}

export function openAccountDatabase(file: string, options: OpenAccountDatabaseOptions): Db {
  try {
    return openChecked(file);
  } catch (error) {
    if (!isUnreadableDatabase(error)) throw error;
    const kept = setAside(file);
    options.onDamaged(kept);
    return openChecked(file);
  }
}

function openChecked(file: string): Db {
  const db = openDatabase(file);
  try {
    for (const [module, migrations] of Object.entries(KNOWN_MIGRATIONS)) refuseNewerSchema(db, module, migrations);
    migrateLibrary(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

export function isUnreadableDatabase(error: unknown): boolean {
  const code = (error as { errcode?: unknown } | null)?.errcode;
  // Extended result codes keep the primary code in the low byte.
  return typeof code === 'number' && [SQLITE_CORRUPT, SQLITE_NOTADB].includes(code & 0xff);
}

/** Renames the file and its WAL companions beside it; answers the new name of the file. */
function setAside(file: string): string {
  const kept = asideName(file);
  renameSync(file, kept);
  for (const suffix of ['-wal', '-shm']) {
    if (existsSync(`${file}${suffix}`)) renameSync(`${file}${suffix}`, `${kept}${suffix}`);
  }
  return kept;
}
