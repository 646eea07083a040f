// Contract handlers of Fix my links: check a text's links, fix them (link-text-service.ts),
// on the account's library (its link shapes: known-links.ts) and links-core's health lookup.
import type { Db } from '../db/database.ts';
import type { Handlers } from '../rpc/dispatch.ts';
import { lookupLinkHealth, type HealthLookupSource } from './health-lookup.ts';
import { knownLinks } from './known-links.ts';
import { LinkTextService, type LinkTextDeps } from './link-text-service.ts';

export type LinkTextMethod = 'links:check' | 'links:fix';

export interface LinkTextHandlerDeps extends Pick<LinkTextDeps, 'isGranted' | 'mayWrite'> {
  db: Db;
  lookupSource: HealthLookupSource;
}

export function createLinkTextHandlers(deps: LinkTextHandlerDeps): Pick<Handlers, LinkTextMethod> {
  const service = new LinkTextService({
    knownLinks: () => knownLinks(deps.db),
    lookup: (ids) => lookupLinkHealth(deps.lookupSource, ids),
    isGranted: deps.isGranted,
    mayWrite: deps.mayWrite,
  });
  return {
    'links:check': (source) => service.check(source),
    'links:fix': (input) => service.fix(input),
  };
}
