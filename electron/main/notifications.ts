// A system notification when a batch of uploads ends. Clicking it brings the window back
// on the uploads screen (the app:navigate event).
import type { NotificationConstructorOptions } from 'electron';
import type { BatchSummary } from '../core/core.ts';
import { batchNotificationText } from './upload-status.ts';

interface NotificationLike {
  on(event: 'click' | 'close', listener: () => void): unknown;
  show(): void;
}

// A notification that is only referenced by the OS can be collected together with its click
// handler; keep each one until it is clicked or closed.
const live = new Set<NotificationLike>();

export interface BatchNotifierDeps {
  isSupported: () => boolean;
  create: (options: NotificationConstructorOptions) => NotificationLike;
  /** The person's "notifications" setting, as last known. */
  enabled: () => boolean;
  openUploads: () => void;
  icon?: string;
}

/** Shows the notification for one finished batch; returns whether one was shown. */
export function notifyBatchFinished(summary: BatchSummary, deps: BatchNotifierDeps): boolean {
  if (summary.done + summary.failed === 0 || !deps.enabled() || !deps.isSupported()) return false;
  const text = batchNotificationText(summary);
  const notification = deps.create({ ...text, silent: summary.failed === 0, ...(deps.icon ? { icon: deps.icon } : {}) });
  live.add(notification);
  notification.on('click', () => {
    live.delete(notification);
    deps.openUploads();
  });
  notification.on('close', () => live.delete(notification));
  notification.show();
  return true;
}
