// The shown account's watch folders as the core watches them: each folder's live state (a
// code, worded by components/watch/WatchFolders.svelte), and adding a folder. The folders
// themselves and their options are a setting (settings.svelte.ts).
import type { WatchFolderStatus, WatchStatusView } from '../../../../shared/watch.ts';
import { api as defaultApi, type ApiClient } from '../api.ts';
import { accountLifecycle } from './account-lifecycle.ts';
import { m } from '../../../../shared/i18n/index.ts';

export class Watch {
  /** Each watch folder's state by its id; absent until the core reported it. */
  statuses = $state.raw<Record<string, WatchFolderStatus>>({});
  readonly #api: ApiClient;

  constructor(api: ApiClient = defaultApi) {
    this.#api = api;
  }

  /** Read as the account opens and when the watch folders show (Settings); watch:changed keeps them current. */
  async load(): Promise<void> {
    this.#take(await this.#api.call('watch:status'));
  }

  start(): () => void {
    return this.#api.on('watch:changed', (view) => this.#take(view));
  }

  /** The app's folder dialog (the page never names a path); the new list arrives as settings:changed. */
  async add(): Promise<void> {
    await this.#api.call('watch:add');
  }

  #take(view: WatchStatusView): void {
    this.statuses = Object.fromEntries(view.folders.map((status) => [status.id, status]));
  }

  /** Back to the first state (sign-out, another account): nothing of the last one stays. */
  reset(): void {
    this.statuses = {};
  }
}

export const watch = new Watch();
accountLifecycle.register({
  name: 'watch',
  follow: () => watch.start(),
  load: { title: m.tasks_load_watch_failed, run: () => watch.load() },
  forget: () => watch.reset(),
});
