// The application menu: the platform's usual roles (so copy/paste and window shortcuts
// work everywhere), Help → Keyboard Shortcuts and Help → Open logs folder.
import type { MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  isMac: boolean;
  /** Developer tools only in the source tree. */
  devTools: boolean;
  openLogsFolder: () => void;
  /** Help → Keyboard Shortcuts: the window shows the list (renderer/src/lib/shortcuts.ts). */
  showShortcuts: () => void;
}

export function appMenuTemplate(actions: MenuActions): MenuItemConstructorOptions[] {
  const view: MenuItemConstructorOptions[] = [
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ];
  if (actions.devTools) view.unshift({ role: 'reload' }, { role: 'toggleDevTools' }, { type: 'separator' });
  return [
    ...(actions.isMac ? [{ role: 'appMenu' } as const] : []),
    actions.isMac ? { role: 'fileMenu' } : { label: '&File', submenu: [{ role: 'quit' }] },
    { role: 'editMenu' },
    { label: '&View', submenu: view },
    { role: 'windowMenu' },
    {
      role: 'help',
      submenu: [
        { label: 'Keyboard Shortcuts', click: () => actions.showShortcuts() },
        { label: 'Open Logs Folder', click: () => actions.openLogsFolder() },
      ],
    },
  ];
}
