// The health of any videos by id, for the link finder (links:lookup, `vidlift-cli links check`):
// the library answers first (alive, or its tombstone); an id it does not know is asked of
// operation 15, through the sync's request limiter so a text with thousands of unknown links
// never floods the service. The answer of 15 is not kept: a video the library does not list
// (another account's, one not synced yet) is not made part of it.
import type { LinkHealth, Tombstone } from '../../../shared/links.ts';
import { AppError } from '../../../shared/errors.ts';
import type { ServiceApi } from '../api/service-api.ts';
import type { Db } from '../db/database.ts';
import type { RequestSlot } from './takedown-watch.ts';
import { aliveOf, tombstonesOf } from './health.ts';

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
export async function lookupLinkHealth(session: HasHealthLookup | HealthLookupSource, ids: Iterable<string>): Promise<Map<string, LinkHealth>> {
  const source = 'links' in session ? session.links.lookupSource : session;
  const { db, api, slot } = source;
  const asked = [...new Set(ids)];
  const found = new Map<string, LinkHealth>();
  // The library in a few queries, however many ids (a forum export holds thousands of links).
  for (const video of aliveOf(db, asked)) found.set(video.id, { videoId: video.id, state: 'alive', title: video.title, folderId: video.folderId });
  for (const stone of await tombstonesOf(db, asked.filter((id) => !found.has(id)))) found.set(stone.videoId, fromTombstone(stone));
  const unknown = asked.filter((id) => !found.has(id));
  await Promise.all(
    unknown.map(async (id) => {
      try {
        const video = await slot(() => api.videoInfo({ id }));
        found.set(id, { videoId: id, state: 'alive', title: video.name });
      } catch (error) {
        // Operation 15's failure means the video does not exist (api/operations.ts); anything
        // else (offline, the service failing) is no answer about the video and goes up.
        if (error instanceof AppError && error.code === 'not_found') found.set(id, { videoId: id, state: 'gone' });
        else throw error;
      }
    }),
  );
  return found;
}
