// The local changes waiting for the service (the outbox), and the one place a refused change
// is retried or discarded: the outbox panel and a video's or folder's blocked note both ask here.
import type { OutboxItem } from '../../../../shared/model.ts';
import { api as defaultApi, type ApiClient } from '../api.ts';
import { accountLifecycle } from './account-lifecycle.ts';
import { notices as defaultNotices, type Notices } from './notices.svelte.ts';
import { m } from '../../../../shared/i18n/index.ts';

/** What the person may do with a refused change: its button, and the title of its failure (message functions). */
export const REFUSED_CHANGE_ACTIONS = {
  retry: { label: m.tasks_outbox_retry, failure: m.tasks_outbox_retry_failed },
  discard: { label: m.tasks_outbox_discard, failure: m.tasks_outbox_discard_failed },
} as const;
export type RefusedChangeAction = keyof typeof REFUSED_CHANGE_ACTIONS;

export class Outbox {
  items = $state.raw<OutboxItem[]>([]);
  readonly #api: ApiClient;
  readonly #notices: Notices;

  constructor(api: ApiClient = defaultApi, notices: Notices = defaultNotices) {
    this.#api = api;
    this.#notices = notices;
  }

  get pending(): number {
    return this.items.filter((item) => item.state !== 'refused').length;
  }

  get refused(): OutboxItem[] {
    return this.items.filter((item) => item.state === 'refused');
  }

  /** The changes left for one video or folder ('video:<id>', 'folder:<id>'), in order. */
  changesFor(target: string): OutboxItem[] {
    return this.items.filter((item) => item.target === target);
  }

  async load(): Promise<void> {
    this.items = (await this.#api.call('outbox:list')).items;
  }

  start(): () => void {
    return this.#api.on('outbox:changed', (o) => {
      this.items = o.items;
      // A change that lands is confirmed in words, not left at "will be saved when the service answers".
      if (o.confirmed?.length) this.#notices.info(m.tasks_outbox_saved(), o.confirmed.map((c) => c.summary).join(m.tasks_list_separator()));
    });
  }

  /** Retries or discards a refused change; a failure is a notice (the list stays as the core last said). */
  async act(action: RefusedChangeAction, id: number): Promise<void> {
    try {
      this.items = (await this.#api.call(action === 'retry' ? 'outbox:retry' : 'outbox:discard', { id })).items;
    } catch (error) {
      this.#notices.error(REFUSED_CHANGE_ACTIONS[action].failure(), error);
    }
  }

  /** Back to the first state (sign-out, another account): nothing of the last one stays. */
  reset(): void {
    this.items = [];
  }
}

export const outbox = new Outbox();
accountLifecycle.register({
  name: 'outbox',
  follow: () => outbox.start(),
  load: { title: m.tasks_load_outbox_failed, run: () => outbox.load() },
  forget: () => outbox.reset(),
});
