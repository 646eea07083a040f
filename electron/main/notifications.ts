// A system notification when a batch of uploads ends, and when the takedown watch finds new
// DMCA records (any account, shown or not). Clicking it brings the window back on the
// uploads screen, or on that account's Takedowns view (the app:navigate event).
import type { NotificationConstructorOptions } from 'electron';
import type { BatchSummary } from '../core/core.ts';
import type { TakedownsFound } from '../../shared/links.ts';
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
  show(deps.create({ ...text, silent: summary.failed === 0, ...(deps.icon ? { icon: deps.icon } : {}) }), deps.openUploads);
  return true;
}

export interface TakedownNotifierDeps extends Omit<BatchNotifierDeps, 'openUploads'> {
  /** Opens the Takedowns view of the account the records are about. */
  openTakedowns: () => void;
}

/** Titles named in the notification; the rest are counted. */
const NAMED_TITLES = 3;

/** "3 videos were taken down: A, B, C" (a title the library did not know: its id). */
export function takedownNotificationText(found: TakedownsFound): { title: string; body: string } {
  const names = found.videos.slice(0, NAMED_TITLES).map((video) => video.title ?? video.id);
  const more = found.count - names.length;
  const list = `${names.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
  return {
    title: found.count === 1 ? 'A video was taken down' : 'Videos were taken down',
    body: `${found.count === 1 ? '1 video was' : `${found.count} videos were`} taken down: ${list}`,
  };
}

/** Shows the notification for one batch of new takedowns; returns whether one was shown. */
export function notifyTakedowns(found: TakedownsFound, deps: TakedownNotifierDeps): boolean {
  if (found.count === 0 || !deps.enabled() || !deps.isSupported()) return false;
  show(deps.create({ ...takedownNotificationText(found), ...(deps.icon ? { icon: deps.icon } : {}) }), deps.openTakedowns);
  return true;
}

function show(notification: NotificationLike, onClick: () => void): void {
  live.add(notification);
  notification.on('click', () => {
    live.delete(notification);
    onClick();
  });
  notification.on('close', () => live.delete(notification));
  notification.show();
}
