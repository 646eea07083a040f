// What an upload row and the history say about a pause that keeps the connection and about a
// file that starts again from the beginning (issue 26). The core sends codes with figures
// (UploadJob.hold, UploadJob.restart, UploadAttempt.outcome); the words are here, once.
import type { RestartCause, UploadJob } from '../../../shared/model.ts';
import type { AttemptOutcome } from '../../../shared/history.ts';
import { formatBytes } from './format.ts';

/** "about a minute", "about 30 seconds", "about 5 minutes": a patience as a person says it. */
export function aboutDuration(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  if (seconds < 60) return `about ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.round(seconds / 60);
  return minutes === 1 ? 'about a minute' : `about ${minutes} minutes`;
}

/** A paused row whose request is kept open. */
export function holdSentence(hold: NonNullable<UploadJob['hold']>): string {
  return `Paused — resumes where it stopped for ${aboutDuration(hold.until - hold.since)}; after that the file starts again`;
}

/** The file server cannot continue an interrupted upload: said wherever a file starts again. */
export const FROM_THE_BEGINNING = 'starting again from the beginning (the service cannot continue an interrupted upload)';

const RESTART_WHILE_PAUSED: Partial<Record<RestartCause, string>> = {
  'pause-expired': 'Paused longer than the file server waits: it starts again from the beginning when resumed',
  'pause-dropped': 'The file server stopped waiting for this paused upload: it starts again from the beginning when resumed',
  'app-closed': 'Vidlift was closed while this upload was paused: it starts again from the beginning when resumed',
};

const RESTART_CAUSE: Record<RestartCause, string> = {
  cut: 'The connection broke',
  'server-error': 'The file server answered with an error',
  'pause-expired': 'Paused longer than the file server waits',
  'pause-dropped': 'The file server stopped waiting while it was paused',
  'app-closed': 'Vidlift was closed during this upload',
};

/** Why the file starts (or started) again, with the bytes that were lost; null when it did not. */
export function restartSentence(job: Pick<UploadJob, 'state' | 'restart'>): string | null {
  const restart = job.restart;
  if (!restart) return null;
  const lost = restart.bytesLost > 0 ? ` · ${formatBytes(restart.bytesLost)} lost` : '';
  if (job.state === 'paused') return `${RESTART_WHILE_PAUSED[restart.cause] ?? `${RESTART_CAUSE[restart.cause]}: ${FROM_THE_BEGINNING}`}${lost}`;
  if (job.state === 'uploading') return `started again from the beginning${lost}`;
  return `${RESTART_CAUSE[restart.cause]}: ${FROM_THE_BEGINNING}${lost}`;
}

/** How one transfer attempt ended, in the history. */
export const ATTEMPT_OUTCOME: Record<AttemptOutcome, string> = {
  done: 'done',
  failed: 'failed',
  cut: 'connection cut, started again',
  'server-error': 'file server error, started again',
  paused: 'paused before sending',
  cancelled: 'cancelled',
  'app-closed': 'Vidlift closed',
  'pause-expired': 'paused too long, started again',
  'pause-dropped': 'the file server stopped waiting while paused, started again',
  'file-changed': 'the file changed',
};

/** A cancel waiting to ask the service whether the body arrived (the job's state 'cancelling'). */
export const CANCELLING_SENTENCE = 'Cancelled — first checking whether the file already arrived on the service (a reply was lost)';
