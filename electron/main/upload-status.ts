// Upload status in words, for the tray tooltip and the notification after a batch.
import type { UploadTotals } from '../../shared/model.ts';
import type { BatchSummary } from '../core/core.ts';

export function uploadStatusLine(totals: UploadTotals, paused: boolean): string {
  const pending = totals.active + totals.waiting;
  if (pending === 0) return 'Vidlift: no uploads running';
  const files = `${pending} ${pending === 1 ? 'upload' : 'uploads'}`;
  if (paused) return `Vidlift: ${files} paused`;
  // Nothing being sent (offline, or the queue between files): never "in progress" (issue 26).
  if (totals.active === 0) return `Vidlift: ${files} waiting`;
  const parts = [`Vidlift: ${files} in progress`];
  if (totals.bytesTotal > 0) parts.push(`${Math.floor((100 * totals.bytesSent) / totals.bytesTotal)}%`);
  if (totals.etaSeconds !== null && totals.active > 0) parts.push(`${describeDuration(totals.etaSeconds)} left`);
  return parts.join(', ');
}

export function describeDuration(seconds: number): string {
  if (seconds < 60) return 'less than a minute';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

export function batchNotificationText(summary: BatchSummary): { title: string; body: string } {
  const uploaded = `${summary.done} ${summary.done === 1 ? 'video' : 'videos'} uploaded`;
  if (summary.failed === 0) return { title: 'Uploads finished', body: uploaded };
  const failed = `${summary.failed} failed`;
  if (summary.done === 0) return { title: 'Uploads failed', body: `${summary.failed === 1 ? 'The upload' : 'All uploads'} failed. Open Vidlift to see why.` };
  return { title: 'Uploads finished with errors', body: `${uploaded}, ${failed}.` };
}
