// What an upload row and the history say about a pause that keeps the connection and about a
// file that starts again from the beginning (issue 26). The core sends codes with figures
// (UploadJob.hold, UploadJob.restart, UploadAttempt.outcome); the words are here, once, from the
// catalogs (window-tasks.json), worded when called so a change of language shows at once.
import type { RestartCause, UploadJob } from '../../../shared/model.ts';
import type { AttemptOutcome } from '../../../shared/history.ts';
import { m } from '../../../shared/i18n/index.ts';
import { formatBytes } from './format.ts';

/** "about a minute", "about 30 seconds", "about 5 minutes": a patience as a person says it. */
export function aboutDuration(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  if (seconds < 60) return m.tasks_about_seconds({ count: seconds });
  return m.tasks_about_minutes({ count: Math.round(seconds / 60) });
}

/** A paused row whose request is kept open. */
export function holdSentence(hold: NonNullable<UploadJob['hold']>): string {
  return m.tasks_hold_paused({ patience: aboutDuration(hold.until - hold.since) });
}

const RESTART_WHILE_PAUSED: Partial<Record<RestartCause, () => string>> = {
  'pause-expired': m.tasks_restart_paused_expired,
  'pause-dropped': m.tasks_restart_paused_dropped,
  'app-closed': m.tasks_restart_paused_app_closed,
};

const RESTART_CAUSE: Record<RestartCause, () => string> = {
  cut: m.tasks_restart_cause_cut,
  'server-error': m.tasks_restart_cause_server_error,
  'pause-expired': m.tasks_restart_cause_pause_expired,
  'pause-dropped': m.tasks_restart_cause_pause_dropped,
  'app-closed': m.tasks_restart_cause_app_closed,
};

/** Why the file starts (or started) again, with the bytes that were lost; null when it did not. */
export function restartSentence(job: Pick<UploadJob, 'state' | 'restart'>): string | null {
  const restart = job.restart;
  if (!restart) return null;
  const lost = restart.bytesLost > 0 ? ` · ${m.tasks_restart_lost({ size: formatBytes(restart.bytesLost) })}` : '';
  const fromTheBeginning = () => m.tasks_restart_from_beginning({ cause: RESTART_CAUSE[restart.cause]() });
  if (job.state === 'paused') return `${RESTART_WHILE_PAUSED[restart.cause]?.() ?? fromTheBeginning()}${lost}`;
  if (job.state === 'uploading') return `${m.tasks_restart_started_again()}${lost}`;
  return `${fromTheBeginning()}${lost}`;
}

/** How one transfer attempt ended, in the history. */
export const ATTEMPT_OUTCOME: Record<AttemptOutcome, () => string> = {
  done: m.tasks_attempt_done,
  failed: m.tasks_attempt_failed,
  cut: m.tasks_attempt_cut,
  'server-error': m.tasks_attempt_server_error,
  paused: m.tasks_attempt_paused,
  cancelled: m.tasks_attempt_cancelled,
  'app-closed': m.tasks_attempt_app_closed,
  'pause-expired': m.tasks_attempt_pause_expired,
  'pause-dropped': m.tasks_attempt_pause_dropped,
  'file-changed': m.tasks_attempt_file_changed,
};

