// The accounts (never a key: each shows its last four characters). App-wide, like the
// settings: switching shows another account, and the account-bound managers start over
// (App.svelte follows session.accountKey).
import type { AccountsView } from '../../../../shared/accounts.ts';
import { api as defaultApi, type ApiClient } from '../api.ts';

export class AccountsState {
  view = $state<AccountsView>({ accounts: [], activeId: null });
  readonly #api: ApiClient;

  constructor(api: ApiClient = defaultApi) {
    this.#api = api;
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

  /** Checks the key with the service first; throws AppError (unauthorized, offline, validation). */
  async add(input: { name: string; baseUrl: string; key: string; allowPlainHttp: boolean }): Promise<void> {
    const name = input.name.trim();
    this.view = await this.#api.call('accounts:add', {
      ...(name ? { name } : {}),
      baseUrl: input.baseUrl.trim(),
      key: input.key.trim(),
      ...(input.allowPlainHttp ? { allowPlainHttp: true as const } : {}),
    });
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
