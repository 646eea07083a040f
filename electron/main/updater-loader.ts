// Where the updater comes from: electron-updater's own instance for this platform, in the
// installed app only. In the source tree there is no installed copy to replace and no
// app-update.yml, so the updater stays off and Settings says why. electron-updater is
// loaded only here and only when packaged: it reaches for Electron's net module when loaded.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LoadedUpdater } from './updates.ts';
import { said } from '../../shared/said.ts';

export const OFF_UNPACKAGED = said('update_off_unpackaged');
export const OFF_SYSTEM_PACKAGE = said('update_off_system_package');

/** The Linux package kinds electron-builder marks in `resources/package-type`, which a system package manager installs. */
const SYSTEM_PACKAGES: ReadonlySet<string> = new Set(['deb', 'rpm', 'pacman']);

/**
 * The system package this copy came from, or null (an AppImage, or not Linux). electron-builder
 * writes the target into `<resources>/package-type` for deb, rpm and pacman; electron-updater
 * reads the same file to pick its DebUpdater (or Rpm, Pacman), which installs a download with
 * `dpkg -i` (or rpm, pacman) through pkexec or sudo. Those copies are the package manager's to
 * update, as the README says, so the updater stays off for them.
 */
export function systemPackageType(resourcesPath: string, platform: NodeJS.Platform): string | null {
  if (platform !== 'linux') return null;
  let kind: string;
  try {
    kind = readFileSync(join(resourcesPath, 'package-type'), 'utf8').trim();
  } catch {
    return null;
  }
  return SYSTEM_PACKAGES.has(kind) ? kind : null;
}

export async function loadUpdater(options: {
  packaged: boolean;
  resourcesPath?: string;
  platform?: NodeJS.Platform;
  log: (message: string, error: unknown) => void;
}): Promise<LoadedUpdater> {
  if (!options.packaged) return { updater: null, offReason: OFF_UNPACKAGED };
  if (systemPackageType(options.resourcesPath ?? process.resourcesPath, options.platform ?? process.platform) !== null) {
    return { updater: null, offReason: OFF_SYSTEM_PACKAGE };
  }
  try {
    // electron-updater is CommonJS and defines `autoUpdater` as a getter, which Node's ES module
    // loader does not list as a named export: `const { autoUpdater } = await import(...)` was
    // undefined in the built app (updates silently off), so it is read from the module's
    // exports, the namespace's default (electron-updater's README says the same for ESM).
    const { default: electronUpdater } = await import('electron-updater');
    return { updater: electronUpdater.autoUpdater, offReason: null };
  } catch (error) {
    options.log('The updater could not be loaded', error);
    return { updater: null, offReason: said('update_off_not_started') };
  }
}
