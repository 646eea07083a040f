// The upload engine: the persistent queue (store.ts) run by a scheduler with N jobs at a
// time, a shared bandwidth limit, progress for the renderer, retries with capped jittered
// backoff, offline holding, and recovery after a quit or crash. A file is never lost (every
// job is a row before anything else happens) and never uploaded twice (a body that may
// have arrived is looked for on the service before it is sent again). This file holds the
// person's commands; scheduler.ts runs the queue, job-runner.ts one job, batch.ts the
// batch counts, and job-transitions.ts every state change of a job.
import { stat } from 'node:fs/promises';
import type { UploadJob, UploadsAddResult, UploadTotals } from '../../../shared/model.ts';
import { AppError } from '../../../shared/errors.ts';
import type { ServiceVideo } from '../api/schemas.ts';
import type { ServiceApi } from '../api/service-api.ts';
import type { Db } from '../db/database.ts';
import type { Logger, SecretRegistry } from '../log/logger.ts';
import type { EventSink } from '../rpc/events.ts';
import type { BackoffPolicy } from '../api/retry.ts';
import { BatchTracker, type BatchResult } from './batch.ts';
import { expandPaths, type ExpandOptions } from './expand.ts';
import type { FoundFile } from './file-check.ts';
import { ADD_READ_BUDGET_BYTES, findDuplicate, type Accepted, type ReadBudget } from './duplicates.ts';
import { JobRunner } from './job-runner.ts';
import { ProgressTracker, withTotals } from './progress.ts';
import { Scheduler } from './scheduler.ts';
import type { Connectivity } from '../connectivity.ts';
import { UploadStore } from './store.ts';
import { toUploadJob, type JobRow } from './job-row.ts';
import { readHistory } from './history.ts';
import { MediaInspection } from './media-inspection.ts';
import { QueueView, type QueueSnapshot } from './queue-view.ts';
import type { HistoryFilter, HistoryPage } from '../../../shared/history.ts';
import { TokenBucket } from './throttle.ts';
import { realTimers } from '../timers.ts';
import { Listeners } from '../listeners.ts';
import type { Timers } from '../timers.ts';
import type { Network } from '../net/network.ts';
import type { SendFile } from './transfer.ts';
import { fixedConditions, type QueueConditions } from './conditions.ts';
import { said } from '../../../shared/said.ts';

export type { BatchResult } from './batch.ts';
export type { QueueSnapshot } from './queue-view.ts';

/** What queueing found: the new jobs (the IPC answer carries their ids), and what was skipped. */
interface AddOutcome {
  /** The ids of the jobs queued, in the order of the files (engine.view.jobs reads them). */
  added: number[];
  skipped: UploadsAddResult['skipped'];
}

export interface UploadEngineOptions {
  db: Db;
  api: ServiceApi;
  /** Whether the service can be reached: the queue waits while it cannot. */
  connectivity: Pick<Connectivity, 'state' | 'onChange'>;
  events: EventSink;
  logger: Logger;
  secrets: SecretRegistry;
  /** The new video (operation 15, or the lookup's listing entry) goes into the library. */
  onVideoUploaded: (video: ServiceVideo, folderId: number) => void;
  /** The service confirmed the whole file arrived. */
  onFileLanded?: (path: string) => void;
  /**
   * Whether a video is dead (taken down or gone: electron/core/links/). A file uploaded to a
   * dead video is not "already uploaded": it may be sent again (Upload again, or a new drop).
   */
  isVideoDead?: (videoId: string) => boolean;
  now?: () => number;
  timers?: Timers;
  random?: () => number;
  concurrency?: number;
  /** Bytes per second shared by all running uploads; null = no limit. Ignored when `conditions` are given. */
  bandwidthLimit?: number | null;
  /**
   * The app's conditions (conditions.ts): the limit in force, the upload windows, the power
   * source. Absent: one fixed limit (bandwidthLimit, setBandwidthLimit) and no windows.
   */
  conditions?: QueueConditions;
  backoff?: BackoffPolicy;
  /** Transfer attempts before a job fails for good (each one a fresh target). */
  maxAttempts?: number;
  sendStallMs?: number;
  replyTimeoutMs?: number;
  progressIntervalMs?: number;
  /** How file servers are reached (proxy or direct); direct when absent. */
  network?: Network;
  /** How long a paused transfer keeps its request open (default 60 s, nginx's client_body_timeout). */
  pausePatienceMs?: number;
  /** The file server's port (default: real sockets); the simulation (test/sim) replaces it. */
  sendFile?: SendFile;
}

/** How files are queued: `anyway` (the person chose "Upload anyway"), `name` (one file: the name it is sent as, Upload again's title). */
export type AddOptions = ExpandOptions & { anyway?: boolean; name?: string };
/** A job that ended done or failed for good, with when it started sending (the upload's duration). */
export interface FinishedJob {
  job: UploadJob;
  outcome: 'done' | 'failed';
  startedAt: number | null;
}

/** When "Pause all" stops: once the files being sent are done (nothing new starts), or now (they are held). */
type PauseAllWhen = 'after-current' | 'now';

const DEFAULT_PAUSE_PATIENCE_MS = 60_000;

const MIN_CONCURRENCY = 1;
const MAX_CONCURRENCY = 8;
const PAUSED_FLAG = 'paused';

export class UploadEngine {
  readonly #store: UploadStore;
  /** Folders made offline that the service has created since (temporary id → its id). */
  readonly #assignedFolders = new Map<number, number>();
  readonly #events: EventSink;
  readonly #logger: Logger;
  readonly #now: () => number;
  /** A job that still makes its file "already uploaded" (see UploadEngineOptions.isVideoDead). */
  readonly #stillUploaded: (job: JobRow) => boolean;
  readonly #bucket: TokenBucket;
  readonly #progress: ProgressTracker;
  readonly #batch: BatchTracker;
  readonly #scheduler: Scheduler;
  readonly #finished: Listeners<[finished: FinishedJob]>;
  /** Headers of a large drop's files, read after they are queued. */
  readonly #inspection: MediaInspection;
  /** What the window is told: windows of rows, and figures on change (queue-view.ts). */
  readonly view: QueueView;
  #started = false;
  readonly #conditions: QueueConditions;
  /** Set when the engine has its own fixed conditions (no app conditions were given). */
  readonly #ownConditions: ReturnType<typeof fixedConditions> | null;
  #unsubscribeConditions: () => void = () => undefined;
  /** The add under way: the next waits for it (its duplicate check must see the jobs this one queues). */
  #adding: Promise<unknown> = Promise.resolve();

  constructor(options: UploadEngineOptions) {
    this.#now = options.now ?? Date.now;
    const isVideoDead = options.isVideoDead ?? (() => false);
    this.#stillUploaded = (job) => !(job.state === 'done' && job.video_id !== null && isVideoDead(job.video_id));
    const timers = options.timers ?? realTimers;
    this.#store = new UploadStore(options.db, this.#now);
    this.#events = options.events;
    this.#logger = options.logger;
    this.#ownConditions = options.conditions ? null : fixedConditions(options.bandwidthLimit ?? null);
    this.#conditions = options.conditions ?? this.#ownConditions!;
    this.#bucket = new TokenBucket(positiveRate(this.#conditions.current().limit.rate), this.#now, timers);
    this.#batch = new BatchTracker(this.#store, this.#now);
    this.#progress = new ProgressTracker({
      now: this.#now,
      timers,
      ...(options.progressIntervalMs === undefined ? {} : { intervalMs: options.progressIntervalMs }),
      publish: (snapshot) => this.#events.emit('uploads:progress', withTotals(snapshot, this.#batch.figures())),
    });
    const changed = (): void => this.view.changed();
    this.#finished = new Listeners((error) => this.#logger.error('a finished-upload listener failed', { error }));
    const runner = new JobRunner({
      onFinished: (jobId, outcome) => {
        const row = this.#store.get(jobId);
        if (row) this.#finished.notify({ job: toUploadJob(row), outcome, startedAt: row.started_at });
      },
      store: this.#store,
      api: options.api,
      logger: options.logger,
      secrets: options.secrets,
      bucket: this.#bucket,
      progress: this.#progress,
      onVideoUploaded: options.onVideoUploaded,
      ...(options.onFileLanded ? { onFileLanded: options.onFileLanded } : {}),
      changed,
      now: this.#now,
      random: options.random ?? Math.random,
      backoff: options.backoff ?? { baseMs: 2_000, capMs: 120_000 },
      maxAttempts: options.maxAttempts ?? 6,
      sendStallMs: options.sendStallMs ?? 60_000,
      replyTimeoutMs: options.replyTimeoutMs ?? 10 * 60_000,
      ...(options.network ? { network: options.network } : {}),
      ...(options.sendFile ? { sendFile: options.sendFile } : {}),
    });
    this.#scheduler = new Scheduler({
      store: this.#store,
      runner,
      batch: this.#batch,
      progress: this.#progress,
      connectivity: options.connectivity,
      logger: options.logger,
      timers,
      now: this.#now,
      changed,
      concurrency: clampConcurrency(options.concurrency ?? 3),
      pausePatienceMs: options.pausePatienceMs ?? DEFAULT_PAUSE_PATIENCE_MS,
      waiting: () => this.#conditions.current().waiting,
    });
    this.#scheduler.paused = this.#store.getFlag(PAUSED_FLAG) === '1';
    this.view = new QueueView({
      store: this.#store,
      events: this.#events,
      timers,
      now: this.#now,
      totals: () => this.totals(),
      paused: () => this.#scheduler.paused,
      waiting: () => this.#conditions.current().waiting,
      liveBytesSent: (id) => (this.#scheduler.running.has(id) ? this.#progress.bytesSent(id) : null),
      stopped: () => this.#scheduler.stopped,
    });
    this.#inspection = new MediaInspection({
      store: this.#store,
      logger: this.#logger,
      now: this.#now,
      inspected: () => {
        changed();
        this.#scheduler.pump();
      },
    });
  }

  /** Recovers jobs a quit or crash interrupted and starts the queue. */
  start(): void {
    if (this.#started) return;
    this.#started = true;
    const recovered = this.#store.recoverInterrupted();
    if (recovered > 0) this.#logger.info('uploads interrupted by a quit or crash go again from the start', { count: recovered });
    this.view.changed();
    // A new limit reaches the running transfers at once, through their shared bucket (no
    // transfer restarts); a window that opens or power that comes back starts the waiting jobs.
    this.#unsubscribeConditions = this.#conditions.onChange((conditions) => {
      this.#bucket.setRate(positiveRate(conditions.limit.rate));
      this.view.changed();
      this.#scheduler.pump();
    });
    this.#scheduler.start();
    void this.#inspection.kick();
  }

  /** Stops every transfer (they restart from byte 0 next time) and every timer. */
  async stop(): Promise<void> {
    this.#unsubscribeConditions();
    await this.#inspection.stop();
    await this.#scheduler.stop();
  }

  /** The whole queue (this process's callers: tests, tools); the window reads `view` instead. */
  list(): QueueSnapshot {
    return { jobs: this.view.all(), totals: this.totals(), paused: this.#scheduler.paused };
  }

  /** The queue's figures for the renderer, the tray and the taskbar. */
  totals(): UploadTotals {
    return withTotals(this.#progress.snapshot(), this.#batch.figures()).totals;
  }

  onBatchFinished(listener: (result: BatchResult) => void): () => void {
    return this.#batch.onFinished(listener);
  }

  /** Each job that ends done or failed for good (notifications, hooks); a listener that throws is logged. */
  onJobFinished(listener: (finished: FinishedJob) => void): () => void {
    return this.#finished.add(listener);
  }

  get concurrency(): number {
    return this.#scheduler.concurrency;
  }

  setConcurrency(value: number): void {
    this.#scheduler.concurrency = clampConcurrency(value);
  }

  /** The one fixed limit of an engine without app conditions (those decide the limit otherwise). */
  setBandwidthLimit(bytesPerSecond: number | null): void {
    if (this.#ownConditions) this.#ownConditions.setRate(positiveRate(bytesPerSecond));
    this.#bucket.setRate(positiveRate(this.#conditions.current().limit.rate));
  }

  /** "Start now anyway": these jobs (all waiting ones without ids) start although the queue waits for a window or power. */
  startNow(ids?: readonly number[]): void {
    const chosen = ids ?? this.#store.list().flatMap((row) => (row.state === 'waiting' ? [row.id] : []));
    for (const id of chosen) this.#require(id);
    this.#scheduler.startAnyway(chosen);
    this.view.changed();
  }

  /**
   * The computer woke from sleep: transfers that died while it slept wait for their backoff;
   * they are due at once instead (a sleep is no sign of a struggling server).
   */
  wake(): void {
    if (this.#store.dueNowAfterCut(this.#now()) > 0) this.view.changed();
    this.#scheduler.pump();
  }

  /** How long the next paused transfers keep their request open. */
  setPausePatience(ms: number): void {
    this.#scheduler.pausePatienceMs = Math.max(1, Math.round(ms));
  }

  /**
   * Queues files; into a folder made offline too (a negative id): those wait until it exists.
   * A file whose bytes are already queued or uploaded is skipped, unless `anyway` (the person
   * chose "Upload anyway"). Adds run one at a time, so two drops of one file cannot both pass.
   */
  add(paths: readonly string[], folderIdAsked: number, options: AddOptions = {}): Promise<AddOutcome> {
    const run = this.#adding.then(() => this.#add(paths, folderIdAsked, options));
    this.#adding = run.catch(() => {});
    return run;
  }

  async #add(paths: readonly string[], folderIdAsked: number, options: AddOptions): Promise<AddOutcome> {
    const anyway = options.anyway === true;
    const expansion = await expandPaths(paths, options.within === undefined ? {} : { within: options.within });
    const skipped: UploadsAddResult['skipped'] = [...expansion.skipped];
    const accepted: Array<FoundFile & Accepted> = [];
    // By size: only a file of the same size can be a duplicate, and looking through every file
    // accepted so far made a drop of 10,000 files quadratic (~0.6 s of its ~2 s, issue 33).
    const acceptedOfSize = new Map<number, Accepted[]>();
    const budget: ReadBudget = { bytesLeft: ADD_READ_BUDGET_BYTES };
    // Read once per add (adds run one at a time): a file whose size no job holds and no file
    // of this add had is no duplicate, without a query and an await of its own. "Upload anyway"
    // checks nothing, so it reads nothing.
    const heldSizes = anyway ? new Set<number>() : this.#store.heldSizes();
    for (const file of expansion.files) {
      if (anyway) {
        accepted.push({ ...file, digest: null });
        continue;
      }
      const sameSize = acceptedOfSize.get(file.size) ?? [];
      const { of, digest } =
        heldSizes.has(file.size) || sameSize.length > 0
          ? await findDuplicate(this.#store, file, sameSize, budget, undefined, this.#stillUploaded)
          : { of: null, digest: null };
      if (of === null) {
        const entry = { ...file, digest };
        accepted.push(entry);
        acceptedOfSize.set(file.size, sameSize);
        sameSize.push(entry);
      } else if (of.kind === 'earlier') skipped.push({ path: file.path, reason: said('skip_already_queued'), duplicate: 'queued' });
      else {
        const uploaded = of.job.state === 'done';
        skipped.push({ path: file.path, reason: said(uploaded ? 'skip_already_uploaded' : 'skip_already_queued'), jobId: of.job.id, duplicate: uploaded ? 'uploaded' : 'queued' });
      }
    }
    // Looked up after the folder walk and the reads: the service may have created the folder meanwhile.
    const folderId = this.#assignedFolders.get(folderIdAsked) ?? folderIdAsked;
    const added = this.#store.atomically(() =>
      accepted.map((file) => this.#store.insert({ ...file, ...(options.name !== undefined && accepted.length === 1 ? { name: options.name } : {}), folderId, mediaPending: file.media === undefined })),
    );
    if (added.length > 0) {
      this.#batch.open();
      this.#logger.info('uploads queued', { count: added.length, skipped: skipped.length });
      this.view.changed();
      this.#scheduler.pump();
      void this.#inspection.kick();
    }
    return { added, skipped };
  }

  /** The outbox created a folder made offline: its jobs get the real id and may start. */
  folderIdAssigned(tempId: number, realId: number): void {
    this.#assignedFolders.set(tempId, realId);
    if (this.#store.reassignFolder(tempId, realId) === 0) return;
    this.view.changed();
    this.#scheduler.pump();
  }

  /**
   * Pauses one job, or without an id the whole queue. A transfer under way is held: it stops
   * sending and keeps its request open, so Resume within the patience goes on where it
   * stopped (the file server cannot continue an interrupted upload). Pause all stops the
   * queue `after-current` by default (nothing new starts; the files being sent finish) or
   * `now` (those are held too).
   */
  pause(id?: number, when: PauseAllWhen = 'after-current'): void {
    if (id === undefined) {
      this.#scheduler.paused = true;
      this.#store.setFlag(PAUSED_FLAG, '1');
      if (when === 'now') for (const jobId of [...this.#scheduler.running.keys()]) this.#pauseRunning(jobId, 'hold');
    } else {
      this.#require(id);
      if (this.#scheduler.running.has(id)) this.#pauseRunning(id, 'pause');
      else this.#store.apply(id, { type: 'pause' });
    }
    this.view.changed();
  }

  /** Holds a transfer under way; a run that has not started sending stops (nothing is lost). */
  #pauseRunning(id: number, intent: 'pause' | 'hold'): void {
    const run = this.#scheduler.running.get(id);
    const state = this.#store.get(id)?.state;
    if (!run || this.#scheduler.isHeld(id)) return;
    if (state === 'waiting') this.#scheduler.stopRun(run, intent);
    // Uploading: held. If it cannot be (every byte is out), or finishing, stopping would only
    // risk a duplicate: it finishes.
    else if (state === 'uploading') this.#scheduler.hold(id);
  }

  resume(id?: number): void {
    if (id === undefined) {
      this.#scheduler.paused = false;
      this.#store.setFlag(PAUSED_FLAG, '0');
      for (const row of this.#store.list()) {
        if (!this.#scheduler.release(row.id)) this.#store.apply(row.id, { type: 'resume' });
      }
    } else {
      this.#require(id);
      if (!this.#scheduler.release(id)) this.#store.apply(id, { type: 'resume' });
    }
    this.#batch.open();
    this.view.changed();
    this.#scheduler.pump();
  }

  /**
   * Cancels a job. One whose body was fully sent (finishing) is not stopped: the reply is
   * waited for, as for a pause. If the video arrived, the job ends done with a note saying
   * so (stopping would only hide a video that is on the service); if not, it ends cancelled.
   * A job whose body may have arrived without a word of it (a reply lost or unreadable) is
   * 'cancelling' until the service was asked (job-runner.ts, checkBeforeCancel): done with
   * its video, or cancelled; offline it stays cancelling (job-transitions.ts).
   */
  cancel(id: number): void {
    const row = this.#require(id);
    const run = this.#scheduler.running.get(id);
    // From the last chunk on (maybe_received), the body may be on the file server already:
    // stopping would hide a video that arrived (found by the simulation, test/sim, seed 6).
    if (run && (row.state === 'finishing' || row.maybe_received === 1)) run.intent ??= 'cancel';
    else if (run) this.#scheduler.stopRun(run, 'cancel');
    else this.#store.apply(id, { type: 'cancel', now: this.#now() });
    this.view.changed();
    this.#batch.settle(this.#scheduler.running.size);
    // A job now cancelling: its look for the video starts.
    this.#scheduler.pump();
  }

  async retry(id: number): Promise<void> {
    const row = this.#require(id);
    let file: { size: number; mtimeMs: number } | null = null;
    if (row.state === 'changed') {
      // The person chose to send the file as it is now.
      try {
        const info = await stat(row.path);
        file = { size: info.size, mtimeMs: info.mtimeMs };
      } catch {
        this.#store.apply(id, { type: 'retry-file-missing' });
        this.view.changed();
        return;
      }
    }
    if (this.#store.apply(id, { type: 'retry', file })) {
      this.#batch.open();
      this.view.changed();
      this.#scheduler.pump();
    }
  }

  /** Retry all failed: every failed or changed job, through the same checks as one retry. */
  async retryFailed(): Promise<void> {
    for (const row of this.#store.list()) if (row.state === 'failed' || row.state === 'changed') await this.retry(row.id);
  }

  /** Cancel all waiting: the jobs that have not started (running ones go on). */
  cancelWaiting(): void {
    for (const row of this.#store.list()) if (row.state === 'waiting' && !this.#scheduler.running.has(row.id)) this.#store.apply(row.id, { type: 'cancel', now: this.#now() });
    this.view.changed();
    this.#batch.settle(this.#scheduler.running.size);
    this.#scheduler.pump();
  }

  /** Another destination for a job that has not started (a file server may already have some of it otherwise). */
  move(id: number, folderId: number): void {
    const row = this.#require(id);
    // Nor one whose whole body may have arrived: the look for its video before a resend is in
    // the folder it was sent to (found by the simulation, test/sim, seed 1397).
    const startable = (row.state === 'waiting' || row.state === 'paused') && row.bytes_sent === 0 && row.maybe_received === 0 && !this.#scheduler.running.has(id);
    if (!startable) throw new AppError('validation', said('upload_folder_locked', { name: row.name }), { retryable: false });
    this.#store.update(id, { folder_id: this.#assignedFolders.get(folderId) ?? folderId });
    this.view.changed();
  }

  history(filter: HistoryFilter): HistoryPage {
    return readHistory(this.#store.db, filter);
  }

  clearFinished(): void {
    this.#store.clearFinished(this.#now());
    this.view.changed();
  }

  #require(id: number): JobRow {
    const row = this.#store.get(id);
    if (!row) throw new AppError('not_found', said('upload_gone'), { retryable: false });
    return row;
  }
}

function positiveRate(rate: number | null): number | null {
  return rate !== null && rate > 0 ? rate : null;
}

function clampConcurrency(value: number): number {
  return Math.min(MAX_CONCURRENCY, Math.max(MIN_CONCURRENCY, Math.round(value)));
}
