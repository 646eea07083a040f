// The life of a link (issue 29): the health of every video the app knows, the tombstone a
// dead one keeps, the takedowns read from the DMCA list (operation 3), and the link map that
// pairs a dead video with the one uploaded again in its place. The core keeps these in the
// account's library (electron/core/links/); the window, the command line and the link
// finder/rewriter read them through the contract rows `links:*` (shared/contract.ts).
import { z } from 'zod';
import { FolderId, VideoId } from './model.ts';
import type { ExportedPair } from './export-formats.ts';

/** alive: listed; takenDown: a DMCA record names its code; gone: missing from a complete listing, or operation 15 says so. */
export const VideoHealth = z.enum(['alive', 'takenDown', 'gone']);
export type VideoHealth = z.infer<typeof VideoHealth>;

/** The dead states: what the Taken down and Gone filters show. */
export const DeadHealth = z.enum(['takenDown', 'gone']);
export type DeadHealth = z.infer<typeof DeadHealth>;

/**
 * Why a video is dead: `dmca` (a record of operation 3), `unlisted` (a complete, agreeing sweep
 * of its folder no longer lists it), `lookup` (operation 15 answered that it does not exist).
 */
export const GoneReason = z.enum(['dmca', 'unlisted', 'lookup']);
export type GoneReason = z.infer<typeof GoneReason>;

/**
 * The file a video was uploaded from on this computer, as it was then (size, mtime) and as
 * it is now: `unchanged` (same size and mtime: it can be uploaded again as it is), `changed`
 * (there, but another size or mtime), `missing` (no file at the path: moved or deleted).
 */
export const SourceStatus = z.enum(['unchanged', 'changed', 'missing']);
export type SourceStatus = z.infer<typeof SourceStatus>;
export const LocalSource = z.object({
  path: z.string(),
  size: z.number(),
  mtimeMs: z.number(),
  status: SourceStatus,
  /** status === 'unchanged', for callers that only ask whether Upload again can go ahead. */
  unchanged: z.boolean(),
});
export type LocalSource = z.infer<typeof LocalSource>;

/** The video uploaded again in a dead one's place (the link map's new side). */
export const Replacement = z.object({ videoId: z.string(), downloadUrl: z.string(), embedUrl: z.string() });
export type Replacement = z.infer<typeof Replacement>;

/** One pair of the link map: the dead video's links and its replacement's. `at`: when the new video was confirmed (ms). */
export const LinkMapPair = z.object({
  oldId: z.string(),
  newId: z.string(),
  oldDownload: z.string(),
  newDownload: z.string(),
  oldEmbed: z.string(),
  newEmbed: z.string(),
  at: z.number(),
});
export type LinkMapPair = z.infer<typeof LinkMapPair>;
// The export writer's own statement of a pair (shared/export-formats.ts) must stay this shape.
const pairExports: [LinkMapPair, ExportedPair] extends [ExportedPair, LinkMapPair] ? true : never = true;
void pairExports;

/** The codes a DMCA record carries (the protected download and embed codes). */
export const SecureCodes = z.object({ download: z.string(), embed: z.string() });
export type SecureCodes = z.infer<typeof SecureCodes>;

/**
 * Where Upload again stands for a dead video: `ready` (its source is unchanged), `locate`
 * (the source moved or changed: Locate file…), `noSource` (not uploaded from this computer),
 * `queued` (an upload again waits or runs: `jobId`), `recovered` (the link map holds its pair).
 */
export const RecoveryState = z.enum(['ready', 'locate', 'noSource', 'queued', 'recovered']);
export type RecoveryState = z.infer<typeof RecoveryState>;

/**
 * One video's health as the link finder and the views read it. Alive videos carry the
 * library's record fields; dead ones their tombstone's.
 */
export const LinkHealth = z.object({
  videoId: z.string(),
  state: VideoHealth,
  title: z.string().optional(),
  folderId: FolderId.optional(),
  /** ISO times from the DMCA record (takenDown only). */
  reportedAt: z.string().optional(),
  disabledAt: z.string().optional(),
  secureCodes: SecureCodes.optional(),
  localSource: LocalSource.optional(),
  replacement: Replacement.optional(),
});
export type LinkHealth = z.infer<typeof LinkHealth>;

/** What a dead video keeps when it leaves the listings: enough to name it, find its file and mend its links. */
export const Tombstone = z.object({
  videoId: z.string(),
  state: DeadHealth,
  reason: GoneReason,
  title: z.string(),
  folderId: FolderId,
  /** The folder's name when the library still knows it ('' for the root). */
  folderName: z.string(),
  size: z.number(),
  downloadUrl: z.string(),
  embedUrl: z.string(),
  /** When a listing last showed it, and when it was found dead (ms). */
  lastSeenAt: z.number().nullable(),
  deadAt: z.number(),
  reportedAt: z.string().optional(),
  disabledAt: z.string().optional(),
  secureCodes: SecureCodes.optional(),
  localSource: LocalSource.optional(),
  recovery: RecoveryState,
  /** The upload-again job while it waits or runs. */
  jobId: z.number().int().optional(),
  /** The link map's pair, once the video uploaded again is confirmed. */
  pair: LinkMapPair.optional(),
});
export type Tombstone = z.infer<typeof Tombstone>;

/** How many videos are in each state (the sidebar's counts). */
export const HealthCounts = z.object({ alive: z.number().int(), takenDown: z.number().int(), gone: z.number().int() });
export type HealthCounts = z.infer<typeof HealthCounts>;

/** One DMCA record as the Takedowns view lists it: the record, and what the library knows of its video. */
export const TakedownRow = z.object({
  /** The record's id in operation 3. */
  id: z.number(),
  videoId: z.string(),
  /** The video's title when the library (or its tombstone) knows it. */
  title: z.string().nullable(),
  reportedAt: z.string(),
  disabledAt: z.string(),
  secureCodes: SecureCodes,
  /** The local file it was uploaded from, when this computer uploaded it. */
  localSource: LocalSource.optional(),
  recovery: RecoveryState,
  /** When Vidlift first read this record (ms). */
  seenAt: z.number(),
});
export type TakedownRow = z.infer<typeof TakedownRow>;

/** Paging of the health and link-map pages. */
export const LinkPageInput = z.strictObject({
  offset: z.number().int().min(0).max(10_000_000),
  limit: z.number().int().min(1).max(500),
});

export const HealthQuery = LinkPageInput.extend({
  /** Which dead videos to list (absent: both taken down and gone). */
  state: DeadHealth.optional(),
  /** Title words (the tombstones' search). */
  search: z.string().max(200).optional(),
});
export type HealthQuery = z.infer<typeof HealthQuery>;

export const HealthView = z.object({ counts: HealthCounts, items: z.array(Tombstone), total: z.number().int() });
export type HealthView = z.infer<typeof HealthView>;

export const TakedownsView = z.object({
  items: z.array(TakedownRow),
  total: z.number().int(),
  /** When the DMCA list was last read in full (ms), null before the first read. */
  readAt: z.number().nullable(),
});
export type TakedownsView = z.infer<typeof TakedownsView>;

export const LinkMapView = z.object({ items: z.array(LinkMapPair), total: z.number().int() });
export type LinkMapView = z.infer<typeof LinkMapView>;

/** Upload again: the listed dead videos, or every one whose source is unchanged. */
export const RecoverInput = z.union([z.strictObject({ ids: z.array(VideoId).min(1).max(10_000) }), z.strictObject({ all: z.literal(true) })]);
export type RecoverInput = z.infer<typeof RecoverInput>;

/** Why a dead video was not queued: its source moved or changed, it has none here, it is not dead, or it is queued or recovered already. */
export const UnusableReason = z.enum(['locate', 'noSource', 'notDead', 'queued', 'recovered', 'unknown']);
export type UnusableReason = z.infer<typeof UnusableReason>;

export const RecoverResult = z.object({
  queued: z.array(z.object({ videoId: z.string(), jobId: z.number().int() })),
  unusable: z.array(z.object({ videoId: z.string(), title: z.string().nullable(), reason: UnusableReason, path: z.string().optional() })),
});
export type RecoverResult = z.infer<typeof RecoverResult>;

/** The account event of a batch of new takedowns (one per DMCA read that found new records). */
export const TakedownsFound = z.object({ count: z.number().int().min(1), videos: z.array(z.object({ id: z.string(), title: z.string().nullable() })) });
export type TakedownsFound = z.infer<typeof TakedownsFound>;
