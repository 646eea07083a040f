// Contract handlers for the accounts, the one API for them and their keys. None of them can
// return a key: AccountSummary carries at most its last four characters. Removing an account deletes its keychain entry, and its
// local data (library, queue, outbox, history, picked frames) only when the person chose so;
// the session is closed first, so no upload of it is left running on a deleted queue.
import { rm } from 'node:fs/promises';
import type { AccountsView } from '../../../shared/accounts.ts';
import type { Handlers } from '../rpc/dispatch.ts';
import type { AuthService } from './key-check.ts';
import { accountDatabasePath, type AccountRegistry } from './registry.ts';
import type { SessionPool } from './pool.ts';

type AccountMethods = 'accounts:list' | 'accounts:add' | 'accounts:rename' | 'accounts:switch' | 'accounts:remove' | 'accounts:forgetKey';

export interface AccountHandlerDeps {
  auth: AuthService;
  accounts: AccountRegistry;
  pool: SessionPool;
  dataDir: string;
}

export async function accountsView(accounts: AccountRegistry, auth: AuthService, pool: Pick<SessionPool, 'accountTotals'>): Promise<AccountsView> {
  const active = accounts.active();
  const activeId = active?.id ?? null;
  const summaries = [];
  for (const record of accounts.list()) {
    const key = await accounts.key(record.id).catch(() => null);
    summaries.push({
      id: record.id,
      name: record.name,
      baseUrl: record.baseUrl,
      last4: key === null ? null : key.slice(-4),
      active: record.id === activeId,
      keyRefused: auth.isKeyRefused(record.id),
      uploads: pool.accountTotals(record.id),
    });
  }
  // Signed out of every account: the last address stays as the welcome screen's suggestion.
  return { accounts: summaries, activeId, storage: await auth.keyStorage(), baseUrl: active?.baseUrl ?? accounts.lastBaseUrl() };
}

/** The files of an account's local data: the database with its WAL companions, and its picked frames. */
export function accountDataFiles(dataDir: string, id: string): string[] {
  const database = accountDatabasePath(dataDir, id);
  return [database, `${database}-wal`, `${database}-shm`, `${database}.lock`, database.replace(/\.sqlite$/, '-frames')];
}

export function accountHandlers({ auth, accounts, pool, dataDir }: AccountHandlerDeps): Pick<Handlers, AccountMethods> {
  const view = (): Promise<AccountsView> => accountsView(accounts, auth, pool);
  return {
    'accounts:list': () => view(),
    'accounts:add': async ({ name, baseUrl, key, allowPlainHttp, for: enteredFor }) => {
      const { keyOfAnotherAccount } = await auth.addKey({ baseUrl, key, allowPlainHttp: allowPlainHttp === true, ...(name === undefined ? {} : { name }), ...(enteredFor === undefined ? {} : { for: enteredFor }) });
      return { ...(await view()), ...(keyOfAnotherAccount ? { keyOfAnotherAccount } : {}) };
    },
    'accounts:forgetKey': async ({ id }) => {
      await auth.forgetKey(id);
      return view();
    },
    'accounts:rename': async ({ id, name }) => {
      await accounts.rename(id, name);
      await auth.accountsChanged();
      return view();
    },
    'accounts:switch': async ({ id }) => {
      await accounts.switchTo(id);
      return view();
    },
    'accounts:remove': async ({ id, deleteData }) => {
      // Its key and record first, so nothing opens it again; then its session closes (its uploads stop).
      await accounts.remove(id);
      await pool.closeAccount(id);
      if (deleteData) for (const file of accountDataFiles(dataDir, id)) await rm(file, { recursive: true, force: true });
      await auth.accountsChanged();
      return view();
    },
  };
}
