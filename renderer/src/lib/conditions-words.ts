// The upload conditions in words (issue 31): the limit in force ("1 MB/s until 19:00"), why
// the queue waits and until when. One place for the status bar, the queue and Settings.
import type { UploadConditions, UploadsWaiting } from '../../../shared/upload-conditions.ts';
import { formatSpeed } from './format.ts';

/** "19:00" today, "Wed 01:00" on another day (the person's own clock format). */
export function formatWhen(at: number, now: number, locale?: string): string {
  const date = new Date(at);
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(date);
  if (new Date(now).toDateString() === date.toDateString()) return time;
  return `${new Intl.DateTimeFormat(locale, { weekday: 'short' }).format(date)} ${time}`;
}

/** The limit in force, or null when there is none and none is coming. */
export function limitText(limit: UploadConditions['limit'], now: number): string | null {
  const rate = limit.rate === null ? 'No limit' : formatSpeed(limit.rate);
  if (limit.until !== null) return `${rate} until ${formatWhen(limit.until, now)}`;
  return limit.rate === null ? null : rate;
}

/** Why queued uploads wait, short (the status bar). */
export function waitingShort(waiting: UploadsWaiting, now: number): string {
  if (waiting.code === 'on-battery') return 'Paused on battery';
  return waiting.until === null ? 'Outside the upload windows' : `Waiting for the upload window · opens ${formatWhen(waiting.until, now)}`;
}

/** Why queued uploads wait, in a sentence (the queue). */
export function waitingSentence(waiting: UploadsWaiting, now: number): string {
  if (waiting.code === 'on-battery') return 'Uploads wait while the computer runs on battery (Settings › Running unattended). They start when it is plugged in.';
  if (waiting.until === null) return 'Uploads wait: no upload window is open on any day (Settings › Running unattended).';
  return `Uploads wait for the upload window: it opens ${formatWhen(waiting.until, now)}. Files being sent when a window closes finish.`;
}
