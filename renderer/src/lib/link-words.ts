// What the window says about a video's health, why it died, its local source and where its
// recovery stands (issue 29). The core sends codes (shared/links.ts); each table maps a code to
// its message in window-links.json, called where it is shown so a change of language re-words it.
import type { DeadHealth, GoneReason, RecoverResult, RecoveryState, SourceStatus, TakedownsFound, UnusableReason, VideoHealth } from '../../../shared/links.ts';
import type { ErrorCode } from '../../../shared/errors.ts';
import { formatCount } from './format.ts';
import { m } from './i18n.svelte.ts';

type Words = () => string;

/** A video's state, as a badge reads it. */
export const HEALTH_WORD: Record<VideoHealth, Words> = { alive: m.links_health_alive, takenDown: m.links_health_taken_down, gone: m.links_health_gone };

/** The library's filters of dead videos, in the sidebar's order. */
export const DEAD_FILTERS: ReadonlyArray<{ state: DeadHealth; label: Words; empty: Words; noMatch: (search: string) => string }> = [
  { state: 'takenDown', label: m.links_filter_taken_down, empty: m.links_filter_taken_down_empty, noMatch: (search) => m.links_filter_taken_down_no_match({ search }) },
  { state: 'gone', label: m.links_filter_gone, empty: m.links_filter_gone_empty, noMatch: (search) => m.links_filter_gone_no_match({ search }) },
];

/** Why the video is dead, as the tombstone says it. */
export const GONE_REASON: Record<GoneReason, Words> = {
  dmca: m.links_reason_dmca,
  unlisted: m.links_reason_unlisted,
  lookup: m.links_reason_lookup,
};

/** The local file it was uploaded from, as it is now. */
export const SOURCE_STATUS: Record<SourceStatus, Words> = {
  unchanged: m.links_source_unchanged,
  changed: m.links_source_changed,
  missing: m.links_source_missing,
};

/** Where Upload again stands, beside its button. */
export const RECOVERY_WORD: Record<RecoveryState, Words> = {
  ready: m.links_recovery_ready,
  locate: m.links_recovery_locate,
  noSource: m.links_recovery_no_source,
  queued: m.links_recovery_queued,
  recovered: m.links_recovery_recovered,
};

/** Why Upload again left a video out. */
export const UNUSABLE_REASON: Record<UnusableReason, Words> = {
  locate: m.links_unusable_locate,
  noSource: m.links_unusable_no_source,
  notDead: m.links_unusable_not_dead,
  queued: m.links_unusable_queued,
  recovered: m.links_unusable_recovered,
  unknown: m.links_unusable_unknown,
};

/** Why the service could not be asked about a video: the failure's code, worded by a variant per code. */
export function notAskedWhy(reason: ErrorCode): string {
  return m.links_not_asked_reason({ reason });
}

/** A count as a message takes it: formatted in the locale in force, and raw for the plural. */
export function counted(count: number): { count: number; value: string } {
  return { count, value: formatCount(count) };
}

/** What Upload again did, as one confirmation. */
export function recoverSummary(queued: number, unusable: number): string {
  if (queued === 0 && unusable === 0) return m.links_recover_none();
  const parts = [queued > 0 ? m.links_recover_queued(counted(queued)) : m.links_recover_nothing_queued(), unusable > 0 ? m.links_recover_left_out(counted(unusable)) : null];
  return parts.filter(Boolean).join(' · ');
}

/** What Upload again did, as a confirmation: its title and one line per video left out. */
export function recoverReport(result: RecoverResult): { title: string; lines: string[] } {
  return {
    title: recoverSummary(result.queued.length, result.unusable.length),
    lines: result.unusable.map((u) => m.links_left_out_line({ name: u.title ?? u.videoId, reason: UNUSABLE_REASON[u.reason]() })),
  };
}

/** A batch of new takedowns, as the window's notice says it ("2 videos were taken down: A, B"). */
export function takedownsFoundText(found: TakedownsFound): { title: string; titles: string[] } {
  return {
    title: m.links_takedowns_found(counted(found.count)),
    titles: found.videos.map((v) => v.title ?? v.id),
  };
}
