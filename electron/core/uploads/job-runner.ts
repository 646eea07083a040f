// One run of one job: check the file, look for a body that may have arrived before, get a
// target, send the file, record the video. Every row change goes through the transition
// table (store.apply); the run ends with an outcome the scheduler acts on (batch counts,
// offline holding), so this file knows nothing of the queue around it.
import { lstat } from 'node:fs/promises';
import { FileSwappedError, identityOf } from '../files/file-identity.ts';
import { hashAlgorithms } from '../files/content-hash.ts';
import { AppError, isAppError, isOffline, type ErrorShape } from '../../../shared/errors.ts';
import { mapSaidText, said, type Said } from '../../../shared/said.ts';
import type { ServiceVideo } from '../api/schemas.ts';
import type { ServiceApi } from '../api/service-api.ts';
import type { Logger, SecretRegistry } from '../log/logger.ts';
import { backoffDelay, type BackoffPolicy } from '../api/retry.ts';
import type { StopIntent } from './job-transitions.ts';
import { findUploadedVideo } from './lookup.ts';
import { checkInFolder, compareTitle } from './verification.ts';
import type { UploadVerification } from '../../../shared/upload-verification.ts';
import type { ProgressTracker } from './progress.ts';
import type { UploadStore } from './store.ts';
import type { JobRow } from './job-row.ts';
import type { TokenBucket } from './throttle.ts';
import { TransferError, type SendFile } from './transfer.ts';
import { sendFileHere } from './transfer-thread.ts';
import type { Network } from '../net/network.ts';
import type { TransferHold } from './hold.ts';

/** A job being run: how to stop it, and why it was stopped (null while it runs on its own). */
export interface Running {
  controller: AbortController;
  intent: StopIntent | null;
  done: Promise<void>;
  /** A pause that keeps its connection open (hold.ts), and the patience timer while held. */
  hold: TransferHold;
  patienceTimer: unknown;
}

/** A video that is on the service: its id, and what is already known of it. */
interface Landed {
  videoId: string;
  /** The video as a listing gave it (the lookup), so operation 15 is not asked. */
  known?: ServiceVideo;
  /** The title the file server's reply says it stored. */
  replyTitle?: string | null;
  /** It was found in its intended folder's listing already. */
  folderListed?: boolean;
}

/** How a run ended, for the scheduler. */
export type RunOutcome =
  | { kind: 'done' }
  | { kind: 'failed' } // failed for good, or the file changed: counts as failed in the batch
  | { kind: 'retry-later' }
  | { kind: 'offline'; reason: Said }
  | { kind: 'stopped' };

interface JobRunnerOptions {
  store: UploadStore;
  api: ServiceApi;
  logger: Logger;
  secrets: SecretRegistry;
  bucket: TokenBucket;
  progress: ProgressTracker;
  onVideoUploaded: (video: ServiceVideo, folderId: number) => void;
  /** The service confirmed the whole file arrived (watch folders may then move it aside). */
  onFileLanded?: (path: string) => void;
  /** A row changed in a way the renderer should see now. */
  changed: () => void;
  now: () => number;
  random: () => number;
  backoff: BackoffPolicy;
  maxAttempts: number;
  sendStallMs: number;
  replyTimeoutMs: number;
  /** How file servers are reached (proxy or direct); direct when absent. */
  network?: Network;
  /** The file server's port (default: real sockets, on the transfer thread where there is one: transfer-thread.ts); the simulation replaces it. */
  sendFile?: SendFile;
  /** A job ended done or failed for good (its row says how): notifications and hooks hear of it. */
  onFinished?: (jobId: number, outcome: 'done' | 'failed') => void;
}

export class JobRunner {
  readonly #o: JobRunnerOptions;
  /** The SHA-256 fallback was logged (once: each upload would say the same). */
  #saidHashFallback = false;

  constructor(options: JobRunnerOptions) {
    this.#o = options;
  }

  async run(row: JobRow, run: Running): Promise<RunOutcome> {
    const outcome = await this.#run(row, run);
    if (outcome.kind === 'done' || outcome.kind === 'failed') this.#o.onFinished?.(row.id, outcome.kind);
    return outcome;
  }

  async #run(row: JobRow, run: Running): Promise<RunOutcome> {
    const { signal } = run.controller;
    const { store, api } = this.#o;
    try {
      if (row.video_id !== null) return await this.#complete(row, run, { videoId: row.video_id });
      if (row.state === 'cancelling') return await this.#checkBeforeCancel(row, run);
      // Looked for before the file is checked: a file changed on disk after its body went
      // says nothing about whether that body arrived (found by the simulation, test/sim, seed 37).
      if (row.maybe_received === 1) {
        const found = await this.#foundAlready(row, run);
        if (found) return found;
        // A cancel that waited for this look: the video is not there, so nothing more is sent.
        if (run.intent !== null) throw new TransferError('aborted', said('upload_stopped'), false);
      }
      signal.throwIfAborted();
      if (!(await this.#fileUnchanged(row))) return { kind: 'failed' };
      signal.throwIfAborted();
      const target = await api.uploadTarget({ signal });
      signal.throwIfAborted();
      // Registered before any use, so no log line can ever carry it.
      this.#o.secrets.addSecret(target.session);
      const attempts = row.attempts + 1;
      store.apply(row.id, { type: 'started', attempts, now: this.#o.now() });
      this.#o.progress.begin(row.id, row.size);
      this.#o.changed();
      this.#o.logger.info('upload started', { jobId: row.id, attempt: attempts, fileServer: new URL(target.url).origin });
      const route = await this.#o.network?.routeFor(new URL(target.url), 'fresh');
      const { unavailableBecause, preferred } = hashAlgorithms();
      if (unavailableBecause !== null && !this.#saidHashFallback) {
        this.#saidHashFallback = true;
        this.#o.logger.warn('the native XXH3 module did not load: contents are hashed with SHA-256, at about ten times the CPU', { error: unavailableBecause });
      }
      const reply = await (this.#o.sendFile ?? sendFileHere)({
        url: target.url,
        session: target.session,
        folderId: row.folder_id,
        path: row.path,
        identity: { dev: row.file_dev, ino: row.file_ino, mtimeMs: row.mtime_ms },
        fileName: row.name,
        contentType: row.content_type,
        size: row.size,
        bucket: this.#o.bucket,
        signal,
        onProgress: (bytes) => this.#o.progress.set(row.id, bytes),
        onLastChunk: () => store.apply(row.id, { type: 'last-chunk' }),
        onBodySent: () => {
          store.apply(row.id, { type: 'body-sent' });
          this.#o.changed();
        },
        sendStallMs: this.#o.sendStallMs,
        replyTimeoutMs: this.#o.replyTimeoutMs,
        ...(route ? { route } : {}),
        hold: run.hold,
        // The bytes are read anyway: their hash costs no second read (duplicates.ts).
        hash: preferred,
      });
      if (reply.digest !== null) store.setContentDigest(row.id, reply.digest);
      return await this.#complete(row, run, { videoId: reply.fileCode, replyTitle: reply.title });
    } catch (error) {
      try {
        return this.#fail(row, run, error);
      } catch (recordError) {
        // Writing the outcome failed too (disk full, database busy): the job must not stay
        // "uploading" until a restart. Back to waiting, looking for its video first (found by
        // the simulation, test/sim, seed 214).
        this.#o.logger.error('the outcome of an upload could not be written; it is tried again', { jobId: row.id, error: recordError });
        this.#o.store.apply(row.id, { type: 'retry-later', error: LOCAL_FAILURE, at: this.#o.now() + this.#o.backoff.baseMs, maybeReceived: true, bytesSent: 0 });
        return { kind: 'retry-later' };
      }
    }
  }

  async #fileUnchanged(row: JobRow): Promise<boolean> {
    let reason: Said | null = null;
    try {
      // lstat: a path swapped for a link is not followed, it is refused (issue 18 item 5).
      const info = await lstat(row.path, { bigint: true });
      const now = identityOf(info);
      if (info.isSymbolicLink()) reason = new FileSwappedError().said;
      else if (!info.isFile()) reason = said('upload_file_missing');
      else if ((row.file_dev !== null && row.file_dev !== now.dev) || (row.file_ino !== null && row.file_ino !== now.ino)) reason = new FileSwappedError().said;
      else if (now.size !== row.size || now.mtimeMs !== row.mtime_ms) {
        reason = said('file_changed');
      }
    } catch {
      reason = said('upload_file_moved_or_deleted');
    }
    if (reason === null) return true;
    this.#o.store.apply(row.id, { type: 'file-changed', reason, now: this.#o.now() });
    return false;
  }

  /** The body may have arrived before: is the video on the service already? */
  async #foundAlready(row: JobRow, run: Running): Promise<RunOutcome | null> {
    const video = await findUploadedVideo(this.#o.api, {
      folderId: row.folder_id,
      fileName: row.name,
      size: row.size,
      exclude: this.#o.store.knownVideoIds(row.id),
      signal: run.controller.signal,
    });
    if (video) {
      this.#o.logger.info('an upload whose reply was lost had arrived; not sending it again', { jobId: row.id });
      // Found in its folder's listing: that listing is the folder check.
      return await this.#complete(row, run, { videoId: video.id, known: video, folderListed: true });
    }
    this.#o.store.apply(row.id, { type: 'not-there-yet' });
    return null;
  }

  /**
   * A cancel of a job whose body may have arrived: the service is asked first (the look a
   * resend makes). Its video there: the job ends done with it, saying it had arrived; none:
   * cancelled. Unknown (offline, the look failed): it stays cancelling and asks again, never
   * "cancelled" beside a video that may be on the service.
   */
  async #checkBeforeCancel(row: JobRow, run: Running): Promise<RunOutcome> {
    let video: ServiceVideo | null;
    try {
      video = await findUploadedVideo(this.#o.api, {
        folderId: row.folder_id,
        fileName: row.name,
        size: row.size,
        exclude: this.#o.store.knownVideoIds(row.id),
        signal: run.controller.signal,
      });
    } catch (error) {
      if (run.intent !== null) return { kind: 'stopped' };
      // Offline or the key refused: the queue holds, and back online the look goes again.
      if (isOffline(error) || (isAppError(error) && error.code === 'unauthorized')) return { kind: 'offline', reason: error.said };
      const delay = backoffDelay(this.#o.backoff, 2, this.#o.random);
      this.#o.logger.warn('a cancelled upload could not be looked for on the service; trying again', { jobId: row.id, delayMs: delay, error: toShape(error).message });
      this.#o.store.apply(row.id, { type: 'cancel-check-later', at: this.#o.now() + delay });
      return { kind: 'retry-later' };
    }
    if (video) return await this.#complete(row, run, { videoId: video.id, known: video, folderListed: true });
    this.#o.store.apply(row.id, { type: 'cancel-checked', now: this.#o.now() });
    this.#o.changed();
    return { kind: 'stopped' };
  }

  async #complete(row: JobRow, run: Running, landed: Landed): Promise<RunOutcome> {
    const { store, logger } = this.#o;
    const { videoId } = landed;
    store.apply(row.id, { type: 'video-id', videoId });
    let video = landed.known ?? null;
    if (!video) {
      try {
        video = await this.#o.api.videoInfo({ id: videoId });
      } catch (error) {
        // The upload itself succeeded; the library's next sync brings the video in.
        logger.warn('the new video info could not be fetched', { jobId: row.id, error });
      }
    }
    const links = { downloadUrl: video?.links.download ?? null, embedUrl: video?.links.embed ?? null };
    const verification = await this.#verify(row, run, landed, video);
    const cancelledLate = run.intent === 'cancel' || row.state === 'cancelling';
    if (cancelledLate) logger.info('a cancel came after the whole file was sent; the video arrived and is kept', { jobId: row.id });
    store.apply(row.id, { type: 'landed', links, now: this.#o.now(), cancelledLate, verification });
    this.#o.changed();
    if (!cancelledLate) this.#o.onFileLanded?.(row.path);
    if (video) {
      try {
        this.#o.onVideoUploaded(video, row.folder_id);
      } catch (error) {
        logger.error('the library refused the new video', { jobId: row.id, error });
      }
    }
    return { kind: 'done' };
  }

  /**
   * What the service stored, looked at (issue 26): the title (operation 15's name, else the
   * file server's reply) against the name sent, and the video in the folder it was sent to.
   */
  async #verify(row: JobRow, run: Running, landed: Landed, video: ServiceVideo | null): Promise<UploadVerification> {
    const stored = video?.name ?? landed.replyTitle ?? null;
    const title = compareTitle(row.name, stored);
    const folder = landed.folderListed
      ? 'found'
      : await checkInFolder(this.#o.api, { folderId: row.folder_id, videoId: landed.videoId, title: stored, signal: run.controller.signal });
    // Reasons and outcomes only: a title is the person's, not the log's.
    if (title.status === 'differs') this.#o.logger.warn('the service stored another title than the name sent', { jobId: row.id, reasons: title.reasons });
    if (folder !== 'found') this.#o.logger.warn('the new video was not confirmed in its folder', { jobId: row.id, folder });
    return { title, folder };
  }

  #fail(row: JobRow, run: Running, error: unknown): RunOutcome {
    const { store, logger } = this.#o;
    const maybeReceived = error instanceof TransferError && error.maybeReceived;
    const now = this.#o.now();
    // What this run had sent: lost now, since the file server cannot continue an upload.
    const bytesSent = this.#o.progress.bytesSent(row.id);
    // The exchange ended while held by a pause: the file server did not wait that long.
    if (run.intent === null && run.hold.held) {
      run.intent = 'pause-dropped';
      logger.info('the file server dropped a paused upload; it starts again from the beginning when resumed', { jobId: row.id, bytesSent });
    }
    if (run.intent !== null) {
      store.apply(row.id, { type: 'stopped', intent: run.intent, maybeReceived, now, bytesSent });
      return { kind: 'stopped' };
    }
    // A refused key holds the job as offline does: it waits for a new key (accounts/key-gate.ts), never fails.
    if (isOffline(error) || (isAppError(error) && error.code === 'unauthorized')) {
      store.apply(row.id, { type: 'offline', maybeReceived, bytesSent });
      return { kind: 'offline', reason: error.said };
    }
    if (error instanceof TransferError && error.kind === 'file') {
      store.apply(row.id, { type: 'file-unreadable', said: mapSaidText(error.said, (text) => this.#o.secrets.redact(text)), maybeReceived, now, bytesSent });
      return { kind: 'failed' };
    }
    // A file server's reply may quote the upload session or the key: never store or show it.
    const raw = toShape(error);
    const redact = (text: string): string => this.#o.secrets.redact(text);
    const shape = { ...raw, message: redact(raw.message), ...(raw.said ? { said: mapSaidText(raw.said, redact) } : {}) };
    const attempts = store.get(row.id)?.attempts ?? row.attempts;
    if (shape.retryable && attempts < this.#o.maxAttempts) {
      // A lost connection to the file server may mean the service is gone too: the first retry
      // goes at once, and its call for a new target tells the connection monitor, so the
      // window reads Offline within 2 s instead of after a backoff (issue 26).
      const lostConnection = error instanceof TransferError && (error.kind === 'network' || error.kind === 'timeout');
      const delay = lostConnection && attempts <= 1 ? 0 : backoffDelay(this.#o.backoff, attempts + 1, this.#o.random);
      logger.warn('upload failed; trying again', { jobId: row.id, attempt: attempts, delayMs: delay, error: shape.message });
      store.apply(row.id, { type: 'retry-later', error: shape, at: now + delay, maybeReceived, bytesSent });
      return { kind: 'retry-later' };
    }
    logger.warn('upload failed', { jobId: row.id, error: shape.message });
    store.apply(row.id, { type: 'failed', error: shape, maybeReceived, now, bytesSent });
    return { kind: 'failed' };
  }
}

function toShape(error: unknown): ErrorShape {
  if (isAppError(error)) return error.toShape();
  if (error instanceof TransferError) {
    const code = error.kind === 'network' || error.kind === 'timeout' ? 'offline' : 'server';
    return { code, message: error.message, said: error.said, retryable: error.retryable };
  }
  return LOCAL_FAILURE;
}

/**
 * A failure inside Vidlift (a database write refused: disk full, busy). Worth another try:
 * the body may have arrived before it, and failing for good would leave "failed" beside a
 * video on the service; the next run looks for it first (found by the simulation, test/sim, seeds 4 and 58).
 */
const LOCAL_FAILURE: ErrorShape = new AppError('internal', said('upload_internal_see_log'), { retryable: true }).toShape();
