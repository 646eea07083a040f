// Remote URL imports: the service's queue, its slots, and what waits locally for a slot.
import type { RemoteAction, RemoteView } from '../../../../shared/model.ts';
import { api as defaultApi, type ApiClient } from '../api.ts';

const EMPTY: RemoteView = { items: [], slots: null, waitingLocally: 0 };
const INACTIVE: readonly string[] = ['completed', 'failed'];

/**
 * Pasted text as addresses: one per line (a line with spaces is one address the core refuses
 * as one, not one per word), blank lines and duplicates dropped.
 */
export function splitUrls(text: string): string[] {
  const urls = text.split(/\r?\n|\r/).map((s) => s.trim()).filter(Boolean);
  return urls.filter((url, i) => urls.indexOf(url) === i);
}

export function isActiveStatus(status: string): boolean {
  return !INACTIVE.includes(status.toLowerCase());
}

export class Remote {
  view = $state.raw<RemoteView>(EMPTY);
  readonly #api: ApiClient;

  constructor(api: ApiClient = defaultApi) {
    this.#api = api;
  }

  async load(): Promise<void> {
    this.view = await this.#api.call('remote:list');
  }

  start(): () => void {
    return this.#api.on('remote:changed', (view) => (this.view = view));
  }

  async add(text: string) {
    const urls = splitUrls(text);
    const result = await this.#api.call('remote:add', { urls });
    await this.load();
    return result;
  }

  async act(action: RemoteAction, id?: string): Promise<void> {
    this.view = await this.#api.call('remote:action', { action, ...(id ? { id } : {}) });
  }

  /** Drops an import still waiting here for a slot (the service never got it). */
  async discard(localId: number): Promise<void> {
    this.view = await this.#api.call('remote:discard', { localId });
  }

  /** Back to the first state (sign-out, another account): nothing of the last one stays. */
  reset(): void {
    this.view = EMPTY;
  }
}

export const remote = new Remote();
