// The application menu: the platform's usual roles (so copy/paste and window shortcuts
// work everywhere), Help → Keyboard Shortcuts and Help → Open logs folder. Every label is a
// shell message (the roles' own labels are English on Linux and Windows), so the menu speaks
// the shell's language (shell-locale.ts) and is rebuilt when it changes.
import type { MenuItemConstructorOptions } from 'electron';
import { m } from '../../shared/i18n/index.ts';

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
    { role: 'resetZoom', label: m.shell_menu_actual_size() },
    { role: 'zoomIn', label: m.shell_menu_zoom_in() },
    { role: 'zoomOut', label: m.shell_menu_zoom_out() },
    { type: 'separator' },
    { role: 'togglefullscreen', label: m.shell_menu_full_screen() },
  ];
  if (actions.devTools) view.unshift({ role: 'reload', label: m.shell_menu_reload() }, { role: 'toggleDevTools', label: m.shell_menu_dev_tools() }, { type: 'separator' });
  const edit: MenuItemConstructorOptions[] = [
    { role: 'undo', label: m.shell_menu_undo() },
    { role: 'redo', label: m.shell_menu_redo() },
    { type: 'separator' },
    { role: 'cut', label: m.shell_menu_cut() },
    { role: 'copy', label: m.shell_menu_copy() },
    { role: 'paste', label: m.shell_menu_paste() },
    { role: 'delete', label: m.shell_menu_delete() },
    { type: 'separator' },
    { role: 'selectAll', label: m.shell_menu_select_all() },
  ];
  const windowItems: MenuItemConstructorOptions[] = [
    { role: 'minimize', label: m.shell_menu_minimize() },
    { role: 'zoom', label: m.shell_menu_zoom() },
    ...(actions.isMac ? [] : [{ role: 'close', label: m.shell_menu_close() } as const]),
  ];
  return [
    ...(actions.isMac ? [{ role: 'appMenu' } as const] : []),
    actions.isMac ? { role: 'fileMenu' } : { label: m.shell_menu_file(), submenu: [{ role: 'quit', label: m.shell_menu_quit() }] },
    { role: 'editMenu', label: m.shell_menu_edit(), submenu: edit },
    { label: m.shell_menu_view(), submenu: view },
    { role: 'windowMenu', label: m.shell_menu_window(), submenu: windowItems },
    {
      role: 'help',
      label: m.shell_menu_help(),
      submenu: [
        { label: m.shell_menu_shortcuts(), click: () => actions.showShortcuts() },
        { label: m.shell_menu_logs(), click: () => actions.openLogsFolder() },
      ],
    },
  ];
}
