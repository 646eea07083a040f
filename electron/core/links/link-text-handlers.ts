// Contract handlers of Fix my links: check a text's links, fix them (link-text-service.ts),
// on the account's library (its link shapes: known-links.ts) and links-core's health lookup.
import type { Db } from '../db/database.ts';
import type { Handlers } from '../rpc/dispatch.ts';
import { aliveOf } from './health.ts';
import { lookupLinkHealth, type HealthLookupSource } from './health-lookup.ts';
import { knownLinks } from './known-links.ts';
import { LinkTextService, type LinkTextDeps } from './link-text-service.ts';

export type LinkTextMethod = 'links:check' | 'links:fix';

export interface LinkTextHandlerDeps extends Pick<LinkTextDeps, 'isGranted' | 'mayWrite'> {
  db: Db;
  lookupSource: HealthLookupSource;
}

/**
 * What the account's library is now: commits by other connections (the sync's writer thread)
 * move SQLite's data_version, this connection's own writes (the link map, tombstones, the
 * queue) its total_changes. Either moving means a kept read may tell old health.
 */
export function libraryVersion(db: Db): string {
  const row = db.prepare('SELECT total_changes() AS changes').get();
  const data = db.prepare('PRAGMA data_version').get();
  return `${String(data?.data_version)}:${String(row?.changes)}`;
}

export function createLinkTextHandlers(deps: LinkTextHandlerDeps): Pick<Handlers, LinkTextMethod> {
  const service = new LinkTextService({
    knownLinks: () => knownLinks(deps.db),
    lookup: (ids) => lookupLinkHealth(deps.lookupSource, ids, { aliveDetails: false }),
    aliveDetails: (ids) => aliveOf(deps.db, ids),
    libraryVersion: () => libraryVersion(deps.db),
    isGranted: deps.isGranted,
    mayWrite: deps.mayWrite,
  });
  return {
    'links:check': (source) => service.check(source),
    'links:fix': (input) => service.fix(input),
  };
}
