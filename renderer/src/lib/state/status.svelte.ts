// Always-visible state: online or offline, and the local changes waiting for the service.
import type { Connection, OutboxItem, SyncStatus } from '../../../../shared/model.ts';
import { api as defaultApi, type ApiClient } from '../api.ts';
import { notices } from './notices.svelte.ts';

export class Status {
  connection = $state<Connection | null>(null);
  outbox = $state.raw<OutboxItem[]>([]);
  sync = $state<SyncStatus | null>(null);
  readonly #api: ApiClient;

  constructor(api: ApiClient = defaultApi) {
    this.#api = api;
  }

  get online(): boolean {
    return this.connection?.state === 'online';
  }

  get pending(): number {
    return this.outbox.filter((item) => item.state !== 'refused').length;
  }

  get refused(): OutboxItem[] {
    return this.outbox.filter((item) => item.state === 'refused');
  }

  /** The changes left for one video or folder ('video:<id>', 'folder:<id>'), in order. */
  changesFor(target: string): OutboxItem[] {
    return this.outbox.filter((item) => item.target === target);
  }

  async load(): Promise<void> {
    const [connection, outbox] = await Promise.all([this.#api.call('connection:get'), this.#api.call('outbox:list')]);
    this.connection = connection;
    this.outbox = outbox.items;
  }

  start(): () => void {
    const offs = [
      this.#api.on('connection:changed', (c) => (this.connection = c)),
      this.#api.on('outbox:changed', (o) => {
        this.outbox = o.items;
        // A change that lands is confirmed in words, not left at "will be saved when the service answers".
        if (o.confirmed?.length) notices.info('Saved', o.confirmed.map((c) => c.summary).join('; '));
      }),
    ];
    return () => offs.forEach((off) => off());
  }

  /** "Retry now" while offline: the core tries the service at once. */
  async checkConnection(): Promise<void> {
    this.connection = await this.#api.call('connection:check');
  }

  async retry(id: number): Promise<void> {
    this.outbox = (await this.#api.call('outbox:retry', { id })).items;
  }

  async discard(id: number): Promise<void> {
    this.outbox = (await this.#api.call('outbox:discard', { id })).items;
  }

  async syncNow(): Promise<void> {
    this.sync = await this.#api.call('sync:now', { full: true });
  }

  /** Back to the first state (sign-out, another account): nothing of the last one stays. */
  reset(): void {
    this.connection = null;
    this.outbox = [];
    this.sync = null;
  }
}

export const status = new Status();
