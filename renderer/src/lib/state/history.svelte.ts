// The upload history as the Uploads screen shows it: a filter, the entries read so far (newest
// first, a page at a time from the core), and how many match in all.
import type { HistoryEntry } from '../../../../shared/history.ts';
import { NO_QUERY, toFilter, type HistoryQuery } from '../history-filter.ts';
import { api as defaultApi, type ApiClient } from '../api.ts';
import { accountLifecycle } from './account-lifecycle.ts';

const PAGE = 200;

export class UploadHistory {
  query = $state<HistoryQuery>({ ...NO_QUERY });
  items = $state.raw<HistoryEntry[]>([]);
  total = $state(0);
  loading = $state(false);
  readonly #api: ApiClient;
  #generation = 0;

  constructor(api: ApiClient = defaultApi) {
    this.#api = api;
  }

  get hasMore(): boolean {
    return this.items.length < this.total;
  }

  /** From the first page, for the current filter. A newer load wins over an older one. */
  async load(): Promise<void> {
    const generation = ++this.#generation;
    this.loading = true;
    try {
      const page = await this.#api.call('uploads:history', { ...toFilter(this.query), limit: PAGE });
      if (generation !== this.#generation) return;
      this.items = page.items;
      this.total = page.total;
    } finally {
      if (generation === this.#generation) this.loading = false;
    }
  }

  async more(): Promise<void> {
    const last = this.items.at(-1);
    if (!last || !this.hasMore) return;
    const generation = this.#generation;
    const page = await this.#api.call('uploads:history', { ...toFilter(this.query), limit: PAGE, after: { finishedAt: last.finishedAt, id: last.id } });
    if (generation !== this.#generation) return;
    this.items = [...this.items, ...page.items];
    this.total = page.total;
  }

  reset(): void {
    this.#generation++;
    this.query = { ...NO_QUERY };
    this.items = [];
    this.total = 0;
    this.loading = false;
  }
}

export const history = new UploadHistory();
// Read when the Uploads screen shows its history (components/uploads/History.svelte).
accountLifecycle.register({ name: 'history', forget: () => history.reset() });
