// The health of any videos by id, for the link finder (links:lookup, `vidlift-cli links check`):
// the library answers first (alive, or its tombstone); an id it does not know is asked of
// operation 15, through the sync's request limiter so a text with thousands of unknown links
// never floods the service. The answer of 15 is not kept: a video the library does not list
// (another account's, one not synced yet) is not made part of it.
// An id the service could not be asked about (offline, the key refused, the service failing)
// is answered `unknown` with the failure's code: one unreachable service does not sink the
// health of every other link.
import type { LinkHealth, Tombstone } from '../../../shared/links.ts';
import { AppError, type ErrorCode } from '../../../shared/errors.ts';
import { said } from '../../../shared/said.ts';
import type { ServiceApi } from '../api/service-api.ts';
import type { Db } from '../db/database.ts';
import type { RequestSlot } from './takedown-watch.ts';
import { aliveOf, tombstonesOf, unlistedOf } from './health.ts';

/** What a lookup reads: the account's library and how it asks the service (an AccountSession's `links` has both). */
export interface HealthLookupSource {
  db: Db;
  api: Pick<ServiceApi, 'videoInfo'>;
  slot: RequestSlot;
}

/** What the link finder needs of a session: its links part. */
export interface HasHealthLookup {
  links: { lookupSource: HealthLookupSource };
}

export interface HealthAnswer {
  /**
   * The health of each id the library or the service could tell; without `aliveDetails`, the
   * videos the library lists are in `listed` alone (a fix needs no record of 100,000 alive ones).
   */
  found: Map<string, LinkHealth>;
  /** The ids the library lists: alive. */
  listed: ReadonlySet<string>;
  /** The ids neither could tell, each with the code of the failure that kept the service from answering. */
  unknown: Map<string, ErrorCode>;
}

export interface LookupOptions {
  /**
   * Whether alive videos come with their title and folder (the health list shows them).
   * Without, an alive video is told by the library's id index alone, no row read: the fix of
   * a forum export only needs the dead ones, and 100,000 alive titles are most of the lookup.
   */
  aliveDetails: boolean;
}

/** Failures that say the service cannot be asked at all: the ids not asked yet are not asked. */
const WHOLE_SERVICE: ReadonlySet<ErrorCode> = new Set(['offline', 'unauthorized']);

function fromTombstone(stone: Tombstone): LinkHealth {
  return {
    videoId: stone.videoId,
    state: stone.state,
    title: stone.title,
    folderId: stone.folderId,
    ...(stone.reportedAt !== undefined ? { reportedAt: stone.reportedAt } : {}),
    ...(stone.disabledAt !== undefined ? { disabledAt: stone.disabledAt } : {}),
    ...(stone.secureCodes ? { secureCodes: stone.secureCodes } : {}),
    ...(stone.localSource ? { localSource: stone.localSource } : {}),
    ...(stone.pair ? { replacement: { videoId: stone.pair.newId, downloadUrl: stone.pair.newDownload, embedUrl: stone.pair.newEmbed } } : {}),
  };
}

/** The health of each of `ids` (each once); ids the library does not know are asked of operation 15. */
export async function lookupLinkHealth(session: HasHealthLookup | HealthLookupSource, ids: Iterable<string>, options: LookupOptions = { aliveDetails: true }): Promise<HealthAnswer> {
  const source = 'links' in session ? session.links.lookupSource : session;
  const { db } = source;
  const asked = [...new Set(ids)];
  const found = new Map<string, LinkHealth>();
  // The library in a few queries, however many ids (a forum export holds thousands of links):
  // which ids it does not list (its id index alone), their tombstones, then the listed ones.
  const unlisted = unlistedOf(db, asked);
  const listed = unlisted.size === 0 ? asked : asked.filter((id) => !unlisted.has(id));
  if (options.aliveDetails) {
    for (const video of aliveOf(db, listed)) found.set(video.id, { videoId: video.id, state: 'alive', title: video.title, folderId: video.folderId });
  }
  for (const stone of await tombstonesOf(db, [...unlisted])) found.set(stone.videoId, fromTombstone(stone));
  const unknown = await askService(source, [...unlisted].filter((id) => !found.has(id)), found);
  return { found, listed: new Set(listed), unknown };
}

/** Operation 15 for each id, within the limiter; the answers go to `found`, the ids it could not tell are returned with why. */
async function askService({ api, slot }: HealthLookupSource, ids: readonly string[], found: Map<string, LinkHealth>): Promise<Map<string, ErrorCode>> {
  const unknown = new Map<string, ErrorCode>();
  let cannotAsk: ErrorCode | null = null;
  await Promise.all(
    ids.map(async (id) => {
      try {
        const video = await slot(() => {
          // Queued behind a request that found the service unreachable: not asked at all.
          if (cannotAsk !== null) throw new AppError(cannotAsk, said('link_not_asked'));
          return api.videoInfo({ id });
        });
        found.set(id, { videoId: id, state: 'alive', title: video.name });
      } catch (error) {
        // Operation 15's failure means the video does not exist (api/operations.ts); anything
        // else the service answered (or could not) is no answer about the video.
        if (!(error instanceof AppError)) throw error;
        if (error.code === 'not_found') found.set(id, { videoId: id, state: 'gone' });
        else {
          unknown.set(id, error.code);
          if (WHOLE_SERVICE.has(error.code)) cannotAsk = error.code;
        }
      }
    }),
  );
  return unknown;
}
