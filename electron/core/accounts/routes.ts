// Where an account-scoped call goes: the session of the account the request names, in
// rclone's `remote:` manner. The core keeps no hidden "current" account for calls; which
// account the window shows is the renderer's concern (renderer/src/lib/api.ts). A request
// for no account (null: none is shown yet) or for an account that is not open (no key, its
// library could not be opened, another process has it) gets the signed-out answer where the
// method has one (signed-out.ts), else the reason; an account Vidlift does not know is refused.
import { ACCOUNT_METHODS, type AccountMethodName } from '../../../shared/contract.ts';
import type { AccountHandlers, AccountRoute } from '../rpc/dispatch.ts';
import type { AccountRegistry } from './registry.ts';
import type { SessionPool } from './pool.ts';
import { SIGNED_OUT_ANSWERS } from './signed-out.ts';

/** The handlers of an account with no open session: the signed-out answers, else `refuse`. */
export function signedOutHandlers(refuse: () => never): AccountHandlers {
  const table: Partial<Record<AccountMethodName, (input: never) => unknown>> = {};
  for (const method of ACCOUNT_METHODS) table[method] = (SIGNED_OUT_ANSWERS[method] as ((input: never) => unknown) | undefined) ?? refuse;
  return table as AccountHandlers;
}

/** The handlers of an account still opening: each call waits for the opening, then goes where it then goes. */
function afterOpening(opening: Promise<void>, route: () => AccountHandlers): AccountHandlers {
  const table: Partial<Record<AccountMethodName, (input: never) => unknown>> = {};
  for (const method of ACCOUNT_METHODS) {
    table[method] = async (input: never) => {
      await opening;
      return (route()[method] as (input: never) => unknown)(input);
    };
  }
  return table as AccountHandlers;
}

export function accountRoute(accounts: Pick<AccountRegistry, 'require'>, pool: Pick<SessionPool, 'open' | 'refuse' | 'opening'>): AccountRoute {
  const signedOut = signedOutHandlers(() => pool.refuse(null));
  const route: AccountRoute = (accountId) => {
    if (accountId === null) return signedOut;
    const open = pool.open(accountId);
    if (open) return open.handlers;
    // Its key was just saved, or the start is opening it: the call waits for that pass.
    const opening = pool.opening();
    if (opening) {
      accounts.require(accountId);
      return afterOpening(opening, () => route(accountId));
    }
    // Unknown: refused (not_found); known but not open: as signed out, with its own reason.
    accounts.require(accountId);
    return signedOutHandlers(() => pool.refuse(accountId));
  };
  return route;
}
