// The upload conditions in words (issue 31): the limit in force ("1 MB/s until 19:00"), why
// the queue waits and until when. One place for the status bar, the queue and Settings.
import type { UploadConditions, UploadsWaiting } from '../../../shared/upload-conditions.ts';
import { getLocale, m } from '../../../shared/i18n/index.ts';
import { formatSpeed } from './format.ts';

/** "19:00" today, "Wed 01:00" on another day (the clock format of the language in force). */
export function formatWhen(at: number, now: number, locale: string = getLocale()): string {
  const date = new Date(at);
  if (new Date(now).toDateString() === date.toDateString()) return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(date);
  return new Intl.DateTimeFormat(locale, { weekday: 'short', hour: '2-digit', minute: '2-digit' }).format(date);
}

/** The limit in force, or null when there is none and none is coming. */
export function limitText(limit: UploadConditions['limit'], now: number): string | null {
  if (limit.until !== null) {
    const when = formatWhen(limit.until, now);
    return limit.rate === null ? m.tasks_limit_none_until({ when }) : m.tasks_limit_until({ rate: formatSpeed(limit.rate), when });
  }
  return limit.rate === null ? null : formatSpeed(limit.rate);
}

/** Why queued uploads wait, short (the status bar). */
export function waitingShort(waiting: UploadsWaiting, now: number): string {
  if (waiting.code === 'on-battery') return m.tasks_waiting_battery_short();
  return waiting.until === null ? m.tasks_waiting_no_window_short() : m.tasks_waiting_window_short({ when: formatWhen(waiting.until, now) });
}

/** Why queued uploads wait, in a sentence (the queue). */
export function waitingSentence(waiting: UploadsWaiting, now: number): string {
  if (waiting.code === 'on-battery') return m.tasks_waiting_battery();
  if (waiting.until === null) return m.tasks_waiting_no_window();
  return m.tasks_waiting_window({ when: formatWhen(waiting.until, now) });
}
