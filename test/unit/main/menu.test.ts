import { describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { appMenuTemplate } from '../../../electron/main/menu.ts';
import { appPaths } from '../../../electron/main/paths.ts';

const roles = (template: MenuItemConstructorOptions[]) => template.map((item) => item.role ?? item.label);

describe('application menu', () => {
  it('has the usual roles and Help → Open Logs Folder', () => {
    const openLogsFolder = vi.fn();
    const showShortcuts = vi.fn();
    const template = appMenuTemplate({ isMac: false, devTools: false, openLogsFolder, showShortcuts });
    expect(roles(template)).toEqual(['&File', 'editMenu', '&View', 'windowMenu', 'help']);
    const help = template.at(-1)?.submenu as MenuItemConstructorOptions[];
    const open = help.find((item) => item.label === 'Open Logs Folder');
    (open?.click as () => void)();
    expect(openLogsFolder).toHaveBeenCalled();
    const shortcuts = help.find((item) => item.label === 'Keyboard Shortcuts');
    (shortcuts?.click as () => void)();
    expect(showShortcuts).toHaveBeenCalled();
  });

  it('starts with the app menu on macOS and offers developer tools only in the source tree', () => {
    expect(roles(appMenuTemplate({ isMac: true, devTools: false, openLogsFolder: vi.fn(), showShortcuts: vi.fn() }))[0]).toBe('appMenu');
    const view = (devTools: boolean) =>
      (appMenuTemplate({ isMac: false, devTools, openLogsFolder: vi.fn(), showShortcuts: vi.fn() }).find((item) => item.label === '&View')?.submenu as MenuItemConstructorOptions[]).map((item) => item.role);
    expect(view(false)).not.toContain('toggleDevTools');
    expect(view(true)).toContain('toggleDevTools');
  });
});

describe('appPaths', () => {
  it('finds the bundles beside each other and the images in resources', () => {
    const packaged = appPaths({ mainDir: '/app/out/main', packaged: true, resourcesPath: '/opt/Vidlift/resources', appPath: '/x', userData: '/home/me/.config/Vidlift', platform: 'linux' });
    expect(packaged).toEqual({
      preload: '/app/out/preload/index.cjs',
      rendererRoot: '/app/out/renderer',
      trayImage: '/opt/Vidlift/resources/tray/tray.png',
      windowIcon: '/opt/Vidlift/resources/icons/512x512.png',
      windowState: '/home/me/.config/Vidlift/window-state.json',
      secretsFile: '/home/me/.config/Vidlift/secrets.json',
    });
    const dev = appPaths({ mainDir: '/src/out/main', packaged: false, resourcesPath: '/x', appPath: '/src', userData: '/u', platform: 'darwin' });
    expect(dev.trayImage).toBe('/src/resources/tray/trayTemplate.png');
  });
});
