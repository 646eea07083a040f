// A system notification when a batch of uploads ends, and when the takedown watch finds new
// DMCA records (any account, shown or not). Clicking it brings the window back on the
// uploads screen, or on that account's Takedowns view (the app:navigate event).
import type { NotificationConstructorOptions } from 'electron';
import type { BatchSummary } from '../core/core.ts';
import type { TakedownsFound } from '../../shared/links.ts';
import { batchNotificationText } from './upload-status.ts';
import { m } from '../../shared/i18n/index.ts';
import { formatCount, formatList } from './shell-locale.ts';

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
  const list = more > 0 ? m.shell_takedown_more({ names: formatList(names), moreText: formatCount(more) }) : formatList(names);
  const counted = { count: found.count, countText: formatCount(found.count) };
  return { title: m.shell_takedown_title(counted), body: m.shell_takedown_body({ ...counted, list }) };
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
