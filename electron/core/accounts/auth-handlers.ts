// Contract handlers for the key. None of them can return the key:
// AuthStatus carries at most its last four characters.
import type { Handlers } from '../rpc/dispatch.ts';
import type { AuthService } from './key-check.ts';

export function authHandlers(auth: AuthService): Pick<Handlers, 'auth:status' | 'auth:setKey' | 'auth:clearKey'> {
  return {
    'auth:status': () => auth.status(),
    'auth:setKey': ({ baseUrl, key, allowPlainHttp }) => auth.setKey(baseUrl, key, { allowPlainHttp: allowPlainHttp === true }),
    'auth:clearKey': () => auth.clearKey(),
  };
}
