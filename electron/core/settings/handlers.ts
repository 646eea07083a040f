// Contract handlers for the settings. `settings:set` cannot change the base URL or the
// accounts: those go through accounts:add and the other accounts:* methods, which check the address together
// with the key. Watch folders are the shown account's (each account has its own).
import type { Handlers } from '../rpc/dispatch.ts';
import type { WatchFolder } from '../../../shared/watch.ts';
import type { SettingsStore } from './settings-store.ts';

/** Keeps the shown account's watch folders: the account registry, named by what is asked of it so settings/ does not import accounts/ (which imports settings/). */
interface WatchFolderKeeper {
  setWatchFolders(folders: readonly WatchFolder[]): Promise<void>;
}

export function settingsHandlers(settings: SettingsStore, accounts: WatchFolderKeeper): Pick<Handlers, 'settings:get' | 'settings:set'> {
  return {
    'settings:get': () => settings.presented(),
    'settings:set': async ({ watchFolders, ...patch }) => {
      if (watchFolders !== undefined) await accounts.setWatchFolders(watchFolders);
      if (Object.keys(patch).length > 0) await settings.update(patch);
      return settings.presented();
    },
  };
}
