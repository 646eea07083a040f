// The upload engine: the persistent queue (store.ts) run by a scheduler with N jobs at a
// time, a shared bandwidth limit, progress for the renderer, retries with capped jittered
// backoff, offline holding, and recovery after a quit or crash. A file is never lost (every
// job is a row before anything else happens) and never uploaded twice (a body that may
// have arrived is looked for on the service before it is sent again).
import { stat } from 'node:fs/promises';
import type { UploadsAddResult, UploadsView, UploadTotals } from '../../../shared/model.ts';
import { AppError, isAppError, isOffline, type ErrorShape } from '../../../shared/errors.ts';
import type { ServiceVideo } from '../api/schemas.ts';
import type { ServiceApi } from '../api/service-api.ts';
import type { Db } from '../library/db.ts';
import type { Logger, SecretRegistry } from '../log/logger.ts';
import type { EventSink } from '../rpc/events.ts';
import { backoffDelay, type BackoffPolicy } from '../api/retry.ts';
import { expandPaths } from './expand.ts';
import { findUploadedVideo } from './lookup.ts';
import { ProgressTracker, withTotals } from './progress.ts';
import { toUploadJob, UploadStore, type JobPatch, type JobRow } from './store.ts';
import { TokenBucket } from './throttle.ts';
import { realTimers, type Timers } from '../timers.ts';
import { sendFile, TransferError } from './transfer.ts';

/** What the engine needs from the connection monitor (the composition root adapts it). */
export interface UploadConnection {
  /** The service could not be reached: the monitor may show the app offline. */
  reportOffline(reason: string): void;
  /** Calls back when the service answers again; returns an unsubscribe function. */
  onOnline(callback: () => void): () => void;
}

export interface BatchResult {
  done: number;
  failed: number;
}

export interface UploadEngineOptions {
  db: Db;
  api: ServiceApi;
  connection: UploadConnection;
  events: EventSink;
  logger: Logger;
  secrets: SecretRegistry;
  /** The new video (operation 15, or the lookup's listing entry) goes into the library. */
  onVideoUploaded: (video: ServiceVideo, folderId: number) => void;
  now?: () => number;
  timers?: Timers;
  random?: () => number;
  concurrency?: number;
  /** Bytes per second shared by all running uploads; null = no limit. */
  bandwidthLimit?: number | null;
  backoff?: BackoffPolicy;
  /** Transfer attempts before a job fails for good (each one a fresh target). */
  maxAttempts?: number;
  /** While offline, the engine tries again on its own after this long (doubling, capped). */
  offlineRetryMs?: number;
  offlineRetryCapMs?: number;
  sendStallMs?: number;
  replyTimeoutMs?: number;
  progressIntervalMs?: number;
}

type StopIntent = 'pause' | 'cancel' | 'hold' | 'shutdown';

interface Running {
  controller: AbortController;
  intent: StopIntent | null;
  done: Promise<void>;
}

export const MIN_CONCURRENCY = 1;
export const MAX_CONCURRENCY = 8;
const PAUSED_FLAG = 'paused';

export class UploadEngine {
  readonly #store: UploadStore;
  readonly #api: ServiceApi;
  readonly #connection: UploadConnection;
  readonly #events: EventSink;
  readonly #logger: Logger;
  readonly #secrets: SecretRegistry;
  readonly #onVideoUploaded: (video: ServiceVideo, folderId: number) => void;
  readonly #now: () => number;
  readonly #timers: Timers;
  readonly #random: () => number;
  readonly #bucket: TokenBucket;
  readonly #progress: ProgressTracker;
  readonly #backoff: BackoffPolicy;
  readonly #maxAttempts: number;
  readonly #offlineRetryMs: number;
  readonly #offlineRetryCapMs: number;
  readonly #sendStallMs: number;
  readonly #replyTimeoutMs: number;
  readonly #running = new Map<number, Running>();
  readonly #batchListeners = new Set<(result: BatchResult) => void>();
  #concurrency: number;
  #paused: boolean;
  #started = false;
  #stopped = false;
  #offline = false;
  #offlineStreak = 0;
  #offlineTimer: unknown = null;
  #wakeTimer: unknown = null;
  #unsubscribeOnline: (() => void) | null = null;
  #batch: (BatchResult & { startedAt: number }) | null = null;
  #changedQueued = false;

  constructor(options: UploadEngineOptions) {
    this.#now = options.now ?? Date.now;
    this.#timers = options.timers ?? realTimers;
    this.#random = options.random ?? Math.random;
    this.#store = new UploadStore(options.db, this.#now);
    this.#api = options.api;
    this.#connection = options.connection;
    this.#events = options.events;
    this.#logger = options.logger;
    this.#secrets = options.secrets;
    this.#onVideoUploaded = options.onVideoUploaded;
    this.#concurrency = clampConcurrency(options.concurrency ?? 3);
    this.#bucket = new TokenBucket(options.bandwidthLimit ?? null, this.#now, this.#timers);
    this.#backoff = options.backoff ?? { baseMs: 2_000, capMs: 120_000 };
    this.#maxAttempts = options.maxAttempts ?? 6;
    this.#offlineRetryMs = options.offlineRetryMs ?? 5_000;
    this.#offlineRetryCapMs = options.offlineRetryCapMs ?? 60_000;
    this.#sendStallMs = options.sendStallMs ?? 60_000;
    this.#replyTimeoutMs = options.replyTimeoutMs ?? 10 * 60_000;
    this.#progress = new ProgressTracker({
      now: this.#now,
      timers: this.#timers,
      ...(options.progressIntervalMs === undefined ? {} : { intervalMs: options.progressIntervalMs }),
      publish: (snapshot) => this.#events.emit('uploads:progress', withTotals(snapshot, this.#figures())),
    });
    this.#paused = this.#store.getFlag(PAUSED_FLAG) === '1';
  }

  /** Recovers jobs a quit or crash interrupted and starts the queue. */
  start(): void {
    if (this.#started) return;
    this.#started = true;
    const recovered = this.#store.recoverInterrupted();
    if (recovered > 0) this.#logger.info('uploads interrupted by a quit or crash go again from the start', { count: recovered });
    this.#unsubscribeOnline = this.#connection.onOnline(() => this.#leaveOffline());
    this.#emitChanged();
    this.#pump();
  }

  /** Stops every transfer (they restart from byte 0 next time) and every timer. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#unsubscribeOnline?.();
    this.#clearTimer('offline');
    this.#clearTimer('wake');
    const pending = [...this.#running.values()].map((run) => {
      run.intent = 'shutdown';
      run.controller.abort();
      return run.done;
    });
    await Promise.all(pending);
  }

  list(): UploadsView {
    const jobs = this.#store.list().map((row) => {
      const job = toUploadJob(row);
      if (this.#running.has(row.id) && (row.state === 'uploading' || row.state === 'finishing')) {
        job.bytesSent = Math.max(job.bytesSent, this.#progress.bytesSent(row.id));
      }
      return job;
    });
    return { jobs, totals: this.totals(), paused: this.#paused };
  }

  /** The queue's figures for the renderer, the tray and the taskbar. */
  totals(): UploadTotals {
    return withTotals(this.#progress.snapshot(), this.#figures()).totals;
  }

  onBatchFinished(listener: (result: BatchResult) => void): () => void {
    this.#batchListeners.add(listener);
    return () => this.#batchListeners.delete(listener);
  }

  get concurrency(): number {
    return this.#concurrency;
  }

  setConcurrency(value: number): void {
    this.#concurrency = clampConcurrency(value);
    this.#pump();
  }

  setBandwidthLimit(bytesPerSecond: number | null): void {
    this.#bucket.setRate(bytesPerSecond !== null && bytesPerSecond > 0 ? bytesPerSecond : null);
  }

  async add(paths: readonly string[], folderId: number): Promise<UploadsAddResult> {
    if (folderId < 0) {
      throw new AppError('validation', 'That folder is not on the service yet. Upload into it once it has been created there.', {
        retryable: true,
      });
    }
    const expansion = await expandPaths(paths);
    const skipped = [...expansion.skipped];
    const added = this.#store.atomically(() =>
      expansion.files.flatMap((file) => {
        const held = this.#store.findHeld(file.path, file.size, file.mtimeMs);
        if (held) {
          skipped.push({ path: file.path, reason: held.state === 'done' ? 'Already uploaded.' : 'Already in the upload queue.' });
          return [];
        }
        return [this.#store.insert({ ...file, folderId })];
      }),
    );
    if (added.length > 0) {
      this.#openBatch();
      this.#logger.info('uploads queued', { count: added.length, skipped: skipped.length });
      this.#emitChanged();
      this.#pump();
    }
    return { added: added.map(toUploadJob), skipped };
  }

  /** Pauses one job, or without an id the whole queue (running transfers go back to waiting). */
  pause(id?: number): UploadsView {
    if (id === undefined) {
      this.#paused = true;
      this.#store.setFlag(PAUSED_FLAG, '1');
      for (const run of this.#running.values()) this.#stopRun(run, 'hold');
    } else {
      const row = this.#require(id);
      const run = this.#running.get(id);
      if (run) {
        // Every byte is out: stopping now would only risk a duplicate. Let it finish.
        if (row.state !== 'finishing') this.#stopRun(run, 'pause');
      } else if (row.state === 'waiting') {
        this.#store.update(id, { state: 'paused' });
      }
    }
    this.#emitChanged();
    return this.list();
  }

  resume(id?: number): UploadsView {
    if (id === undefined) {
      this.#paused = false;
      this.#store.setFlag(PAUSED_FLAG, '0');
      for (const row of this.#store.list()) if (row.state === 'paused') this.#store.update(row.id, { state: 'waiting', next_attempt_at: 0 });
    } else {
      const row = this.#require(id);
      if (row.state === 'paused') this.#store.update(id, { state: 'waiting', next_attempt_at: 0 });
    }
    this.#openBatch();
    this.#emitChanged();
    this.#pump();
    return this.list();
  }

  cancel(id: number): UploadsView {
    const row = this.#require(id);
    const run = this.#running.get(id);
    if (run) this.#stopRun(run, 'cancel');
    else if (row.state === 'waiting' || row.state === 'paused' || row.state === 'failed' || row.state === 'changed') {
      this.#store.update(id, { state: 'cancelled', bytes_sent: 0, finished_at: this.#now() });
    }
    this.#emitChanged();
    this.#settleBatch();
    return this.list();
  }

  async retry(id: number): Promise<UploadsView> {
    const row = this.#require(id);
    if (row.state === 'failed' || row.state === 'cancelled' || row.state === 'changed') {
      const patch: JobPatch = { state: 'waiting', attempts: 0, bytes_sent: 0, next_attempt_at: 0, finished_at: null, ...noError };
      if (row.state === 'changed') {
        // The person chose to send the file as it is now.
        try {
          const info = await stat(row.path);
          Object.assign(patch, { size: info.size, mtime_ms: Math.trunc(info.mtimeMs), maybe_received: 0 });
        } catch {
          this.#store.update(id, { error_code: 'validation', error_message: 'The file is no longer there.', error_retryable: 0 });
          this.#emitChanged();
          return this.list();
        }
      }
      this.#store.update(id, patch);
      this.#openBatch();
      this.#emitChanged();
      this.#pump();
    }
    return this.list();
  }

  clearFinished(): UploadsView {
    this.#store.deleteFinished();
    this.#emitChanged();
    return this.list();
  }

  // ---- scheduling ----

  #pump(): void {
    if (!this.#started || this.#stopped || this.#paused || this.#offline) return;
    const free = this.#concurrency - this.#running.size;
    if (free > 0) {
      const now = this.#now();
      const candidates = this.#store.due(now, free + this.#running.size).filter((row) => !this.#running.has(row.id));
      for (const row of candidates.slice(0, free)) this.#launch(row);
    }
    this.#scheduleWake();
    this.#settleBatch();
  }

  #scheduleWake(): void {
    this.#clearTimer('wake');
    if (this.#running.size >= this.#concurrency) return;
    const at = this.#store.nextDueAt([...this.#running.keys()]);
    if (at === null) return;
    // The clock may have moved past `at` since #pump looked: then wake at once, never skip.
    this.#wakeTimer = this.#timers.setTimeout(() => {
      this.#wakeTimer = null;
      this.#pump();
    }, Math.max(0, at - this.#now()));
  }

  #launch(row: JobRow): void {
    const controller = new AbortController();
    const run: Running = { controller, intent: null, done: Promise.resolve() };
    this.#running.set(row.id, run);
    run.done = this.#run(row, run)
      .catch((error: unknown) => this.#logger.error('upload job crashed', { jobId: row.id, error: String(error) }))
      .finally(() => {
        this.#running.delete(row.id);
        this.#progress.end(row.id);
        this.#emitChanged();
        this.#pump();
      });
  }

  #stopRun(run: Running, intent: StopIntent): void {
    run.intent ??= intent;
    run.controller.abort();
  }

  async #run(row: JobRow, run: Running): Promise<void> {
    const { signal } = run.controller;
    try {
      if (row.video_id !== null) return await this.#complete(row, row.video_id, null);
      if (!(await this.#fileUnchanged(row))) return;
      signal.throwIfAborted();
      if (row.maybe_received === 1 && (await this.#foundAlready(row, signal))) return;
      signal.throwIfAborted();
      const target = await this.#api.uploadTarget({ signal });
      signal.throwIfAborted();
      // Registered before any use, so no log line can ever carry it.
      this.#secrets.addSecret(target.session);
      const attempts = row.attempts + 1;
      this.#store.update(row.id, { state: 'uploading', bytes_sent: 0, attempts, ...noError });
      this.#progress.begin(row.id, row.size);
      this.#emitChanged();
      this.#logger.info('upload started', { jobId: row.id, attempt: attempts, fileServer: new URL(target.url).origin });
      const { fileCode } = await sendFile({
        url: target.url,
        session: target.session,
        folderId: row.folder_id,
        path: row.path,
        fileName: row.name,
        contentType: row.content_type,
        size: row.size,
        bucket: this.#bucket,
        signal,
        onProgress: (bytes) => this.#progress.set(row.id, bytes),
        onLastChunk: () => this.#store.update(row.id, { maybe_received: 1 }),
        onBodySent: () => {
          this.#store.update(row.id, { state: 'finishing', bytes_sent: row.size });
          this.#emitChanged();
        },
        sendStallMs: this.#sendStallMs,
        replyTimeoutMs: this.#replyTimeoutMs,
      });
      await this.#complete(row, fileCode, null);
    } catch (error) {
      this.#fail(row, run, error);
    }
  }

  async #fileUnchanged(row: JobRow): Promise<boolean> {
    let reason: string | null = null;
    try {
      const info = await stat(row.path);
      if (!info.isFile()) reason = 'The file is no longer there.';
      else if (info.size !== row.size || Math.trunc(info.mtimeMs) !== row.mtime_ms) {
        reason = 'The file changed after it was added. Retry to upload it as it is now.';
      }
    } catch {
      reason = 'The file is no longer there (moved or deleted).';
    }
    if (reason === null) return true;
    this.#store.update(row.id, {
      state: 'changed',
      bytes_sent: 0,
      error_code: 'validation',
      error_message: reason,
      error_retryable: 0,
      finished_at: this.#now(),
    });
    this.#countInBatch('failed');
    return false;
  }

  /** The body may have arrived before: is the video on the service already? */
  async #foundAlready(row: JobRow, signal: AbortSignal): Promise<boolean> {
    const video = await findUploadedVideo(this.#api, {
      folderId: row.folder_id,
      fileName: row.name,
      size: row.size,
      exclude: this.#store.knownVideoIds(row.id),
      signal,
    });
    if (video) {
      this.#logger.info('an upload whose reply was lost had arrived; not sending it again', { jobId: row.id });
      await this.#complete(row, video.id, video);
      return true;
    }
    this.#store.update(row.id, { maybe_received: 0 });
    return false;
  }

  async #complete(row: JobRow, videoId: string, known: ServiceVideo | null): Promise<void> {
    // The video id first: from here on a crash must not upload this file again (a restart
    // with a video id only fetches its info).
    this.#store.update(row.id, { video_id: videoId, maybe_received: 0 });
    let video = known;
    if (!video) {
      try {
        video = await this.#api.videoInfo({ id: videoId });
      } catch (error) {
        // The upload itself succeeded; the library's next sync brings the video in.
        this.#logger.warn('the new video info could not be fetched', { jobId: row.id, error: describe(error) });
      }
    }
    this.#store.update(row.id, {
      state: 'done',
      bytes_sent: row.size,
      finished_at: this.#now(),
      download_url: video?.links.download ?? null,
      embed_url: video?.links.embed ?? null,
      ...noError,
    });
    this.#countInBatch('done');
    this.#emitChanged();
    if (!video) return;
    try {
      this.#onVideoUploaded(video, row.folder_id);
    } catch (error) {
      this.#logger.error('the library refused the new video', { jobId: row.id, error: describe(error) });
    }
  }

  #fail(row: JobRow, run: Running, error: unknown): void {
    const maybeReceived = error instanceof TransferError && error.maybeReceived ? { maybe_received: 1 } : {};
    const base: JobPatch = { bytes_sent: 0, ...maybeReceived };
    if (run.intent !== null) {
      this.#store.update(row.id, { ...base, ...stoppedPatch(run.intent, this.#now()) });
      return;
    }
    if (isOffline(error)) {
      this.#store.update(row.id, { ...base, state: 'waiting', next_attempt_at: 0 });
      this.#enterOffline(error.message);
      return;
    }
    if (error instanceof TransferError && error.kind === 'file') {
      this.#store.update(row.id, { ...base, state: 'changed', ...asError('validation', error.message, false), finished_at: this.#now() });
      this.#countInBatch('failed');
      return;
    }
    const shape = toShape(error);
    const attempts = this.#store.get(row.id)?.attempts ?? row.attempts;
    if (shape.retryable && attempts < this.#maxAttempts) {
      const delay = backoffDelay(this.#backoff, attempts + 1, this.#random);
      this.#logger.warn('upload failed; trying again', { jobId: row.id, attempt: attempts, delayMs: delay, error: shape.message });
      this.#store.update(row.id, { ...base, state: 'waiting', next_attempt_at: this.#now() + delay, ...asError(shape.code, shape.message, true) });
      return;
    }
    this.#logger.warn('upload failed', { jobId: row.id, error: shape.message });
    this.#store.update(row.id, { ...base, state: 'failed', ...asError(shape.code, shape.message, shape.retryable), finished_at: this.#now() });
    this.#countInBatch('failed');
  }

  // ---- offline ----

  #enterOffline(reason: string): void {
    this.#connection.reportOffline(reason);
    if (this.#offline) return;
    this.#offline = true;
    const delay = Math.min(this.#offlineRetryCapMs, this.#offlineRetryMs * 2 ** this.#offlineStreak);
    this.#offlineStreak++;
    this.#logger.info('the service cannot be reached; uploads wait', { retryInMs: delay });
    this.#offlineTimer = this.#timers.setTimeout(() => {
      this.#offlineTimer = null;
      this.#offline = false;
      this.#pump();
    }, delay);
  }

  #leaveOffline(): void {
    this.#offlineStreak = 0;
    if (!this.#offline) return;
    this.#clearTimer('offline');
    this.#offline = false;
    this.#pump();
  }

  // ---- batches and events ----

  #openBatch(): void {
    this.#batch ??= { done: 0, failed: 0, startedAt: this.#now() };
  }

  #countInBatch(outcome: 'done' | 'failed'): void {
    if (outcome === 'done') this.#offlineStreak = 0;
    this.#openBatch();
    if (this.#batch) this.#batch[outcome]++;
  }

  /** A batch ends when nothing is left to run; the shell shows one notification for it. */
  #settleBatch(): void {
    const batch = this.#batch;
    if (!batch || this.#running.size > 0) return;
    const figures = this.#store.figures(batch.startedAt);
    if (figures.waiting > 0 || figures.active > 0) return;
    this.#batch = null;
    if (batch.done + batch.failed === 0) return;
    for (const listener of this.#batchListeners) listener({ done: batch.done, failed: batch.failed });
  }

  #figures(): ReturnType<UploadStore['figures']> {
    return this.#store.figures(this.#batch?.startedAt ?? this.#now());
  }

  /** Coalesces the changes of one tick into one `uploads:changed` event. */
  #emitChanged(): void {
    if (this.#changedQueued) return;
    this.#changedQueued = true;
    queueMicrotask(() => {
      this.#changedQueued = false;
      // After stop() the database may be closed already; the next start() emits afresh.
      if (this.#stopped) return;
      this.#events.emit('uploads:changed', this.list());
    });
  }

  #require(id: number): JobRow {
    const row = this.#store.get(id);
    if (!row) throw new AppError('not_found', 'That upload is no longer in the list.', { retryable: false });
    return row;
  }

  #clearTimer(which: 'offline' | 'wake'): void {
    const handle = which === 'offline' ? this.#offlineTimer : this.#wakeTimer;
    if (handle !== null) this.#timers.clearTimeout(handle);
    if (which === 'offline') this.#offlineTimer = null;
    else this.#wakeTimer = null;
  }
}

const noError = { error_code: null, error_message: null, error_retryable: null } as const;

function asError(code: ErrorShape['code'], message: string, retryable: boolean): JobPatch {
  return { error_code: code, error_message: message, error_retryable: retryable ? 1 : 0 };
}

function stoppedPatch(intent: StopIntent, now: number): JobPatch {
  switch (intent) {
    case 'pause':
      return { state: 'paused' };
    case 'cancel':
      return { state: 'cancelled', finished_at: now };
    case 'hold':
      return { state: 'waiting', next_attempt_at: 0 };
    case 'shutdown':
      return { state: 'waiting', next_attempt_at: 0, restarted: 1 };
  }
}

function toShape(error: unknown): ErrorShape {
  if (isAppError(error)) return error.toShape();
  if (error instanceof TransferError) {
    const code = error.kind === 'network' || error.kind === 'timeout' ? 'offline' : 'server';
    return { code, message: error.message, retryable: error.retryable };
  }
  return { code: 'internal', message: 'Something went wrong inside Vidlift while uploading. The log has the details.', retryable: false };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function clampConcurrency(value: number): number {
  return Math.min(MAX_CONCURRENCY, Math.max(MIN_CONCURRENCY, Math.round(value)));
}
