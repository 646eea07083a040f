// What the window is told about the upload queue (shared/upload-queue.ts): one window of rows
// at a time, the counts per state, and an `uploads:changed` of figures only, at most four
// times a second whatever the queue's length.
//
// Why: every change used to send every job: with 10,000 queued, each state change of a small
// file sent ~4 MB through IPC and re-sorted it in the renderer (issue 16).
import type { UploadJob, UploadState, UploadTotals } from '../../../shared/model.ts';
import {
  ACTIVE_UPLOAD_STATES,
  MAX_UPLOADS_WINDOW,
  UPLOAD_FILTER_STATES,
  countInFilter,
  emptyUploadCounts,
  type UploadCounts,
  type UploadsQuery,
  type UploadsSummary,
  type UploadsView,
} from '../../../shared/upload-queue.ts';
import type { EventSink } from '../rpc/events.ts';
import type { UploadsWaiting } from '../../../shared/upload-conditions.ts';
import type { Timers } from '../timers.ts';
import type { UploadStore } from './store.ts';
import { toUploadJob, type JobRow } from './job-row.ts';

/** The whole queue, for callers in this process (tests, tools); the window gets windows. */
export interface QueueSnapshot {
  jobs: UploadJob[];
  totals: UploadTotals;
  paused: boolean;
}

/** At most one `uploads:changed` per this long. */
export const CHANGED_INTERVAL_MS = 250;
const DEFAULT_WINDOW = 100;

interface QueueViewDeps {
  store: UploadStore;
  events: EventSink;
  timers: Timers;
  now: () => number;
  totals: () => UploadTotals;
  paused: () => boolean;
  /** Why queued jobs do not start (an upload window, the battery); null: they may. */
  waiting: () => UploadsWaiting | null;
  /** Bytes sent so far of a running job (its row is written less often). */
  liveBytesSent: (id: number) => number | null;
  /** The engine has stopped: its database may be closed. */
  stopped: () => boolean;
}

const placeholders = (values: readonly unknown[]): string => values.map(() => '?').join(', ');
const ACTIVE_SQL = `state IN (${ACTIVE_UPLOAD_STATES.map((state) => `'${state}'`).join(', ')})`;
/** Active jobs first in queue order, then the rest newest first (shared/upload-queue.ts). */
const ORDER_SQL = `CASE WHEN ${ACTIVE_SQL} THEN 0 ELSE 1 END, CASE WHEN ${ACTIVE_SQL} THEN id END, COALESCE(finished_at, created_at) DESC, id DESC`;

export class QueueView {
  readonly #deps: QueueViewDeps;
  #timer: unknown = null;
  #lastEmitAt = Number.NEGATIVE_INFINITY;

  constructor(deps: QueueViewDeps) {
    this.#deps = deps;
  }

  summary(): UploadsSummary {
    return { counts: this.counts(), totals: this.#deps.totals(), paused: this.#deps.paused(), waiting: this.#deps.waiting() };
  }

  counts(): UploadCounts {
    const counts = emptyUploadCounts();
    const rows = this.#deps.store.db.prepare('SELECT state, COUNT(*) AS n FROM upload_jobs WHERE cleared_at IS NULL GROUP BY state').all();
    for (const row of rows) if (String(row.state) in counts) counts[row.state as UploadState] = Number(row.n);
    return counts;
  }

  /** One window of the filtered queue, with the figures. */
  window(query: UploadsQuery = {}): UploadsView {
    const filter = query.filter ?? 'all';
    const offset = query.offset ?? 0;
    const limit = Math.min(query.limit ?? DEFAULT_WINDOW, MAX_UPLOADS_WINDOW);
    const states = UPLOAD_FILTER_STATES[filter];
    const where = states === null ? '' : `AND state IN (${placeholders(states)})`;
    const rows = this.#deps.store.db
      .prepare(`SELECT * FROM upload_jobs WHERE cleared_at IS NULL ${where} ORDER BY ${ORDER_SQL} LIMIT ? OFFSET ?`)
      .all(...(states ?? []), limit, offset) as unknown as JobRow[];
    const summary = this.summary();
    return { ...summary, filter, offset, total: countInFilter(summary.counts, filter), jobs: rows.map((row) => this.#job(row)) };
  }

  /** Every job of the queue view, in queue order (this process's callers, never the window). */
  all(): UploadJob[] {
    return this.#deps.store.list().map((row) => this.#job(row));
  }

  /** These jobs as they are now (the command line follows the ones it queued). */
  jobs(ids: readonly number[]): UploadJob[] {
    if (ids.length === 0) return [];
    const rows = this.#deps.store.db.prepare(`SELECT * FROM upload_jobs WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id`).all(JSON.stringify(ids));
    return (rows as unknown as JobRow[]).map((row) => this.#job(row));
  }

  /** The queue changed: `uploads:changed` now, or when CHANGED_INTERVAL_MS has passed since the last. */
  changed(): void {
    if (this.#timer !== null) return;
    const wait = Math.max(0, this.#lastEmitAt + CHANGED_INTERVAL_MS - this.#deps.now());
    this.#timer = this.#deps.timers.setTimeout(() => {
      this.#timer = null;
      // After stop() the database may be closed already; the next start() emits afresh.
      if (this.#deps.stopped()) return;
      this.#deps.events.emit('uploads:changed', this.summary());
      // Counted from when the event left, not from before its figures were read: on a busy
      // machine reading them can take tens of ms, and the next event must still come 250 ms after.
      this.#lastEmitAt = this.#deps.now();
    }, wait);
  }

  #job(row: JobRow): UploadJob {
    const job = toUploadJob(row);
    const live = row.state === 'uploading' || row.state === 'finishing' ? this.#deps.liveBytesSent(row.id) : null;
    if (live !== null) job.bytesSent = Math.max(job.bytesSent, live);
    return job;
  }
}
