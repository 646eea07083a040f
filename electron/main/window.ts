// The one main window, locked down as the Electron security checklist asks: isolated,
// sandboxed, no Node, web security on, no webview, no insecure content. It shows once its
// first paint is ready, and remembers its size and position (window-state.ts).
import type { BrowserWindow, BrowserWindowConstructorOptions, Screen, WebPreferences } from 'electron';
import { DEFAULT_SIZE, MIN_SIZE, loadWindowState, saveWindowState, visibleBounds, type WindowState } from './window-state.ts';

/** Every window's webPreferences. Nothing here may be loosened per window. */
export function secureWebPreferences(preload: string): WebPreferences {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: false,
  };
}

export interface MainWindowOptions {
  preload: string;
  /** The window icon (Linux and Windows; macOS uses the bundle's). */
  icon?: string;
  state: WindowState | null;
  workAreas: readonly { x: number; y: number; width: number; height: number }[];
}

export function mainWindowOptions(options: MainWindowOptions): BrowserWindowConstructorOptions {
  const bounds = visibleBounds(options.state, options.workAreas);
  return {
    ...(bounds ?? DEFAULT_SIZE),
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    title: 'Vidlift',
    show: false,
    backgroundColor: '#00000000',
    ...(options.icon ? { icon: options.icon } : {}),
    webPreferences: secureWebPreferences(options.preload),
  };
}

export interface CreateWindowDeps {
  BrowserWindow: new (options: BrowserWindowConstructorOptions) => BrowserWindow;
  screen: Pick<Screen, 'getAllDisplays'>;
  preload: string;
  icon?: string;
  /** <userData>/window-state.json */
  stateFile: string;
}

export function createMainWindow(deps: CreateWindowDeps): BrowserWindow {
  const state = loadWindowState(deps.stateFile);
  const workAreas = deps.screen.getAllDisplays().map((display) => display.workArea);
  const win = new deps.BrowserWindow(
    mainWindowOptions({ preload: deps.preload, state, workAreas, ...(deps.icon ? { icon: deps.icon } : {}) }),
  );
  if (state?.maximized && visibleBounds(state, workAreas)) win.maximize();
  win.once('ready-to-show', () => win.show());
  rememberWindowState(win, deps.stateFile);
  return win;
}

/** Saves the bounds a moment after the last move or resize, and once more when the window closes. */
export function rememberWindowState(win: BrowserWindow, file: string, delayMs = 500): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = (): void => {
    clearTimeout(timer);
    timer = undefined;
    if (win.isDestroyed() || win.isMinimized() || win.isFullScreen()) return;
    try {
      // getNormalBounds: the size to come back to, even while maximized.
      saveWindowState(file, { bounds: win.getNormalBounds(), maximized: win.isMaximized() });
    } catch {
      // A read-only profile folder only costs the remembered position.
    }
  };
  const later = (): void => {
    clearTimeout(timer);
    timer = setTimeout(save, delayMs);
  };
  win.on('resize', later);
  win.on('move', later);
  win.on('close', save);
}
