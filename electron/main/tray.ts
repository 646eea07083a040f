// The tray icon: upload status in its tooltip, and pause/resume all, show and quit in its
// menu. It is what keeps the app reachable when the window was closed while uploads run.
import type { Menu, MenuItemConstructorOptions, Tray } from 'electron';
import type { UploadTotals } from '../../shared/model.ts';
import { uploadStatusLine } from './upload-status.ts';
import { m } from '../../shared/i18n/index.ts';

type TrayLike = Pick<Tray, 'setToolTip' | 'setContextMenu' | 'on' | 'destroy'>;

export interface UploadTrayDeps {
  tray: TrayLike;
  buildMenu: (template: MenuItemConstructorOptions[]) => Menu;
  showWindow: () => void;
  pauseAll: () => void;
  resumeAll: () => void;
  quit: () => void;
}

export function trayMenuTemplate(state: { pending: number; paused: boolean }, deps: Omit<UploadTrayDeps, 'tray' | 'buildMenu'>): MenuItemConstructorOptions[] {
  return [
    { label: m.shell_tray_show(), click: () => deps.showWindow() },
    { type: 'separator' },
    state.paused
      ? { label: m.shell_tray_resume_all(), enabled: state.pending > 0, click: () => deps.resumeAll() }
      : { label: m.shell_tray_pause_all(), enabled: state.pending > 0, click: () => deps.pauseAll() },
    { type: 'separator' },
    { label: m.shell_tray_quit(), click: () => deps.quit() },
  ];
}

export class UploadTray {
  readonly #deps: UploadTrayDeps;
  #tooltip = '';
  #menuKey = '';
  #last: { totals: UploadTotals; paused: boolean } | null = null;

  constructor(deps: UploadTrayDeps) {
    this.#deps = deps;
    deps.tray.on('click', () => deps.showWindow());
  }

  update(totals: UploadTotals, paused: boolean): void {
    this.#last = { totals, paused };
    const tooltip = uploadStatusLine(totals, paused);
    if (tooltip !== this.#tooltip) {
      this.#tooltip = tooltip;
      this.#deps.tray.setToolTip(tooltip);
    }
    const pending = totals.active + totals.waiting;
    // The menu only changes with these two facts; rebuilding it on every progress tick
    // would close it under the person's pointer on some desktops.
    const key = `${pending > 0}:${paused}`;
    if (key !== this.#menuKey) {
      this.#menuKey = key;
      this.#deps.tray.setContextMenu(this.#deps.buildMenu(trayMenuTemplate({ pending, paused }, this.#deps)));
    }
  }

  /** The shell's language changed: the tooltip and the menu are worded again at once. */
  relabel(): void {
    this.#tooltip = '';
    this.#menuKey = '';
    if (this.#last) this.update(this.#last.totals, this.#last.paused);
  }

  get tooltip(): string {
    return this.#tooltip;
  }

  dispose(): void {
    this.#deps.tray.destroy();
  }
}

/**
 * The tray icon, or null where the desktop has none (some Linux desktops): the app works
 * without it, and a closed window is then minimised instead of hidden (window.ts).
 */
export function openUploadTray(makeTray: () => TrayLike, deps: Omit<UploadTrayDeps, 'tray'>, onMissing: (error: unknown) => void): UploadTray | null {
  try {
    return new UploadTray({ tray: makeTray(), ...deps });
  } catch (error) {
    onMissing(error);
    return null;
  }
}
