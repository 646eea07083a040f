// The core's upload queue answers (shared/upload-queue.ts) for renderer tests: windows of a
// list of jobs, in the order the core gives (active first in queue order, then newest first).
import { EMPTY_UPLOAD_TOTALS, type UploadJob } from '../../../shared/model.ts';
import { ACTIVE_UPLOAD_STATES, UPLOAD_FILTER_STATES, countInFilter, emptyUploadCounts, type UploadsQuery, type UploadsSummary, type UploadsView } from '../../../shared/upload-queue.ts';

export function summaryOf(jobs: readonly UploadJob[], paused = false): UploadsSummary {
  const counts = emptyUploadCounts();
  for (const job of jobs) counts[job.state] += 1;
  return { counts, totals: EMPTY_UPLOAD_TOTALS, paused, waiting: null };
}

export function windowOf(jobs: readonly UploadJob[], query: UploadsQuery | undefined, paused = false): UploadsView {
  const filter = query?.filter ?? 'all';
  const offset = query?.offset ?? 0;
  const states = UPLOAD_FILTER_STATES[filter];
  const active = (job: UploadJob): boolean => ACTIVE_UPLOAD_STATES.includes(job.state);
  const shown = jobs
    .filter((job) => states === null || states.includes(job.state))
    .sort((a, b) => Number(active(b)) - Number(active(a)) || (active(a) ? a.id - b.id : (b.finishedAt ?? b.createdAt) - (a.finishedAt ?? a.createdAt) || b.id - a.id));
  const summary = summaryOf(jobs, paused);
  return { ...summary, filter, offset, total: countInFilter(summary.counts, filter), jobs: shown.slice(offset, offset + (query?.limit ?? 100)) };
}
