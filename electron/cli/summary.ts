// The last line of a run that uploads: what happened, counted ("0 uploaded, 1 already on the
// service."). One rule for `upload`, `sync` and `watch`.
import type { UploadJob } from '../../shared/model.ts';
import { FINAL_STATES } from './follow.ts';

interface UploadCounts {
  /** Sent in this run (or finished in it, for an upload an earlier run left). */
  uploaded: number;
  /** Uploaded by an earlier run: reported with its links, not sent again. */
  alreadyOnService: number;
  /** Ended failed, cancelled or changed, or refused before queuing (a path that does not exist, a file that is no video). */
  notUploaded: number;
  /** Not ended yet (a watch stopped with Ctrl-C): the queue keeps them. */
  stillQueued: number;
  /** Files found in a named folder that are not videos. */
  skipped: number;
}

export function uploadSummary(jobs: ReadonlyArray<{ state: UploadJob['state']; already: boolean }>, refused: number, skipped = 0): { counts: UploadCounts; sentence: string } {
  const counts: UploadCounts = {
    uploaded: jobs.filter((j) => j.state === 'done' && !j.already).length,
    alreadyOnService: jobs.filter((j) => j.state === 'done' && j.already).length,
    notUploaded: jobs.filter((j) => j.state !== 'done' && FINAL_STATES.has(j.state)).length + refused,
    stillQueued: jobs.filter((j) => !FINAL_STATES.has(j.state)).length,
    skipped,
  };
  const parts = [`${counts.uploaded} uploaded`];
  if (counts.alreadyOnService > 0) parts.push(`${counts.alreadyOnService} already on the service`);
  if (counts.notUploaded > 0) parts.push(`${counts.notUploaded} not uploaded`);
  if (counts.stillQueued > 0) parts.push(`${counts.stillQueued} still in the queue`);
  if (counts.skipped > 0) parts.push(`${counts.skipped} skipped (not videos)`);
  return { counts, sentence: `${parts.join(', ')}.` };
}
