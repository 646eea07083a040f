// Contract handlers of Fix my links: check a text's links, fix them (link-text-service.ts),
// on the account's library (its link shapes: known-links.ts) and links-core's health lookup.
import type { Db } from '../db/database.ts';
import { DatabaseVersion } from '../db/table-version.ts';
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

export function createLinkTextHandlers(deps: LinkTextHandlerDeps): Pick<Handlers, LinkTextMethod> {
  // What a kept read saw: commits by the sync's writer thread and this connection's own writes
  // (the link map, tombstones, the queue) both may change a link's health.
  const version = new DatabaseVersion(deps.db);
  const service = new LinkTextService({
    knownLinks: () => knownLinks(deps.db),
    lookup: (ids) => lookupLinkHealth(deps.lookupSource, ids, { aliveDetails: false }),
    aliveDetails: (ids) => aliveOf(deps.db, ids),
    libraryVersion: () => version.now(),
    isGranted: deps.isGranted,
    mayWrite: deps.mayWrite,
  });
  return {
    'links:check': (source) => service.check(source),
    'links:fix': (input) => service.fix(input),
  };
}
