// The contract methods of remote imports (shared/contract.ts: remote:list, remote:add,
// remote:action). Inputs arrive already parsed by the dispatcher.
import type { Handlers } from '../rpc/dispatch.ts';
import type { RemoteImports } from './remote-imports.ts';

export type RemoteHandlers = Pick<Handlers, 'remote:list' | 'remote:add' | 'remote:action' | 'remote:discard'>;

export function createRemoteHandlers(remote: Pick<RemoteImports, 'list' | 'add' | 'action' | 'discard'>): RemoteHandlers {
  return {
    'remote:list': () => remote.list(),
    'remote:add': ({ urls, folderId }) => remote.add(urls, folderId ?? 0),
    'remote:action': async ({ action, id }) => (await remote.action(action, id)).view,
    'remote:discard': ({ localId }) => remote.discard(localId),
  };
}
