// What the window says about a video's health, why it died, its local source and where its
// recovery stands (issue 29). The core sends codes (shared/links.ts); the words are here, once.
import type { DeadHealth, GoneReason, RecoverResult, RecoveryState, SourceStatus, TakedownsFound, UnusableReason, VideoHealth } from '../../../shared/links.ts';
import { formatCount } from './format.ts';

/** A video's state, as a badge reads it. */
export const HEALTH_WORD: Record<VideoHealth, string> = { alive: 'Alive', takenDown: 'Taken down', gone: 'Gone' };

/** The library's filters of dead videos, in the sidebar's order. */
export const DEAD_FILTERS: ReadonlyArray<{ state: DeadHealth; label: string; empty: string }> = [
  { state: 'takenDown', label: 'Taken down', empty: 'No video of this account has been taken down.' },
  { state: 'gone', label: 'Gone', empty: 'No video of this account has gone missing.' },
];

/** Why the video is dead, as the tombstone says it. */
export const GONE_REASON: Record<GoneReason, string> = {
  dmca: 'Taken down after a DMCA report',
  unlisted: 'No longer listed in its folder (a complete sync did not find it)',
  lookup: 'The service answered that it does not exist',
};

/** The local file it was uploaded from, as it is now. */
export const SOURCE_STATUS: Record<SourceStatus, string> = {
  unchanged: 'Still on this computer, unchanged',
  changed: 'Changed since the upload (another size or date)',
  missing: 'No longer at this path (moved or deleted)',
};

/** Where Upload again stands, beside its button. */
export const RECOVERY_WORD: Record<RecoveryState, string> = {
  ready: 'Can be uploaded again',
  locate: 'Locate the file to upload it again',
  noSource: 'Not uploaded from this computer',
  queued: 'Uploading again…',
  recovered: 'Uploaded again',
};

/** Why Upload again left a video out. */
export const UNUSABLE_REASON: Record<UnusableReason, string> = {
  locate: 'its file moved or changed: use Locate file…',
  noSource: 'it was not uploaded from this computer',
  notDead: 'it is not dead',
  queued: 'it is being uploaded again already',
  recovered: 'it was uploaded again already',
  unknown: 'Vidlift does not know this video',
};

/** "3 videos", "1 video". */
export function videosWord(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'video' : 'videos'}`;
}

/** What Upload again did, as one confirmation. */
export function recoverSummary(queued: number, unusable: number): string {
  if (queued === 0 && unusable === 0) return 'No dead video can be uploaded again';
  const parts = [queued > 0 ? `${videosWord(queued)} queued to upload again` : 'Nothing queued', unusable > 0 ? `${videosWord(unusable)} left out` : null];
  return parts.filter(Boolean).join(' · ');
}

/** What Upload again did, as a confirmation: its title and one line per video left out. */
export function recoverReport(result: RecoverResult): { title: string; lines: string[] } {
  return {
    title: recoverSummary(result.queued.length, result.unusable.length),
    lines: result.unusable.map((u) => `${u.title ?? u.videoId}: ${UNUSABLE_REASON[u.reason]}`),
  };
}

/** A batch of new takedowns, as the window's notice says it ("2 videos were taken down: A, B"). */
export function takedownsFoundText(found: TakedownsFound): { title: string; titles: string[] } {
  return {
    title: `${videosWord(found.count)} ${found.count === 1 ? 'was' : 'were'} taken down`,
    titles: found.videos.map((v) => v.title ?? v.id),
  };
}
