// Where the updater comes from: electron-updater's own instance for this platform, in the
// installed app only. In the source tree there is no installed copy to replace and no
// app-update.yml, so the updater stays off and Settings says why. electron-updater is
// loaded only here and only when packaged: it reaches for Electron's net module when loaded.
import type { UpdaterPort } from './updates.ts';

export const OFF_UNPACKAGED = 'Updates work in the installed app only; this copy runs from the source tree.';

export interface LoadedUpdater {
  updater: UpdaterPort | null;
  offReason: string;
}

export async function loadUpdater(options: { packaged: boolean; log: (message: string, error: unknown) => void }): Promise<LoadedUpdater> {
  if (!options.packaged) return { updater: null, offReason: OFF_UNPACKAGED };
  try {
    const { autoUpdater } = await import('electron-updater');
    return { updater: autoUpdater, offReason: '' };
  } catch (error) {
    options.log('The updater could not be loaded', error);
    return { updater: null, offReason: 'The updater could not be started in this copy of Vidlift; the log has the details.' };
  }
}
