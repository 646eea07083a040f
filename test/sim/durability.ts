// How durable the simulation's SQLite file is. The core opens every database with
// synchronous=FULL (electron/core/db/database.ts): what is acknowledged survives a power cut.
// The simulation never cuts power: its crash drops every object of the process, in the same
// process, and the same file is opened again; whatever SQLite handed to the kernel is still
// there, synced or not, and a crash can never fall inside a transaction (they are
// synchronous, the crash comes at an await point). So syncing is a cost that tests nothing
// here: the simulation's files skip it (synchronous=OFF, on a file in memory, /dev/shm), and
// take the file's lock for the life of the connection (locking_mode=EXCLUSIVE: one process
// at a time opens it, the sync worker is not run), which spares the shared-memory index of
// the WAL at every open. The journal stays WAL, as in the app. Power cuts and real kernels
// are the reliability suite's (test/reliability, SIGKILL rounds on real files).
import { DatabaseSync } from 'node:sqlite';

/** What the core asks for as it opens a database, and what the simulation runs instead. */
const SIMULATED: Readonly<Record<string, readonly string[]>> = {
  'PRAGMA synchronous = FULL': ['PRAGMA locking_mode = EXCLUSIVE', 'PRAGMA synchronous = OFF'],
};

/** Installs the simulation's durability for every database opened from now on; returns how to put the app's back. */
export function installSimulatedDurability(): () => void {
  const appExec = DatabaseSync.prototype.exec;
  DatabaseSync.prototype.exec = function (this: DatabaseSync, sql: string): void {
    const instead = SIMULATED[sql];
    if (!instead) return appExec.call(this, sql);
    for (const statement of instead) appExec.call(this, statement);
  };
  return () => {
    DatabaseSync.prototype.exec = appExec;
  };
}
