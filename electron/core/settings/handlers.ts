// Contract handlers for the settings. `settings:set` cannot change the base URL: that goes
// through auth:setKey, which checks the address together with the key.
import type { Handlers } from '../rpc/dispatch.ts';
import type { SettingsStore } from './settings-store.ts';

export function settingsHandlers(settings: SettingsStore): Pick<Handlers, 'settings:get' | 'settings:set'> {
  return {
    'settings:get': () => settings.get(),
    'settings:set': (patch) => settings.update(patch),
  };
}
