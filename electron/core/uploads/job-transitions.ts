// Every state change of an upload job, as one pure function: transition(row, event) gives
// the columns to write, or null when the event does not apply to a job in that state (it is
// then ignored, never half-applied). The engine, its commands and the job runner write a
// job's row only through this table, so "what can happen to a job" is read in one place
// and tested exhaustively (test/unit/core/uploads/job-transitions.test.ts).
import type { UploadState } from '../../../shared/model.ts';
import type { ErrorShape } from '../../../shared/errors.ts';
import type { UploadVerification } from '../../../shared/upload-verification.ts';
import type { JobPatch, JobRow } from './store.ts';

/** Why a running transfer was stopped on purpose. */
export type StopIntent = 'pause' | 'cancel' | 'hold' | 'shutdown';

export interface LandedLinks {
  downloadUrl: string | null;
  embedUrl: string | null;
}

export type JobEvent =
  // The person's commands (a job that is not running).
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'cancel'; now: number }
  | { type: 'retry'; file: { size: number; mtimeMs: number } | null }
  | { type: 'retry-file-missing' }
  // The job runner.
  | { type: 'file-changed'; reason: string; now: number }
  | { type: 'not-there-yet' }
  | { type: 'started'; attempts: number; now: number }
  | { type: 'last-chunk' }
  | { type: 'body-sent' }
  | { type: 'video-id'; videoId: string }
  | { type: 'landed'; links: LandedLinks; now: number; cancelledLate?: boolean; verification?: UploadVerification | null }
  // How a run ended without a video.
  | { type: 'stopped'; intent: StopIntent; maybeReceived: boolean; now: number }
  | { type: 'offline'; maybeReceived: boolean }
  | { type: 'file-unreadable'; message: string; maybeReceived: boolean; now: number }
  | { type: 'retry-later'; error: ErrorShape; at: number; maybeReceived: boolean }
  | { type: 'failed'; error: ErrorShape; maybeReceived: boolean; now: number };

export type JobEventType = JobEvent['type'];

export const UPLOAD_STATES: readonly UploadState[] = ['waiting', 'uploading', 'finishing', 'paused', 'done', 'failed', 'cancelled', 'changed'];

/** A job the runner holds: waiting until its transfer starts, then uploading, then finishing. */
const IN_RUN: readonly UploadState[] = ['waiting', 'uploading', 'finishing'];

/** In which states each event applies. */
export const APPLIES_IN: Record<JobEventType, readonly UploadState[]> = {
  pause: ['waiting'],
  resume: ['paused'],
  cancel: ['waiting', 'paused', 'failed', 'changed'],
  retry: ['failed', 'cancelled', 'changed'],
  'retry-file-missing': ['changed'],
  'file-changed': ['waiting'],
  'not-there-yet': ['waiting'],
  started: ['waiting'],
  'last-chunk': ['uploading'],
  'body-sent': ['uploading'],
  'video-id': IN_RUN,
  landed: IN_RUN,
  stopped: IN_RUN,
  offline: IN_RUN,
  'file-unreadable': IN_RUN,
  'retry-later': IN_RUN,
  failed: IN_RUN,
};

/** A cancel that came once every byte was out waits for the reply (see engine.cancel). */
export const ARRIVED_BEFORE_CANCEL = 'The video had already arrived on the service when the upload was cancelled, so it was kept.';

export const NO_ERROR = { error_code: null, error_message: null, error_retryable: null } as const;

export function transition(row: Pick<JobRow, 'state' | 'size'> & Partial<Pick<JobRow, 'started_at'>>, event: JobEvent): JobPatch | null {
  if (!APPLIES_IN[event.type].includes(row.state)) return null;
  switch (event.type) {
    case 'pause':
      return { state: 'paused' };
    case 'resume':
      return { state: 'waiting', next_attempt_at: 0 };
    case 'cancel':
      return { state: 'cancelled', bytes_sent: 0, finished_at: event.now };
    case 'retry': {
      const patch: JobPatch = { state: 'waiting', attempts: 0, bytes_sent: 0, next_attempt_at: 0, finished_at: null, note: null, ...NO_ERROR };
      // The person chose to send the file as it is now.
      if (event.file) Object.assign(patch, { size: event.file.size, mtime_ms: Math.trunc(event.file.mtimeMs), maybe_received: 0 });
      return patch;
    }
    case 'retry-file-missing':
      return asError('validation', 'The file is no longer there.', false);
    case 'file-changed':
      return { state: 'changed', bytes_sent: 0, ...asError('validation', event.reason, false), finished_at: event.now };
    case 'not-there-yet':
      return { maybe_received: 0 };
    case 'started':
      // The first start counts for the history's average speed (a retry sends it all again).
      return { state: 'uploading', bytes_sent: 0, attempts: event.attempts, started_at: row.started_at ?? event.now, ...NO_ERROR };
    case 'last-chunk':
      return { maybe_received: 1 };
    case 'body-sent':
      return { state: 'finishing', bytes_sent: row.size };
    case 'video-id':
      // From here on a crash must not upload this file again (a restart with a video id
      // only fetches its info).
      return { video_id: event.videoId, maybe_received: 0 };
    case 'landed':
      return {
        state: 'done',
        bytes_sent: row.size,
        finished_at: event.now,
        download_url: event.links.downloadUrl,
        embed_url: event.links.embedUrl,
        note: event.cancelledLate ? ARRIVED_BEFORE_CANCEL : null,
        verification: event.verification ? JSON.stringify(event.verification) : null,
        ...NO_ERROR,
      };
    case 'stopped':
      return { ...ended(event.maybeReceived), ...stoppedPatch(event.intent, event.now) };
    case 'offline':
      return { ...ended(event.maybeReceived), state: 'waiting', next_attempt_at: 0 };
    case 'file-unreadable':
      return { ...ended(event.maybeReceived), state: 'changed', ...asError('validation', event.message, false), finished_at: event.now };
    case 'retry-later':
      return { ...ended(event.maybeReceived), state: 'waiting', next_attempt_at: event.at, ...asError(event.error.code, event.error.message, true) };
    case 'failed':
      return { ...ended(event.maybeReceived), state: 'failed', ...asError(event.error.code, event.error.message, event.error.retryable), finished_at: event.now };
  }
}

export function stoppedPatch(intent: StopIntent, now: number): JobPatch {
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

/** A run that ended without a video starts from byte 0 next time; a body that may have arrived is remembered. */
function ended(maybeReceived: boolean): JobPatch {
  return maybeReceived ? { bytes_sent: 0, maybe_received: 1 } : { bytes_sent: 0 };
}

function asError(code: ErrorShape['code'], message: string, retryable: boolean): JobPatch {
  return { error_code: code, error_message: message, error_retryable: retryable ? 1 : 0 };
}
