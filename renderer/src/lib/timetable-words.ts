// What is wrong with a bandwidth timetable, in the window's language: one message per reason of
// shared/bandwidth-timetable.ts, each naming the bad part exactly as typed (shown as code by
// CodeInText). The examples inside stay rclone's syntax in every language.
import { formatRclone, MIN_LIMIT_BYTES_PER_SECOND, type TimetableReason } from '../../../shared/bandwidth-timetable.ts';
import { m } from './i18n.svelte.ts';

export const TIMETABLE_PROBLEM_WORDS: Record<TimetableReason, (params: { part: string }) => string> = {
  empty: () => m.auto_timetable_empty(),
  entry: (params) => m.auto_timetable_entry(params),
  time: (params) => m.auto_timetable_time(params),
  hour: (params) => m.auto_timetable_hour(params),
  minute: (params) => m.auto_timetable_minute(params),
  day: (params) => m.auto_timetable_day(params),
  rate: (params) => m.auto_timetable_rate(params),
  'too-low': (params) => m.auto_timetable_too_low({ ...params, min: formatRclone(MIN_LIMIT_BYTES_PER_SECOND) }),
};
