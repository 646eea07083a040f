// The links part of the contract's handler table (links:*). A path from the window (Locate
// file…) must be one the person granted, as for uploads:add.
import { AppError } from '../../../shared/errors.ts';
import type { PathGrants } from '../files/grants.ts';
import type { Handlers } from '../rpc/dispatch.ts';
import { healthView, takedownsView, tombstoneOf } from './health.ts';
import { lookupLinkHealth } from './health-lookup.ts';
import { linkMapPage } from './link-map.ts';
import type { Links } from './links.ts';
import { said } from '../../../shared/said.ts';

type LinksHandlers = Pick<Handlers, 'links:health' | 'links:takedowns' | 'links:tombstone' | 'links:lookup' | 'links:recover' | 'links:locate' | 'links:map'>;

export function createLinksHandlers(links: Links, grants: Pick<PathGrants, 'isGranted'>): LinksHandlers {
  return {
    'links:health': (query) => healthView(links.db, query),
    'links:takedowns': ({ offset, limit }) => takedownsView(links.db, offset, limit, links.watch.readAt()),
    'links:tombstone': async ({ id }) => {
      const stone = await tombstoneOf(links.db, id);
      if (!stone) throw new AppError('not_found', said(links.library.store.getVideo(id) ? 'tombstone_alive' : 'tombstone_unknown'), { retryable: false });
      return stone;
    },
    'links:lookup': async ({ ids }) => {
      const { found, unknown } = await lookupLinkHealth(links.lookupSource, ids);
      return { items: [...found.values()], unknown: [...unknown].map(([videoId, reason]) => ({ videoId, reason })) };
    },
    'links:recover': (input) => links.recovery.recover(input),
    'links:locate': ({ id, path }) => {
      if (!grants.isGranted(path)) {
        throw new AppError('validation', said('link_upload_not_granted'), { retryable: false });
      }
      return links.recovery.locate(id, path);
    },
    'links:map': ({ offset, limit }) => linkMapPage(links.db, offset, limit),
  };
}
