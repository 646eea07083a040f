// Every state change of an upload job, as one pure function: transition(row, event) gives
// the columns to write, or null when the event does not apply to a job in that state (it is
// then ignored, never half-applied). The engine, its commands and the job runner write a
// job's row only through this table, so "what can happen to a job" is read in one place
// and tested exhaustively (test/unit/core/uploads/job-transitions.test.ts).
import type { RestartCause, UploadState } from '../../../shared/model.ts';
import type { AttemptOutcome } from '../../../shared/history.ts';
import { saidOf, type ErrorShape } from '../../../shared/errors.ts';
import type { UploadVerification } from '../../../shared/upload-verification.ts';
import type { JobPatch, JobRow } from './job-row.ts';
import { said, storeSaid, type Said } from '../../../shared/said.ts';

/**
 * Why a running transfer was stopped: on purpose (pause before sending, cancel, the queue
 * held, the app closing), or a held pause that ended (it outlasted the patience, or the file
 * server dropped the paused connection first).
 */
export type StopIntent = 'pause' | 'cancel' | 'hold' | 'shutdown' | 'pause-expired' | 'pause-dropped';

interface LandedLinks {
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
  // The look for a cancelled job's video (the runner, for a job 'cancelling') found none; or
  // could not be made now and goes again at `at`.
  | { type: 'cancel-checked'; now: number }
  | { type: 'cancel-check-later'; at: number }
  // The job runner.
  | { type: 'file-changed'; reason: Said; now: number }
  | { type: 'not-there-yet' }
  | { type: 'started'; attempts: number; now: number }
  | { type: 'last-chunk' }
  // A pause that keeps the connection (hold.ts): sending stopped at bytesSent until `until`.
  | { type: 'held'; bytesSent: number; now: number; until: number }
  | { type: 'unheld'; now: number }
  | { type: 'body-sent' }
  | { type: 'video-id'; videoId: string }
  | { type: 'landed'; links: LandedLinks; now: number; cancelledLate?: boolean; verification?: UploadVerification | null }
  // How a run ended without a video. `bytesSent`: what this run had handed to the socket
  // (lost when the file starts again; 0 when absent).
  | { type: 'stopped'; intent: StopIntent; maybeReceived: boolean; now: number; bytesSent?: number }
  | { type: 'offline'; maybeReceived: boolean; bytesSent?: number }
  | { type: 'file-unreadable'; said: Said; maybeReceived: boolean; now: number; bytesSent?: number }
  | { type: 'retry-later'; error: ErrorShape; at: number; maybeReceived: boolean; bytesSent?: number }
  | { type: 'failed'; error: ErrorShape; maybeReceived: boolean; now: number; bytesSent?: number };

export type JobEventType = JobEvent['type'];

export const UPLOAD_STATES: readonly UploadState[] = ['waiting', 'uploading', 'finishing', 'paused', 'done', 'failed', 'cancelled', 'cancelling', 'changed'];

/** A job the runner holds: waiting until its transfer starts, then uploading, then finishing. */
const IN_RUN: readonly UploadState[] = ['waiting', 'uploading', 'finishing'];
/** A run that may record a video: a transfer's, or the look a cancel waits for. */
const MAY_LAND: readonly UploadState[] = [...IN_RUN, 'cancelling'];
/** A run may also end while its transfer is held by a pause (the row says paused). */
const IN_RUN_OR_HELD: readonly UploadState[] = [...IN_RUN, 'paused'];

/** In which states each event applies. */
const APPLIES_IN: Record<JobEventType, readonly UploadState[]> = {
  pause: ['waiting'],
  resume: ['paused'],
  cancel: ['waiting', 'paused', 'failed', 'changed'],
  retry: ['failed', 'cancelled', 'changed'],
  'retry-file-missing': ['changed'],
  'cancel-checked': ['cancelling'],
  'cancel-check-later': ['cancelling'],
  'file-changed': ['waiting'],
  'not-there-yet': ['waiting'],
  started: ['waiting'],
  'last-chunk': ['uploading'],
  held: ['uploading'],
  unheld: ['paused'],
  'body-sent': ['uploading'],
  'video-id': MAY_LAND,
  landed: MAY_LAND,
  stopped: IN_RUN_OR_HELD,
  offline: IN_RUN,
  'file-unreadable': IN_RUN,
  'retry-later': IN_RUN,
  failed: IN_RUN,
};

/** The note of a job cancelled after its video arrived, as stored (JSON of a said thing). */
export const ARRIVED_BEFORE_CANCEL = storeSaid(said('note_arrived_before_cancel'));

const NO_ERROR = { error_code: null, error_message: null, error_retryable: null } as const;

/** No longer held, and nothing to say about a restart: the columns both clear. */
const NOT_HELD = { held_since: null, held_until: null } as const;
const NO_RESTART = { restart_cause: null, bytes_lost: 0 } as const;

/** Cancelled, once the service was asked whether the body arrived (the runner's look, at once). */
const CANCEL_PENDING_CHECK: JobPatch = { state: 'cancelling', bytes_sent: 0, next_attempt_at: 0, ...NO_RESTART };

type TransitionRow = Pick<JobRow, 'state' | 'size'> & Partial<Pick<JobRow, 'started_at' | 'held_until' | 'maybe_received' | 'video_id'>>;

export function transition(row: TransitionRow, event: JobEvent): JobPatch | null {
  if (!APPLIES_IN[event.type].includes(row.state)) return null;
  const held = row.held_until !== undefined && row.held_until !== null;
  // A held job is in a run: only the scheduler's release (unheld) or the run's end moves it.
  if (held && (event.type === 'resume' || event.type === 'cancel')) return null;
  if (!held && (event.type === 'unheld' || (event.type === 'stopped' && row.state === 'paused'))) return null;
  switch (event.type) {
    case 'pause':
      return { state: 'paused' };
    case 'resume':
      return { state: 'waiting', next_attempt_at: 0 };
    case 'cancel':
      // Its whole body may have reached the service (a reply lost): "cancelled" could stand
      // beside its video. It is cancelled once the service was asked (found by the simulation,
      // test/sim, seeds 627, 5766 and 5818).
      if (mayHaveArrived(row)) return CANCEL_PENDING_CHECK;
      return { state: 'cancelled', bytes_sent: 0, finished_at: event.now, ...NO_RESTART };
    case 'cancel-checked':
      return { state: 'cancelled', bytes_sent: 0, maybe_received: 0, finished_at: event.now, ...NO_RESTART };
    case 'cancel-check-later':
      return { next_attempt_at: event.at };
    case 'retry': {
      const patch: JobPatch = { state: 'waiting', attempts: 0, bytes_sent: 0, next_attempt_at: 0, finished_at: null, note: null, ...NO_ERROR, ...NO_RESTART };
      // The person chose to send the file as it is now.
      if (event.file) Object.assign(patch, { size: event.file.size, mtime_ms: Math.trunc(event.file.mtimeMs), maybe_received: 0 });
      return patch;
    }
    case 'retry-file-missing':
      return asError('validation', said('upload_file_missing'), false);
    case 'file-changed':
      return { state: 'changed', bytes_sent: 0, ...asError('validation', event.reason, false), finished_at: event.now };
    case 'not-there-yet':
      return { maybe_received: 0 };
    case 'started':
      // The first start counts for the history's average speed (a retry sends it all again).
      return { state: 'uploading', bytes_sent: 0, attempts: event.attempts, started_at: row.started_at ?? event.now, ...NO_ERROR };
    case 'last-chunk':
      return { maybe_received: 1 };
    case 'held':
      return { state: 'paused', bytes_sent: event.bytesSent, held_since: event.now, held_until: event.until };
    case 'unheld':
      return { state: 'uploading', ...NOT_HELD };
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
        ...NOT_HELD,
        ...NO_RESTART,
      };
    case 'stopped': {
      const cause = STOP_RESTARTS[event.intent];
      // A cancel held back until the body's fate was known, and that fate stayed unknown (the
      // reply lost or unreadable): asked first, as for a job not running (simulation, seed 2073).
      if (event.intent === 'cancel' && (event.maybeReceived || mayHaveArrived(row))) return { ...ended(event.maybeReceived), ...CANCEL_PENDING_CHECK };
      const patch = { ...ended(event.maybeReceived, cause ? event.bytesSent : 0, cause), ...stoppedPatch(event.intent, event.now) };
      // A held job the app closed stays paused (the person paused it), and says it starts again.
      return held && event.intent === 'shutdown' ? { ...patch, state: 'paused', next_attempt_at: 0 } : patch;
    }
    case 'offline':
      return { ...ended(event.maybeReceived, event.bytesSent, 'cut'), state: 'waiting', next_attempt_at: 0 };
    case 'file-unreadable':
      return { ...ended(event.maybeReceived), state: 'changed', ...asError('validation', event.said, false), finished_at: event.now };
    case 'retry-later':
      return {
        ...ended(event.maybeReceived, event.bytesSent, event.error.code === 'offline' ? 'cut' : 'server-error'),
        state: 'waiting',
        next_attempt_at: event.at,
        ...asError(event.error.code, saidOf(event.error), true),
      };
    case 'failed':
      return { ...ended(event.maybeReceived), state: 'failed', ...asError(event.error.code, saidOf(event.error), event.error.retryable), finished_at: event.now };
  }
}

/**
 * Its whole body may be on the service: maybe_received (from the last chunk until a look found
 * nothing), or its video is known already (a run that stopped after the file server named it,
 * its landing unwritten: simulation, seed 2073).
 */
function mayHaveArrived(row: TransitionRow): boolean {
  return row.maybe_received === 1 || (row.video_id !== undefined && row.video_id !== null);
}

/** Which stops make the file start again from byte 0 with something to say (the others leave nothing sent, or end the job). */
const STOP_RESTARTS: Record<StopIntent, RestartCause | null> = {
  pause: null, // stopped before sending: nothing was out
  cancel: null,
  hold: null,
  shutdown: 'app-closed',
  'pause-expired': 'pause-expired',
  'pause-dropped': 'pause-dropped',
};

/** How an event that ends a run ends its transfer attempt (history); null for every other event. */
export function attemptOutcome(event: JobEvent): AttemptOutcome | null {
  switch (event.type) {
    case 'landed':
      return 'done';
    case 'stopped':
      return STOP_OUTCOME[event.intent];
    case 'offline':
      return 'cut';
    case 'retry-later':
      return event.error.code === 'offline' ? 'cut' : 'server-error';
    case 'failed':
      return 'failed';
    case 'file-unreadable':
      return 'file-changed';
    default:
      return null;
  }
}

const STOP_OUTCOME: Record<StopIntent, AttemptOutcome> = {
  pause: 'paused',
  hold: 'paused',
  cancel: 'cancelled',
  shutdown: 'app-closed',
  'pause-expired': 'pause-expired',
  'pause-dropped': 'pause-dropped',
};

function stoppedPatch(intent: StopIntent, now: number): JobPatch {
  switch (intent) {
    case 'pause':
    case 'pause-expired':
    case 'pause-dropped':
      return { state: 'paused' };
    case 'cancel':
      return { state: 'cancelled', finished_at: now };
    case 'hold':
      return { state: 'waiting', next_attempt_at: 0 };
    case 'shutdown':
      return { state: 'waiting', next_attempt_at: 0, restarted: 1 };
  }
}

/**
 * A run that ended without a video starts from byte 0 next time; a body that may have arrived
 * is remembered. When it had sent something and starts again for `cause`, that is said with
 * the bytes lost; a cause with nothing lost says nothing (nothing restarts that had begun).
 */
function ended(maybeReceived: boolean, bytesSent = 0, cause: RestartCause | null = null): JobPatch {
  const patch: JobPatch = maybeReceived ? { bytes_sent: 0, maybe_received: 1, ...NOT_HELD } : { bytes_sent: 0, ...NOT_HELD };
  const always = cause === 'pause-expired' || cause === 'pause-dropped' || cause === 'app-closed';
  if (cause !== null && (bytesSent > 0 || always)) Object.assign(patch, { restart_cause: cause, bytes_lost: bytesSent });
  return patch;
}

/** A job's error is kept as its said thing (JSON), read back in the person's language (job-row.ts). */
function asError(code: ErrorShape['code'], why: Said, retryable: boolean): JobPatch {
  return { error_code: code, error_message: storeSaid(why), error_retryable: retryable ? 1 : 0 };
}
