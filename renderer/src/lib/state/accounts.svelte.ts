// The accounts (never a key: each shows its last four characters). App-wide, like the
// settings: switching shows another account, and the managers of an account's data start over
// from it (`show`, the one place the window changes the account it shows).
import type { AccountsView, KeyOfAnotherAccount } from '../../../../shared/accounts.ts';
import { api as defaultApi, type ApiClient } from '../api.ts';
import { accountLifecycle, type AccountLifecycle } from './account-lifecycle.ts';
import { notices as defaultNotices, type Notices } from './notices.svelte.ts';

export class AccountsState {
  /** Before the first answer: no account, and the store taken as usable (the window waits for the answer: Session.ready). */
  view = $state<AccountsView>({ accounts: [], activeId: null, storage: { available: true, backend: 'none', problem: null }, baseUrl: null });
  readonly #api: ApiClient;
  readonly #lifecycle: AccountLifecycle;
  readonly #notices: Notices;

  constructor(api: ApiClient = defaultApi, lifecycle: AccountLifecycle = accountLifecycle, notices: Notices = defaultNotices) {
    this.#api = api;
    this.#lifecycle = lifecycle;
    this.#notices = notices;
  }

  /**
   * The one place the window changes which account it shows (null: none, signed out): what
   * was shown of the last one is forgotten (account:closed) and every registered manager
   * follows and reads the new one (account:opened). Once account-scoped calls carry the
   * account, this is also where the client is told the shown account.
   */
  show(accountId: string | null): void {
    if (accountId === null) this.#lifecycle.close();
    else this.#lifecycle.open(accountId, (title, error) => this.#notices.error(title, error));
  }

  get active(): AccountsView['accounts'][number] | null {
    return this.view.accounts.find((account) => account.active) ?? null;
  }

  async load(): Promise<void> {
    this.view = await this.#api.call('accounts:list');
  }

  start(): () => void {
    return this.#api.on('accounts:changed', (view) => (this.view = view));
  }

  /**
   * Checks the key with the service first; throws AppError (unauthorized, offline, validation).
   * `for`: the account the key was entered for; when the service says it is another's, the
   * answer says where it went (null: it went where it was meant to).
   */
  async add(input: { name?: string; baseUrl: string; key: string; allowPlainHttp: boolean; for?: string }): Promise<KeyOfAnotherAccount | null> {
    const name = input.name?.trim();
    const { keyOfAnotherAccount, ...view } = await this.#api.call('accounts:add', {
      ...(name ? { name } : {}),
      baseUrl: input.baseUrl.trim(),
      key: input.key.trim(),
      ...(input.allowPlainHttp ? { allowPlainHttp: true as const } : {}),
      ...(input.for === undefined ? {} : { for: input.for }),
    });
    this.view = view;
    return keyOfAnotherAccount ?? null;
  }

  /** Forgets an account's key (Remove key): the account and its data stay; the person signs in again. */
  async forgetKey(id: string): Promise<void> {
    this.view = await this.#api.call('accounts:forgetKey', { id });
  }

  async startSandbox(): Promise<void> {
    this.view = await this.#api.call('sandbox:start');
  }

  async rename(id: string, name: string): Promise<void> {
    this.view = await this.#api.call('accounts:rename', { id, name });
  }

  async switchTo(id: string): Promise<void> {
    this.view = await this.#api.call('accounts:switch', { id });
  }

  async remove(id: string, deleteData: boolean): Promise<void> {
    this.view = await this.#api.call('accounts:remove', { id, deleteData });
  }
}

export const accounts = new AccountsState();
