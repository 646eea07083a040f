// What the upload queues run under (issue 31): the bandwidth limit in force and until when,
// the upload windows, the power source. The app's, not an account's: read when an account
// opens (the status bar shows it with the account's queue) and followed while it is open.
import type { UploadConditions } from '../../../../shared/upload-conditions.ts';
import { api as defaultApi, type ApiClient } from '../api.ts';
import { accountLifecycle } from './account-lifecycle.ts';
import { m } from '../../../../shared/i18n/index.ts';

export class ConditionsState {
  value = $state.raw<UploadConditions | null>(null);
  readonly #api: ApiClient;

  constructor(api: ApiClient = defaultApi) {
    this.#api = api;
  }

  async load(): Promise<void> {
    this.value = await this.#api.call('conditions:get');
  }

  start(): () => void {
    return this.#api.on('conditions:changed', (conditions) => (this.value = conditions));
  }

  reset(): void {
    this.value = null;
  }
}

export const conditions = new ConditionsState();
accountLifecycle.register({
  name: 'conditions',
  follow: () => conditions.start(),
  load: { title: m.tasks_load_conditions_failed, run: () => conditions.load() },
  forget: () => conditions.reset(),
});
