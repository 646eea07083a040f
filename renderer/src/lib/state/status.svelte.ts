// Always-visible state: online or offline (the changes waiting are the outbox's: outbox.svelte.ts).
import type { Connection } from '../../../../shared/model.ts';
import { api as defaultApi, type ApiClient } from '../api.ts';
import { accountLifecycle } from './account-lifecycle.ts';
import { m } from '../../../../shared/i18n/index.ts';

export class Status {
  connection = $state<Connection | null>(null);
  readonly #api: ApiClient;

  constructor(api: ApiClient = defaultApi) {
    this.#api = api;
  }

  get online(): boolean {
    return this.connection?.state === 'online';
  }

  async load(): Promise<void> {
    this.connection = await this.#api.call('connection:get');
  }

  start(): () => void {
    return this.#api.on('connection:changed', (c) => (this.connection = c));
  }

  /** "Retry now" while offline: the core tries the service at once. */
  async checkConnection(): Promise<void> {
    this.connection = await this.#api.call('connection:check');
  }

  /** Back to the first state (sign-out, another account): nothing of the last one stays. */
  reset(): void {
    this.connection = null;
  }
}

export const status = new Status();
accountLifecycle.register({
  name: 'status',
  follow: () => status.start(),
  load: { title: m.tasks_load_connection_failed, run: () => status.load() },
  forget: () => status.reset(),
});
