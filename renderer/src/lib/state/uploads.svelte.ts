// The upload queue as the core reports it, a window at a time (shared/upload-queue.ts): `rows`
// has one slot per job the filter shows (the virtual list knows the whole height at once) and
// pages are read as the list scrolls near them. `uploads:changed` brings the figures (at most
// four a second) and the pages on screen are read again; `uploads:progress` brings byte
// counts, speed and ETA of the running jobs.
import { SvelteMap, SvelteSet } from 'svelte/reactivity';
import type { JobProgress, UploadJob, UploadState, UploadTotals, UploadsAddResult } from '../../../../shared/model.ts';
import type { UploadsWaiting } from '../../../../shared/upload-conditions.ts';
import type { UploadCounts, UploadFilter, UploadsSummary, UploadsView } from '../../../../shared/upload-queue.ts';
import { countInFilter, emptyUploadCounts, EMPTY_UPLOAD_TOTALS } from '../../../../shared/upload-states.ts';
import { api as defaultApi, type ApiClient } from '../api.ts';
import { accountLifecycle } from './account-lifecycle.ts';
import { m } from '../i18n.svelte.ts';

export type { UploadFilter };
export const UPLOADS_PAGE = 100;
const EMPTY_COUNTS: UploadCounts = Object.freeze(emptyUploadCounts());

const EMPTY_TOTALS: UploadTotals = EMPTY_UPLOAD_TOTALS;

/** A job's state as its badge says it (a message function: worded where it is shown). */
export const STATE_LABEL: Record<UploadState, () => string> = {
  waiting: m.tasks_state_waiting,
  uploading: m.tasks_state_uploading,
  finishing: m.tasks_state_finishing,
  paused: m.tasks_state_paused,
  done: m.tasks_state_done,
  failed: m.tasks_state_failed,
  cancelled: m.tasks_state_cancelled,
  cancelling: m.tasks_state_cancelling,
  changed: m.tasks_state_changed,
};

const FINISHED: ReadonlySet<UploadState> = new Set(['done', 'cancelled']);

export function canPause(job: UploadJob): boolean {
  return job.state === 'waiting' || job.state === 'uploading';
}
export function canResume(job: UploadJob): boolean {
  return job.state === 'paused';
}
export function canRetry(job: UploadJob): boolean {
  return job.state === 'failed' || job.state === 'changed' || job.state === 'cancelled';
}
export function canCancel(job: UploadJob): boolean {
  return !FINISHED.has(job.state) && job.state !== 'failed' && job.state !== 'cancelling';
}

/** The Uploads view's filters (the states each shows: shared/upload-queue.ts); words in the language in force. */
export const FILTERS = {
  all: { label: m.uploads_filter_all, empty: m.uploads_none_all },
  active: { label: m.uploads_filter_active, empty: m.uploads_none_active },
  failed: { label: m.uploads_filter_failed, empty: m.uploads_none_failed },
  done: { label: m.uploads_filter_done, empty: m.uploads_none_done },
  cancelled: { label: m.uploads_filter_cancelled, empty: m.uploads_none_cancelled },
} as const satisfies Record<UploadFilter, { label: () => string; empty: () => string }>;

/** A job whose destination may still change: it has not started sending. */
export function canMove(job: UploadJob): boolean {
  return (job.state === 'waiting' || job.state === 'paused') && job.bytesSent === 0;
}

export class Uploads {
  /** One slot per job the filter shows; undefined while its page is not loaded. */
  rows = $state.raw<ReadonlyArray<UploadJob | undefined>>([]);
  /** Jobs the filter shows. */
  total = $state(0);
  filter = $state<UploadFilter>('all');
  counts = $state.raw<UploadCounts>(EMPTY_COUNTS);
  totals = $state.raw<UploadTotals>(EMPTY_TOTALS);
  paused = $state(false);
  /** Why queued jobs do not start: outside the upload windows or on battery (issue 31); null: they may. */
  waiting = $state.raw<UploadsWaiting | null>(null);
  /** Latest progress per job id; replaces the job's bytesSent while it runs. */
  readonly progress = new SvelteMap<number, JobProgress>();
  readonly #api: ApiClient;
  #generation = 0;
  readonly #loaded = new SvelteSet<number>();
  readonly #inflight = new SvelteSet<number>();

  constructor(api: ApiClient = defaultApi) {
    this.#api = api;
  }

  /** Jobs in the queue view, whatever the filter. */
  get jobCount(): number {
    return countInFilter(this.counts, 'all');
  }

  count(filter: UploadFilter): number {
    return countInFilter(this.counts, filter);
  }

  get hasClearable(): boolean {
    return this.counts.done + this.counts.cancelled > 0;
  }

  bytesSent(job: UploadJob): number {
    const live = this.progress.get(job.id);
    return live && job.state !== 'done' ? live.bytesSent : job.bytesSent;
  }

  /** Reads the first page of the current filter (and the figures). */
  async load(): Promise<void> {
    this.#generation += 1;
    this.#loaded.clear();
    this.#inflight.clear();
    await this.#fetchPage(0, this.#generation, true);
  }

  /** Shows another filter, from its top. */
  async showFilter(filter: UploadFilter): Promise<void> {
    this.filter = filter;
    this.rows = [];
    this.total = this.count(filter);
    await this.load();
  }

  /** Makes sure the rows from `start` to `end` (inclusive) are loaded or on their way. */
  ensureRange(start: number, end: number): Promise<void> {
    const last = Math.min(end, Math.max(0, this.total - 1));
    const pages: Promise<void>[] = [];
    for (let page = Math.floor(Math.max(0, start) / UPLOADS_PAGE); page <= Math.floor(last / UPLOADS_PAGE); page++) {
      // A page that could not be read stays blank until the list asks for it again.
      if (!this.#loaded.has(page) && !this.#inflight.has(page)) pages.push(this.#fetchPage(page, this.#generation).catch(() => undefined));
    }
    return Promise.all(pages).then(() => {});
  }

  /**
   * The queue changed: read again the pages loaded (the rows on screen and near it). A read
   * that fails leaves the rows as they were; the next change reads them again.
   */
  async refresh(): Promise<void> {
    const pages = this.#loaded.size > 0 ? [...this.#loaded] : [0];
    this.#loaded.clear();
    await Promise.all(pages.map((page) => this.#fetchPage(page, this.#generation).catch(() => undefined)));
  }

  start(): () => void {
    const offs = [
      this.#api.on('uploads:changed', (summary) => {
        this.#applySummary(summary);
        void this.refresh();
      }),
      this.#api.on('uploads:progress', ({ jobs, totals }) => {
        for (const p of jobs) this.progress.set(p.id, p);
        this.totals = totals;
      }),
    ];
    return () => offs.forEach((off) => off());
  }

  /** `anyway`: also files whose bytes are already queued or uploaded ("Upload anyway"). */
  async add(paths: string[], folderId: number, anyway = false): Promise<UploadsAddResult> {
    const result = await this.#api.call('uploads:add', { paths, folderId, ...(anyway ? { anyway } : {}) });
    // The changed event follows; reading now shows the rows without waiting for it.
    void this.refresh();
    return result;
  }

  /** One job, or without an id the whole queue: after the files being sent (the default) or now. */
  async pause(id?: number, when?: 'after-current' | 'now'): Promise<void> {
    await this.#change(this.#api.call('uploads:pause', id === undefined ? (when ? { when } : undefined) : { id }));
  }
  async resume(id?: number): Promise<void> {
    await this.#change(this.#api.call('uploads:resume', id === undefined ? undefined : { id }));
  }
  async cancel(id: number): Promise<void> {
    await this.#change(this.#api.call('uploads:cancel', { id }));
  }
  async retry(id: number): Promise<void> {
    await this.#change(this.#api.call('uploads:retry', { id }));
  }
  async retryFailed(): Promise<void> {
    await this.#change(this.#api.call('uploads:retryFailed'));
  }
  async cancelWaiting(): Promise<void> {
    await this.#change(this.#api.call('uploads:cancelWaiting'));
  }
  async move(id: number, folderId: number): Promise<void> {
    await this.#change(this.#api.call('uploads:move', { id, folderId }));
  }
  /** "Start now anyway": these waiting jobs (all of them without ids) start although the queue waits for a window or power. */
  async startNow(ids?: number[]): Promise<void> {
    await this.#change(this.#api.call('uploads:startNow', ids === undefined ? undefined : { ids }));
  }
  async clearFinished(): Promise<void> {
    await this.#change(this.#api.call('uploads:clearFinished'));
  }

  async #change(answer: Promise<UploadsSummary>): Promise<void> {
    this.#applySummary(await answer);
    await this.refresh();
  }

  async #fetchPage(page: number, generation: number, first = false): Promise<void> {
    this.#inflight.add(page);
    try {
      const view = await this.#api.call('uploads:list', { filter: this.filter, offset: page * UPLOADS_PAGE, limit: UPLOADS_PAGE });
      if (generation !== this.#generation) return;
      this.#loaded.add(page);
      this.#applySummary(view);
      this.#place(view, first);
    } finally {
      if (generation === this.#generation) this.#inflight.delete(page);
    }
  }

  #applySummary(summary: UploadsSummary): void {
    this.counts = summary.counts;
    this.totals = summary.totals;
    this.paused = summary.paused;
    this.waiting = summary.waiting;
  }

  #place(view: UploadsView, first: boolean): void {
    const rows: Array<UploadJob | undefined> = first ? [] : this.rows.slice(0, view.total);
    rows.length = view.total;
    view.jobs.forEach((job, i) => {
      if (view.offset + i < view.total) rows[view.offset + i] = job;
    });
    this.total = view.total;
    this.rows = rows;
    // Progress of jobs no longer running is stale; their own bytesSent is the truth now.
    for (const job of view.jobs) if (job.state !== 'uploading' && job.state !== 'finishing') this.progress.delete(job.id);
    if (this.counts.uploading + this.counts.finishing === 0) this.progress.clear();
  }

  /** Back to the first state (sign-out, another account): nothing of the last one stays. */
  reset(): void {
    this.#generation += 1;
    this.#loaded.clear();
    this.#inflight.clear();
    this.rows = [];
    this.total = 0;
    this.filter = 'all';
    this.counts = EMPTY_COUNTS;
    this.totals = EMPTY_TOTALS;
    this.paused = false;
    this.waiting = null;
    this.progress.clear();
  }
}

export const uploads = new Uploads();
accountLifecycle.register({
  name: 'uploads',
  follow: () => uploads.start(),
  load: {
    title: m.uploads_show_failed,
    run: () => uploads.load(),
  },
  forget: () => uploads.reset(),
});
