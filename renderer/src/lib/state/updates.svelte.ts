// The app updater as the renderer sees it: its status (from the main process, which owns the
// updater), "Check for updates" and "Restart to update". The main process decides whether a
// restart may happen now (no upload running); the page only shows what it says.
import type { UpdateStatus } from '../../../../shared/model.ts';
import type { Said } from '../../../../shared/said.ts';
import { api as defaultApi, toAppError, type ApiClient } from '../api.ts';

export class UpdatesState {
  value = $state<UpdateStatus | null>(null);
  /** Why the status could not be read (it is shown in place of the section). */
  problem = $state<Said | null>(null);
  busy = $state(false);
  readonly #api: ApiClient;

  constructor(api: ApiClient = defaultApi) {
    this.#api = api;
  }

  start(): () => void {
    return this.#api.on('updates:changed', (status) => {
      this.value = status;
    });
  }

  async load(): Promise<void> {
    await this.#run('updates:status');
  }

  async check(): Promise<void> {
    await this.#run('updates:check');
  }

  async restart(): Promise<void> {
    await this.#run('updates:restart');
  }

  async #run(method: 'updates:status' | 'updates:check' | 'updates:restart'): Promise<void> {
    this.busy = method !== 'updates:status';
    try {
      this.value = await this.#api.call(method);
      this.problem = null;
    } catch (error) {
      this.problem = toAppError(error).said;
    } finally {
      this.busy = false;
    }
  }
}

export const updates = new UpdatesState();
