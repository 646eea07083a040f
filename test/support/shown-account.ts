// The account-scoped handlers of the account a test's core shows (the one the test signed in
// with): a test names its account as the window does, through Core.account.
import type { Core } from '../../electron/core/core.ts';
import type { AccountHandlers } from '../../electron/core/rpc/dispatch.ts';
import type { AccountsView, KeyStorage } from '../../shared/accounts.ts';

export function shown(core: Pick<Core, 'account' | 'shownAccountId'>): AccountHandlers {
  return core.account(core.shownAccountId());
}

/**
 * What the accounts view says of the account it names as shown, in the terms the window
 * decides with (Session.signedIn, Welcome, Settings): whether it has a key, the key's last four
 * characters, its address (signed out: the address suggested), where keys are kept, whether the
 * service refused its key.
 */
export function shownKey(view: AccountsView): { hasKey: boolean; last4: string | null; baseUrl: string | null; storage: KeyStorage; keyRefused: boolean; accountId: string | null; accountName: string | null } {
  const account = view.accounts.find((candidate) => candidate.id === view.activeId) ?? null;
  return {
    hasKey: (account?.last4 ?? null) !== null,
    last4: account?.last4 ?? null,
    baseUrl: view.baseUrl,
    storage: view.storage,
    keyRefused: account?.keyRefused ?? false,
    accountId: account?.id ?? null,
    accountName: account?.name ?? null,
  };
}
