// The persistent upload queue: one row per file, every state change written before it
// takes effect elsewhere (synchronous=FULL in openDatabase), so a crash never loses a job.
import type { StatementSync } from 'node:sqlite';
import type { UploadState } from '../../../shared/model.ts';
import type { MediaInfo } from '../../../shared/media.ts';
import { migrate, prepared, transaction, type Db } from '../db/database.ts';
import { TableVersion } from '../db/table-version.ts';
import { uploadMigrations } from './migrations.ts';
import { attemptOutcome, transition, type JobEvent } from './job-transitions.ts';
import type { JobPatch, JobRow } from './job-row.ts';
import { formatDigest, type ContentDigest } from '../files/content-digest.ts';
import { saidOf } from '../../../shared/errors.ts';
import { storeSaid } from '../../../shared/said.ts';

interface NewJob {
  path: string;
  name: string;
  size: number;
  mtimeMs: number;
  contentType: string;
  folderId: number;
  media?: MediaInfo | null;
  /** Its container header is still to be read (media-inspection.ts): it is not sent before. */
  mediaPending?: boolean;
  dev?: string | null;
  ino?: string | null;
  /** Known when the duplicate check had to read the file. */
  digest?: ContentDigest | null;
}

/** States in which a file counts as already queued or uploaded (the duplicate check). */
const HELD_STATES: readonly UploadState[] = ['waiting', 'uploading', 'finishing', 'paused', 'done'];
/** The SQL condition of a job holding its file, bound with ...HELD_STATES. */
const HOLDS_ITS_FILE = `state IN (${HELD_STATES.map(() => '?').join(',')})`;
const FINISHED_STATES: readonly UploadState[] = ['done', 'cancelled'];

/** The queue's sums for the totals line, the tray and the taskbar (UploadStore.figures). */
export interface Figures {
  bytesTotal: number;
  finishedBytes: number;
  active: number;
  waiting: number;
  done: number;
  failed: number;
}

export class UploadStore {
  readonly #db: Db;

  /** The database, for readers of the same table (the history). */
  get db(): Db {
    return this.#db;
  }
  readonly #now: () => number;
  /** The last figures read, and the jobs' version (and batch start) they were read at. */
  #figures: { seen: string; value: Figures } | null = null;
  readonly #jobsVersion: TableVersion;

  constructor(db: Db, now: () => number) {
    this.#db = db;
    this.#now = now;
    migrate(db, 'uploads', uploadMigrations);
    this.#jobsVersion = new TableVersion(db, 'upload_jobs');
  }

  /** Compiled once per connection (db/database.ts): compiling on every call was ~60% of queueing a 10,000-file drop. */
  #prepared(sql: string): StatementSync {
    return prepared(this.#db, sql);
  }

  /** Runs `work` atomically (several inserts of one drop land together or not at all). */
  atomically<T>(work: () => T): T {
    return transaction(this.#db, work);
  }

  /** The queue view: every job not cleared into the history. */
  list(): JobRow[] {
    return this.#prepared('SELECT * FROM upload_jobs WHERE cleared_at IS NULL ORDER BY id').all() as unknown as JobRow[];
  }

  get(id: number): JobRow | undefined {
    return this.#prepared('SELECT * FROM upload_jobs WHERE id = ?').get(id) as unknown as JobRow | undefined;
  }

  /** The sizes of the files jobs hold (queued or uploaded): a file of another size is no duplicate of any. */
  heldSizes(): Set<number> {
    const rows = this.#prepared(`SELECT DISTINCT size FROM upload_jobs WHERE ${HOLDS_ITS_FILE}`).all(...HELD_STATES);
    return new Set(rows.map((row) => Number(row.size)));
  }

  /** Jobs holding a file of this size (queued or uploaded): the only ones a file can be a duplicate of. */
  heldOfSize(size: number): JobRow[] {
    return this
      .#prepared(`SELECT * FROM upload_jobs WHERE size = ? AND ${HOLDS_ITS_FILE} ORDER BY id`)
      .all(size, ...HELD_STATES) as unknown as JobRow[];
  }

  /** The content digest of a job's file, once its bytes were read whole. */
  setContentDigest(id: number, digest: ContentDigest): void {
    this.#prepared('UPDATE upload_jobs SET content_digest = ? WHERE id = ?').run(formatDigest(digest), id);
  }

  /**
   * Stores a new job; answers its id. Not the row: a drop of 10,000 files spent ~220 of its
   * ~340 ms of inserts building the 10,000 rows back (RETURNING *, measured on this table),
   * and every caller needs only the ids (issue 33).
   */
  insert(job: NewJob): number {
    const { lastInsertRowid } = this
      .#prepared(
        `INSERT INTO upload_jobs (path, name, size, mtime_ms, content_type, folder_id, state, created_at, media, file_dev, file_ino, media_pending, content_digest)
         VALUES (?, ?, ?, ?, ?, ?, 'waiting', ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        job.path, job.name, job.size, job.mtimeMs, job.contentType, job.folderId, this.#now(),
        job.media ? JSON.stringify(job.media) : null, job.dev ?? null, job.ino ?? null, job.mediaPending ? 1 : 0, job.digest ? formatDigest(job.digest) : null,
      );
    return Number(lastInsertRowid);
  }

  update(id: number, patch: JobPatch): void {
    const keys = Object.keys(patch) as (keyof JobPatch)[];
    if (keys.length === 0) return;
    const sets = keys.map((key) => `${key} = ?`).join(', ');
    const values = keys.map((key) => patch[key] ?? null);
    this.#prepared(`UPDATE upload_jobs SET ${sets} WHERE id = ?`).run(...values, id);
  }

  /**
   * The one way a job's state changes: the event is checked against the job as it is now
   * (job-transitions.ts); the patch is written, or null when the event does not apply.
   */
  apply(id: number, event: JobEvent): JobPatch | null {
    const row = this.get(id);
    if (!row) return null;
    const patch = transition(row, event);
    if (!patch) return null;
    transaction(this.#db, () => {
      this.update(id, patch);
      this.#recordAttempt(row, event);
    });
    return patch;
  }

  /** The history's attempts follow the job's events: a start opens one, a run's end closes it. */
  #recordAttempt(row: JobRow, event: JobEvent): void {
    const now = this.#now();
    const heldMs = row.held_since !== null ? Math.max(0, now - row.held_since) : 0;
    if (event.type === 'started') {
      this.#prepared('INSERT INTO upload_attempts (job_id, attempt, started_at) VALUES (?, ?, ?)').run(row.id, event.attempts, event.now);
      return;
    }
    if (event.type === 'unheld') {
      this.#prepared('UPDATE upload_attempts SET held_ms = held_ms + ? WHERE job_id = ? AND ended_at IS NULL AND outcome IS NULL').run(heldMs, row.id);
      return;
    }
    const outcome = attemptOutcome(event);
    if (outcome === null) return;
    const bytes = event.type === 'landed' ? row.size : 'bytesSent' in event ? (event.bytesSent ?? 0) : 0;
    // What the attempt ended with, kept as said JSON as the job's error is (read back by uploads/history.ts).
    const error = 'error' in event ? { code: event.error.code, said: saidOf(event.error) } : event.type === 'file-unreadable' ? { code: 'validation', said: event.said } : null;
    this
      .#prepared(
        'UPDATE upload_attempts SET ended_at = ?, bytes_sent = ?, held_ms = held_ms + ?, outcome = ?, error_code = ?, error_message = ? WHERE job_id = ? AND ended_at IS NULL AND outcome IS NULL',
      )
      .run(now, bytes, heldMs, outcome, error?.code ?? null, error ? storeSaid(error.said) : null, row.id);
  }

  /**
   * Waiting jobs in queue order whose retry time has come. A job for a folder made offline (a
   * temporary negative id) waits until the service has created it (reassignFolder).
   */
  due(now: number, limit: number): JobRow[] {
    return this
      .#prepared("SELECT * FROM upload_jobs WHERE state = 'waiting' AND folder_id >= 0 AND media_pending = 0 AND next_attempt_at <= ? ORDER BY id LIMIT ?")
      .all(now, limit) as unknown as JobRow[];
  }

  /**
   * Cancelled jobs whose body may have arrived, in queue order, whose look for their video is
   * due: they only ask the service, so the queue's pause, windows and slots do not hold them.
   */
  cancelChecksDue(now: number): JobRow[] {
    return this.#prepared("SELECT * FROM upload_jobs WHERE state = 'cancelling' AND next_attempt_at <= ? ORDER BY id").all(now) as unknown as JobRow[];
  }

  /** A folder made offline got its id from the service: its jobs may go. Answers how many moved. */
  /**
   * Jobs whose transfer the network cut, waiting out a retry's backoff, become due now (after a
   * sleep, which cuts every transfer); a backoff for a server's own error is kept. Answers how many.
   */
  dueNowAfterCut(now: number): number {
    return Number(this.#prepared("UPDATE upload_jobs SET next_attempt_at = ? WHERE state = 'waiting' AND error_code = 'offline' AND next_attempt_at > ?").run(now, now).changes);
  }

  reassignFolder(tempId: number, realId: number): number {
    return Number(this.#prepared('UPDATE upload_jobs SET folder_id = ? WHERE folder_id = ?').run(realId, tempId).changes);
  }

  /**
   * When the earliest waiting job (other than those running) becomes due, or null when none
   * waits; with 'cancelling', the earliest look a cancel waits for.
   */
  nextDueAt(running: readonly number[] = [], state: 'waiting' | 'cancelling' = 'waiting'): number | null {
    const exclude = running.length > 0 ? `AND id NOT IN (${running.map(() => '?').join(',')})` : '';
    const row = this.#prepared(`SELECT MIN(next_attempt_at) AS at FROM upload_jobs WHERE state = '${state}' AND folder_id >= 0 AND media_pending = 0 ${exclude}`).get(...running) as
      | { at: number | null }
      | undefined;
    return row?.at ?? null;
  }

  /** Jobs whose header is still to be read, in queue order (media-inspection.ts). */
  awaitingInspection(limit: number): JobRow[] {
    return this.#prepared('SELECT * FROM upload_jobs WHERE media_pending = 1 ORDER BY id LIMIT ?').all(limit) as unknown as JobRow[];
  }

  countByState(): Map<UploadState, number> {
    const rows = this.#prepared('SELECT state, COUNT(*) AS n FROM upload_jobs GROUP BY state').all() as unknown as {
      state: UploadState;
      n: number;
    }[];
    return new Map(rows.map((row) => [row.state, row.n]));
  }

  /**
   * Figures for the totals line, the tray and the taskbar: the current batch is every job
   * still to go plus those finished since `batchStart` (null: no batch, so none finished in it).
   * A file that failed in the batch counts in the whole but not in what was sent, so the bar
   * never reads full while files failed.
   */
  figures(batchStart: number | null): Figures {
    // Read again only after a job's state, size or end changed (db/table-version.ts): on a
    // queue of 10,000 jobs the sums take about 15 ms, a start asks for them several times (the
    // accounts' list, the queue's first read, the tray; issue 33), and the sync's and the
    // takedown watch's own bookkeeping, written meanwhile, changes no job.
    const seen = `${this.#jobsVersion.now()}:${batchStart}`;
    if (this.#figures?.seen === seen) return { ...this.#figures.value };
    const row = this
      .#prepared(
        `SELECT
          COALESCE(SUM(CASE WHEN state IN ('waiting','uploading','finishing') OR (state IN ('done','failed','changed') AND finished_at >= ?) THEN size END), 0) AS bytesTotal,
          COALESCE(SUM(CASE WHEN state = 'done' AND finished_at >= ? THEN size END), 0) AS finishedBytes,
          COUNT(CASE WHEN state IN ('uploading','finishing') THEN 1 END) AS active,
          COUNT(CASE WHEN state = 'waiting' THEN 1 END) AS waiting,
          COUNT(CASE WHEN state = 'done' THEN 1 END) AS done,
          COUNT(CASE WHEN state IN ('failed','changed') THEN 1 END) AS failed
        FROM upload_jobs`,
      )
      .get(batchStart, batchStart) as unknown as Figures;
    this.#figures = { seen, value: row };
    return { ...row };
  }

  /** Video ids other jobs already produced: a lookup must not claim one of those. */
  knownVideoIds(exceptJobId: number): Set<string> {
    const rows = this.#prepared('SELECT video_id FROM upload_jobs WHERE video_id IS NOT NULL AND id != ?').all(exceptJobId) as unknown as {
      video_id: string;
    }[];
    return new Set(rows.map((row) => row.video_id));
  }

  /** "Clear finished": the rows leave the queue view and stay in the history (never deleted). */
  clearFinished(now: number): number {
    const marks = FINISHED_STATES.map(() => '?').join(',');
    return Number(this.#prepared(`UPDATE upload_jobs SET cleared_at = ? WHERE cleared_at IS NULL AND state IN (${marks})`).run(now, ...FINISHED_STATES).changes);
  }

  /**
   * After a quit or crash: transfers in flight restart from byte 0 (the file server has no
   * resume) and say so; those that had sent their whole body look for the video first. A
   * transfer held by a pause stays paused, and says its file starts again. Attempts that were
   * open end as closed by the app (their length unknown).
   */
  recoverInterrupted(): number {
    return transaction(this.#db, () => {
      this
        .#prepared("UPDATE upload_attempts SET outcome = 'app-closed' WHERE ended_at IS NULL AND outcome IS NULL")
        .run();
      const held = this
        .#prepared(
          "UPDATE upload_jobs SET restarted = 1, restart_cause = 'app-closed', bytes_lost = bytes_sent, bytes_sent = 0, held_since = NULL, held_until = NULL WHERE state = 'paused' AND held_until IS NOT NULL",
        )
        .run().changes;
      const uploading = this
        .#prepared("UPDATE upload_jobs SET state = 'waiting', restarted = 1, restart_cause = 'app-closed', bytes_lost = 0, bytes_sent = 0, next_attempt_at = 0 WHERE state = 'uploading'")
        .run().changes;
      const finishing = this
        .#prepared(
          "UPDATE upload_jobs SET state = 'waiting', restarted = 1, restart_cause = 'app-closed', bytes_lost = 0, bytes_sent = 0, maybe_received = 1, next_attempt_at = 0 WHERE state = 'finishing'",
        )
        .run().changes;
      return Number(uploading) + Number(finishing) + Number(held);
    });
  }

  getFlag(key: string): string | null {
    const row = this.#prepared('SELECT value FROM upload_queue WHERE key = ?').get(key) as { value: string } | undefined;
    return row?.value ?? null;
  }

  setFlag(key: string, value: string): void {
    this.#prepared('INSERT INTO upload_queue (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value);
  }
}
