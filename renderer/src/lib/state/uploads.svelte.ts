// The upload queue as the core reports it: whole views on `uploads:changed`, byte counts,
// speed and ETA on the frequent `uploads:progress`.
import { SvelteMap } from 'svelte/reactivity';
import { EMPTY_UPLOAD_TOTALS } from '../../../../shared/model.ts';
import type { JobProgress, UploadJob, UploadState, UploadTotals, UploadsAddResult } from '../../../../shared/model.ts';
import { api as defaultApi, type ApiClient } from '../api.ts';

const EMPTY_TOTALS: UploadTotals = EMPTY_UPLOAD_TOTALS;

export const STATE_LABEL: Record<UploadState, string> = {
  waiting: 'Waiting',
  uploading: 'Uploading',
  finishing: 'Finishing',
  paused: 'Paused',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
  changed: 'File changed',
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
  return !FINISHED.has(job.state) && job.state !== 'failed';
}

/** The Uploads view's filters, and the states each shows. */
export const FILTERS = {
  all: { label: 'All', states: null },
  active: { label: 'Active', states: ['waiting', 'uploading', 'finishing', 'paused'] },
  failed: { label: 'Failed', states: ['failed', 'changed'] },
  done: { label: 'Done', states: ['done', 'cancelled'] },
} as const satisfies Record<string, { label: string; states: readonly UploadState[] | null }>;
export type UploadFilter = keyof typeof FILTERS;

const ACTIVE: ReadonlySet<UploadState> = new Set(FILTERS.active.states);

/** Active jobs first (in queue order), then the rest newest first: finished ones never push running ones out of view. */
export function activeFirst(jobs: readonly UploadJob[]): UploadJob[] {
  const active = jobs.filter((job) => ACTIVE.has(job.state));
  const rest = jobs.filter((job) => !ACTIVE.has(job.state)).sort((a, b) => (b.finishedAt ?? b.createdAt) - (a.finishedAt ?? a.createdAt) || b.id - a.id);
  return [...active, ...rest];
}

/** A job whose destination may still change: it has not started sending. */
export function canMove(job: UploadJob): boolean {
  return (job.state === 'waiting' || job.state === 'paused') && job.bytesSent === 0;
}

export class Uploads {
  jobs = $state.raw<UploadJob[]>([]);
  filter = $state<UploadFilter>('all');
  totals = $state.raw<UploadTotals>(EMPTY_TOTALS);
  paused = $state(false);
  /** Latest progress per job id; replaces the job's bytesSent while it runs. */
  readonly progress = new SvelteMap<number, JobProgress>();
  readonly #api: ApiClient;

  constructor(api: ApiClient = defaultApi) {
    this.#api = api;
  }

  get finished(): UploadJob[] {
    return this.jobs.filter((job) => job.state === 'done');
  }

  /** The jobs the filter shows, active first. */
  get shown(): UploadJob[] {
    const states = FILTERS[this.filter].states as readonly UploadState[] | null;
    return activeFirst(states === null ? this.jobs : this.jobs.filter((job) => states.includes(job.state)));
  }

  count(filter: UploadFilter): number {
    const states = FILTERS[filter].states as readonly UploadState[] | null;
    return states === null ? this.jobs.length : this.jobs.filter((job) => states.includes(job.state)).length;
  }

  get hasClearable(): boolean {
    return this.jobs.some((job) => FINISHED.has(job.state));
  }

  bytesSent(job: UploadJob): number {
    const live = this.progress.get(job.id);
    return live && job.state !== 'done' ? live.bytesSent : job.bytesSent;
  }

  async load(): Promise<void> {
    this.#apply(await this.#api.call('uploads:list'));
  }

  start(): () => void {
    const offs = [
      this.#api.on('uploads:changed', (view) => this.#apply(view)),
      this.#api.on('uploads:progress', ({ jobs, totals }) => {
        for (const p of jobs) this.progress.set(p.id, p);
        this.totals = totals;
      }),
    ];
    return () => offs.forEach((off) => off());
  }

  async add(paths: string[], folderId: number): Promise<UploadsAddResult> {
    const result = await this.#api.call('uploads:add', { paths, folderId });
    // The changed event follows; merging now shows the rows without waiting for it.
    const known = this.jobs.map((j) => j.id);
    this.jobs = [...this.jobs, ...result.added.filter((j) => !known.includes(j.id))];
    return result;
  }

  async pause(id?: number): Promise<void> {
    this.#apply(await this.#api.call('uploads:pause', id === undefined ? undefined : { id }));
  }
  async resume(id?: number): Promise<void> {
    this.#apply(await this.#api.call('uploads:resume', id === undefined ? undefined : { id }));
  }
  async cancel(id: number): Promise<void> {
    this.#apply(await this.#api.call('uploads:cancel', { id }));
  }
  async retry(id: number): Promise<void> {
    this.#apply(await this.#api.call('uploads:retry', { id }));
  }
  async retryFailed(): Promise<void> {
    this.#apply(await this.#api.call('uploads:retryFailed'));
  }
  async cancelWaiting(): Promise<void> {
    this.#apply(await this.#api.call('uploads:cancelWaiting'));
  }
  async move(id: number, folderId: number): Promise<void> {
    this.#apply(await this.#api.call('uploads:move', { id, folderId }));
  }
  async clearFinished(): Promise<void> {
    this.#apply(await this.#api.call('uploads:clearFinished'));
  }

  #apply(view: { jobs: UploadJob[]; totals: UploadTotals; paused: boolean }): void {
    this.jobs = view.jobs;
    this.totals = view.totals;
    this.paused = view.paused;
    // Progress of jobs no longer running is stale; their own bytesSent is the truth now.
    const running = view.jobs.filter((j) => j.state === 'uploading' || j.state === 'finishing').map((j) => j.id);
    for (const id of [...this.progress.keys()]) if (!running.includes(id)) this.progress.delete(id);
  }

  /** Back to the first state (sign-out, another account): nothing of the last one stays. */
  reset(): void {
    this.jobs = [];
    this.filter = 'all';
    this.totals = EMPTY_TOTALS;
    this.paused = false;
    this.progress.clear();
  }
}

export const uploads = new Uploads();
