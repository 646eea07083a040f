// The last line of a run that uploads: what happened, counted ("0 uploaded, 1 already on the
// service."). One rule for `upload`, `sync` and `watch`, worded in the command line's language.
import type { UploadJob } from '../../shared/model.ts';
import { m } from '../../shared/i18n/index.ts';
import { FINAL_STATES } from './follow.ts';
import { counted } from './locale.ts';

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
  let list: string = m.cli_summary_uploaded(counted(counts.uploaded));
  const more = (part: string): void => void (list = m.cli_summary_and({ list, part }));
  if (counts.alreadyOnService > 0) more(m.cli_summary_already(counted(counts.alreadyOnService)));
  if (counts.notUploaded > 0) more(m.cli_summary_not_uploaded(counted(counts.notUploaded)));
  if (counts.stillQueued > 0) more(m.cli_summary_still_queued(counted(counts.stillQueued)));
  if (counts.skipped > 0) more(m.cli_summary_skipped(counted(counts.skipped)));
  return { counts, sentence: m.cli_summary_end({ list }) };
}
