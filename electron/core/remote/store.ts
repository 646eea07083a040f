// The remote-import rows, in SQLite (the actions asked for offline wait in the outbox). Every write that
// matters for "never submit twice" (marking a row as being submitted, recording the id the
// service gave it) is committed before the next request goes out.
import { migrate, transaction, type Db } from '../db/database.ts';
import { isRemoteActive, REMOTE_FAILED_STATUS } from '../api/wire.ts';
import type { ServiceRemoteItem } from '../api/schemas.ts';
import { REMOTE_MODULE, remoteMigrations } from './migrations.ts';

/**
 * Where a row is in our hands:
 * - `local`: waits here (no free slot, offline, or its folder still has a temporary id);
 * - `submitting`: operation 5 is in flight;
 * - `uncertain`: operation 5 may have reached the service (the reply was lost, the app
 *   quit mid-request); it is looked for in the service's list before being sent again;
 * - `refused`: the service refused it; `error` holds why;
 * - `remote`: the service has it; `status` is the service's word for it.
 */
export type Phase = 'local' | 'submitting' | 'uncertain' | 'refused' | 'remote';

/** The local status shown while a row waits on this side. */
export const WAITING_STATUS = 'waiting';

export interface RemoteRow {
  localId: number;
  remoteId: string | null;
  url: string;
  folderId: number;
  phase: Phase;
  status: string;
  bytesDownloaded: number;
  bytesTotal: number;
  created: string | null;
  error: string | null;
  /** The service has shown this item in a status or list reply at least once. */
  listed: boolean;
}

interface RowRecord {
  local_id: number;
  remote_id: string | null;
  url: string;
  folder_id: number;
  phase: Phase;
  status: string;
  bytes_downloaded: number;
  bytes_total: number;
  created: string | null;
  error: string | null;
  listed: number;
}

const WAITING_PHASES = "('local', 'submitting', 'uncertain')";

function toRow(record: RowRecord): RemoteRow {
  return {
    localId: record.local_id,
    remoteId: record.remote_id,
    url: record.url,
    folderId: record.folder_id,
    phase: record.phase,
    status: record.status,
    bytesDownloaded: record.bytes_downloaded,
    bytesTotal: record.bytes_total,
    created: record.created,
    error: record.error,
    listed: record.listed === 1,
  };
}

export class RemoteStore {
  readonly #db: Db;
  readonly #now: () => number;

  constructor(db: Db, now: () => number) {
    this.#db = db;
    this.#now = now;
    migrate(db, REMOTE_MODULE, remoteMigrations);
  }

  // ---- reading

  /** Newest first, like the service's own list. */
  rows(): RemoteRow[] {
    return this.#select('SELECT * FROM remote_items ORDER BY local_id DESC');
  }

  byRemoteId(remoteId: string): RemoteRow | undefined {
    return this.#select('SELECT * FROM remote_items WHERE remote_id = ?', remoteId)[0];
  }

  /** Rows that may go to the service now, oldest first: never one whose folder is temporary. */
  submittable(): RemoteRow[] {
    return this.#select("SELECT * FROM remote_items WHERE phase = 'local' ORDER BY local_id");
  }

  uncertain(): RemoteRow[] {
    return this.#select("SELECT * FROM remote_items WHERE phase = 'uncertain' ORDER BY local_id");
  }

  /** Rows the service has and still works on (unknown statuses count as active). */
  activeRemote(): RemoteRow[] {
    return this.#select("SELECT * FROM remote_items WHERE phase = 'remote' ORDER BY local_id").filter((row) => isRemoteActive(row.status));
  }

  waitingCount(): number {
    const row = this.#db.prepare(`SELECT COUNT(*) AS n FROM remote_items WHERE phase IN ${WAITING_PHASES}`).get() as { n: number };
    return row.n;
  }

  /** URLs already waiting or being imported: pasting one again would import it twice. */
  urlsInProgress(): Set<string> {
    const urls = new Set<string>();
    for (const row of this.#select('SELECT * FROM remote_items')) {
      const inProgress = row.phase === 'remote' ? isRemoteActive(row.status) : row.phase !== 'refused';
      if (inProgress) urls.add(row.url);
    }
    return urls;
  }

  // ---- our side of the life of a row

  /** New rows wait with the folder asked for (0: the root) until the service reports the one it used. */
  addWaiting(urls: readonly string[], folderId = 0): void {
    const now = this.#now();
    const insert = this.#db.prepare(
      "INSERT INTO remote_items (url, folder_id, phase, status, added_at, updated_at) VALUES (?, ?, 'local', ?, ?, ?)",
    );
    transaction(this.#db, () => {
      for (const url of urls) insert.run(url, folderId, WAITING_STATUS, now, now);
    });
  }

  setPhase(localId: number, phase: Exclude<Phase, 'remote'>, error: string | null = null): void {
    const status = phase === 'refused' ? REMOTE_FAILED_STATUS : WAITING_STATUS;
    this.#db
      .prepare('UPDATE remote_items SET phase = ?, status = ?, error = ?, updated_at = ? WHERE local_id = ?')
      .run(phase, status, error, this.#now(), localId);
  }

  markSubmitted(localId: number, remoteId: string, status: string): void {
    this.#db
      .prepare("UPDATE remote_items SET phase = 'remote', remote_id = ?, status = ?, error = NULL, updated_at = ? WHERE local_id = ?")
      .run(remoteId, status, this.#now(), localId);
  }

  /** After a crash mid-request nobody knows whether operation 5 arrived. */
  recoverInterrupted(): void {
    this.#db.prepare("UPDATE remote_items SET phase = 'uncertain', updated_at = ? WHERE phase = 'submitting'").run(this.#now());
  }

  /** A complete listing did not show them: they never arrived, so they may be sent again. */
  releaseUncertain(): void {
    this.#db.prepare("UPDATE remote_items SET phase = 'local', updated_at = ? WHERE phase = 'uncertain'").run(this.#now());
  }

  // ---- the service's side

  /**
   * Records what the service says about one item: updates the row that has its id, or
   * adopts an uncertain row with the same URL (the submit arrived though its reply did not),
   * or adds a row for an item queued elsewhere (the service's web page, another computer).
   */
  applyServiceItem(item: ServiceRemoteItem): void {
    const now = this.#now();
    const known = this.byRemoteId(item.id);
    if (known) {
      this.#db
        .prepare(
          'UPDATE remote_items SET status = ?, bytes_downloaded = ?, bytes_total = ?, created = ?, folder_id = ?, error = ?, listed = 1, updated_at = ? WHERE local_id = ?',
        )
        .run(item.status, item.bytes.downloaded, item.bytes.total, item.created, item.folder, failureOf(item), now, known.localId);
      return;
    }
    const orphan = this.#select("SELECT * FROM remote_items WHERE phase = 'uncertain' AND url = ? ORDER BY local_id LIMIT 1", item.url)[0];
    if (orphan) {
      this.#db
        .prepare(
          "UPDATE remote_items SET phase = 'remote', remote_id = ?, status = ?, bytes_downloaded = ?, bytes_total = ?, created = ?, error = ?, listed = 1, updated_at = ? WHERE local_id = ?",
        )
        .run(item.id, item.status, item.bytes.downloaded, item.bytes.total, item.created, failureOf(item), now, orphan.localId);
      return;
    }
    this.#db
      .prepare(
        "INSERT INTO remote_items (remote_id, url, folder_id, phase, status, bytes_downloaded, bytes_total, created, error, listed, added_at, updated_at) VALUES (?, ?, ?, 'remote', ?, ?, ?, ?, ?, 1, ?, ?)",
      )
      .run(item.id, item.url, item.folder, item.status, item.bytes.downloaded, item.bytes.total, item.created, failureOf(item), now, now);
  }

  setStatus(localId: number, status: string): void {
    this.#db.prepare('UPDATE remote_items SET status = ?, updated_at = ? WHERE local_id = ?').run(status, this.#now(), localId);
  }

  /** Removes a row the service never got (waiting for a slot, or refused); false when it did. */
  removeUnsent(localId: number): boolean {
    const result = this.#db.prepare("DELETE FROM remote_items WHERE local_id = ? AND phase IN ('local', 'refused')").run(localId);
    return Number(result.changes) > 0;
  }

  remove(localId: number): void {
    this.#db.prepare('DELETE FROM remote_items WHERE local_id = ?').run(localId);
  }

  // ---- what the four actions change on this side

  /** Refused rows go back to waiting; the service's failed items are its business. */
  retryRefused(): number {
    const result = this.#db
      .prepare("UPDATE remote_items SET phase = 'local', status = ?, error = NULL, updated_at = ? WHERE phase = 'refused'")
      .run(WAITING_STATUS, this.#now());
    return Number(result.changes);
  }

  deleteFailed(): number {
    const result = this.#db.prepare("DELETE FROM remote_items WHERE phase = 'refused' OR (phase = 'remote' AND status = ?)").run(REMOTE_FAILED_STATUS);
    return Number(result.changes);
  }

  deleteInactive(): number {
    return transaction(this.#db, () => {
      let removed = Number(this.#db.prepare("DELETE FROM remote_items WHERE phase = 'refused'").run().changes);
      for (const row of this.#select("SELECT * FROM remote_items WHERE phase = 'remote'")) {
        if (isRemoteActive(row.status)) continue;
        this.remove(row.localId);
        removed++;
      }
      return removed;
    });
  }

  deleteByRemoteId(remoteId: string): number {
    return Number(this.#db.prepare('DELETE FROM remote_items WHERE remote_id = ?').run(remoteId).changes);
  }

  #select(sql: string, ...params: (string | number)[]): RemoteRow[] {
    return (this.#db.prepare(sql).all(...params) as unknown as RowRecord[]).map(toRow);
  }
}

/** The reason a failed item gives, if it gives one; a retried item's old reason goes with its failure. */
function failureOf(item: ServiceRemoteItem): string | null {
  return item.status === REMOTE_FAILED_STATUS && item.error ? item.error : null;
}
