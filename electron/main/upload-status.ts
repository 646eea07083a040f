// Upload status in words, for the tray tooltip and the notification after a batch, in the
// shell's language (shell-locale.ts): counts chose their plural form by the raw number and show
// the number formatted for the locale (`count` and `countText`).
import type { UploadTotals } from '../../shared/model.ts';
import type { BatchSummary } from '../core/core.ts';
import { m } from '../../shared/i18n/index.ts';
import { formatCount, formatPercent } from './shell-locale.ts';

const counted = (count: number): { count: number; countText: string } => ({ count, countText: formatCount(count) });

export function uploadStatusLine(totals: UploadTotals, paused: boolean): string {
  const pending = totals.active + totals.waiting;
  if (pending === 0) return m.shell_status_idle();
  if (paused) return m.shell_status_paused(counted(pending));
  // Nothing being sent (offline, or the queue between files): never "in progress" (issue 26).
  if (totals.active === 0) return m.shell_status_waiting(counted(pending));
  let status: string = m.shell_status_running(counted(pending));
  if (totals.bytesTotal > 0) status = m.shell_status_and({ status, more: formatPercent(Math.floor((100 * totals.bytesSent) / totals.bytesTotal) / 100) });
  if (totals.etaSeconds !== null && totals.active > 0) status = m.shell_status_and({ status, more: m.shell_status_left({ duration: describeDuration(totals.etaSeconds) }) });
  return status;
}

export function describeDuration(seconds: number): string {
  if (seconds < 60) return m.shell_duration_under_minute();
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return m.shell_duration_minutes({ minutes: formatCount(minutes) });
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? m.shell_duration_hours({ hours: formatCount(hours) }) : m.shell_duration_hours_minutes({ hours: formatCount(hours), minutes: formatCount(rest) });
}

export function batchNotificationText(summary: BatchSummary): { title: string; body: string } {
  if (summary.failed === 0) return { title: m.shell_batch_finished(), body: m.shell_batch_uploaded(counted(summary.done)) };
  if (summary.done === 0) return { title: m.shell_batch_failed(), body: summary.failed === 1 ? m.shell_batch_one_failed() : m.shell_batch_all_failed() };
  return { title: m.shell_batch_finished_errors(), body: m.shell_batch_uploaded_failed({ ...counted(summary.done), failedText: formatCount(summary.failed) }) };
}
