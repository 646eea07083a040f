// Contract handlers for the settings. `settings:set` cannot change the base URL or the
// accounts: those go through auth:setKey and accounts:*, which check the address together
// with the key. Watch folders are the shown account's (each account has its own).
import type { Handlers } from '../rpc/dispatch.ts';
import type { AccountRegistry } from '../accounts/registry.ts';
import type { SettingsStore } from './settings-store.ts';

export function settingsHandlers(settings: SettingsStore, accounts: AccountRegistry): Pick<Handlers, 'settings:get' | 'settings:set'> {
  return {
    'settings:get': () => settings.presented(),
    'settings:set': async ({ watchFolders, ...patch }) => {
      if (watchFolders !== undefined) await accounts.setWatchFolders(watchFolders);
      if (Object.keys(patch).length > 0) await settings.update(patch);
      return settings.presented();
    },
  };
}
