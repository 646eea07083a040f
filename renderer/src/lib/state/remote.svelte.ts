// Remote URL imports: the service's queue, its slots, and what waits locally for a slot.
import type { RemoteAction, RemoteItem, RemoteView } from '../../../../shared/model.ts';
import { api as defaultApi, type ApiClient } from '../api.ts';
import { accountLifecycle } from './account-lifecycle.ts';
import { m } from '../i18n.svelte.ts';

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

/**
 * Why an import failed, in words: the service's own reason or refusal when it gave one;
 * otherwise what its figures say (the spec's queue item carries no reason).
 */
export function failureReason(item: RemoteItem): string | null {
  if (item.status.toLowerCase() !== 'failed') return item.error;
  if (item.error) return item.error;
  if (item.bytesDownloaded === 0) return m.remote_failed_nothing();
  if (item.bytesTotal > 0 && item.bytesDownloaded < item.bytesTotal) return m.remote_failed_partway();
  return m.remote_failed_not_video();
}

/** A finished import that is most likely not a video, in words (RemoteItem.suspect). */
export const SUSPECT_WORDS: Record<NonNullable<RemoteItem['suspect']>, () => string> = {
  too_small: m.remote_suspect_too_small,
  not_a_video_name: m.remote_suspect_name,
};

/** The service's queue statuses in words; a status it adds later shows as it sent it. */
const STATUS_WORDS: Readonly<Record<string, () => string>> = {
  waiting: m.remote_status_waiting,
  pending: m.remote_status_pending,
  downloading: m.remote_status_downloading,
  processing: m.remote_status_processing,
  completed: m.remote_status_completed,
  failed: m.remote_status_failed,
};
export function statusWords(status: string): string {
  return Object.hasOwn(STATUS_WORDS, status) ? STATUS_WORDS[status]!() : status;
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

  /** `folderId`: where the videos go (0: the root). */
  async add(text: string, folderId = 0) {
    const urls = splitUrls(text);
    const result = await this.#api.call('remote:add', { urls, ...(folderId ? { folderId } : {}) });
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
accountLifecycle.register({
  name: 'remote',
  follow: () => remote.start(),
  load: {
    title: m.remote_show_failed,
    run: () => remote.load(),
  },
  forget: () => remote.reset(),
});
