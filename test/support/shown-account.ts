// The account-scoped handlers of the account a test's core shows (the one the test signed in
// with): a test names its account as the window does, through Core.account.
import type { Core } from '../../electron/core/core.ts';
import type { AccountHandlers } from '../../electron/core/rpc/dispatch.ts';

export function shown(core: Pick<Core, 'account' | 'shownAccountId'>): AccountHandlers {
  return core.account(core.shownAccountId());
}
