// Where the shell's files are at run time. The bundles sit side by side in out/ (main,
// preload, renderer); icons and tray images are copied next to app.asar by electron-builder
// (extraResources) and read from resources/ in the source tree.
import { join } from 'node:path';

export interface AppPaths {
  preload: string;
  rendererRoot: string;
  trayImage: string;
  windowIcon: string;
  windowState: string;
  secretsFile: string;
}

export function appPaths(options: { mainDir: string; packaged: boolean; resourcesPath: string; appPath: string; userData: string; platform: NodeJS.Platform }): AppPaths {
  const resources = options.packaged ? options.resourcesPath : join(options.appPath, 'resources');
  // macOS menu-bar images are templates (black + alpha, tinted by the system); the
  // @2x sibling is picked up automatically by nativeImage.
  const trayName = options.platform === 'darwin' ? 'trayTemplate.png' : 'tray.png';
  return {
    preload: join(options.mainDir, '..', 'preload', 'index.cjs'),
    rendererRoot: join(options.mainDir, '..', 'renderer'),
    trayImage: join(resources, 'tray', trayName),
    windowIcon: join(resources, 'icons', '512x512.png'),
    windowState: join(options.userData, 'window-state.json'),
    secretsFile: join(options.userData, 'secrets.json'),
  };
}
