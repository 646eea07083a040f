// Preferences, and the theme applied to the document (system follows prefers-color-scheme).
import type { Settings } from '../../../../shared/model.ts';
import { api as defaultApi, type ApiClient } from '../api.ts';
import { accountLifecycle } from './account-lifecycle.ts';
import { m, windowLocale } from '../i18n.svelte.ts';

/** Destinations and hooks have their own calls (notify:save, hooks:set with its confirmation). */
export type SettingsPatch = Partial<Omit<Settings, 'baseUrl' | 'plainHttpAllowed' | 'accounts' | 'activeAccount' | 'notifyDestinations' | 'hooks'>>;

export class SettingsState {
  value = $state<Settings | null>(null);
  readonly #api: ApiClient;

  constructor(api: ApiClient = defaultApi) {
    this.#api = api;
  }

  async load(): Promise<void> {
    this.#apply(await this.#api.call('settings:get'));
  }

  start(): () => void {
    return this.#api.on('settings:changed', (s) => this.#apply(s));
  }

  async set(patch: SettingsPatch): Promise<void> {
    this.#apply(await this.#api.call('settings:set', patch));
  }

  #apply(settings: Settings): void {
    this.value = settings;
    applyTheme(settings.theme);
    windowLocale.choice = settings.language;
  }

  /** Back to the first state (sign-out, another account): nothing of the last one stays. */
  reset(): void {
    this.value = null;
  }
}

/** `system` removes the override so the stylesheet's prefers-color-scheme decides. */
export function applyTheme(theme: Settings['theme']): void {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  if (theme === 'system') delete root.dataset.theme;
  else root.dataset.theme = theme;
}

export const settings = new SettingsState();
// The settings are the app's, but an account's watch folders are in them: read again for each
// account, and kept when it closes (the theme applies on the welcome screen too).
accountLifecycle.register({
  name: 'settings',
  follow: () => settings.start(),
  load: {
    title: m.settings_read_failed,
    run: () => settings.load(),
  },
});
