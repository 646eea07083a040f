// Contract handlers of Fix my links: check a text's links, fix them (link-text-service.ts).
import type { Handlers } from '../rpc/dispatch.ts';
import type { LinkTextService } from './link-text-service.ts';

export type LinkTextMethod = 'links:check' | 'links:fix';

export function createLinkTextHandlers(service: LinkTextService): Pick<Handlers, LinkTextMethod> {
  return {
    'links:check': (source) => service.check(source),
    'links:fix': (input) => service.fix(input),
  };
}
