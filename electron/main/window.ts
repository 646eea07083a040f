// The one main window, locked down as the Electron security checklist asks: isolated,
// sandboxed, no Node, web security on, no webview, no insecure content. It shows once its
// first paint is ready, and remembers its size and position (window-state.ts). MainWindowHost
// keeps its lifecycle: one live window, opened again on demand, guarded on close.
import type { BrowserWindow, BrowserWindowConstructorOptions, Screen, WebPreferences } from 'electron';
import { guardWindowClose, type CloseChoice, type CloseGuardDeps } from './close-guard.ts';
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

export interface MainWindowHostDeps {
  /** Makes the window (createMainWindow with the real BrowserWindow). */
  create: () => BrowserWindow;
  /** The renderer's entry: app://vidlift, or the dev server in development. */
  entryUrl: string;
  /** What closing the window does while uploads run (close-guard.ts). */
  closeGuard: Pick<CloseGuardDeps, 'uploadsRunning' | 'closeToTray' | 'quit'> & {
    ask: (win: BrowserWindow) => Promise<CloseChoice>;
    /** Without a tray icon a hidden window could never come back: it is minimised instead. */
    hasTray: () => boolean;
  };
  /** The core slows its background work while no window is visible. */
  setVisible: (visible: boolean) => void;
  /** Tells the page to show the uploads view. */
  navigateToUploads: () => void;
  logCrash: (reason: string) => void;
}

/**
 * The window's lifecycle: at most one live window, opened again on demand (dock, tray, second
 * launch), guarded on close while uploads run, and let go once the app quits on purpose.
 */
export class MainWindowHost {
  readonly #deps: MainWindowHostDeps;
  #win: BrowserWindow | null = null;
  #quitting = false;

  constructor(deps: MainWindowHostDeps) {
    this.#deps = deps;
  }

  /** The window, unless there is none or it was destroyed. */
  live(): BrowserWindow | null {
    return this.#win && !this.#win.isDestroyed() ? this.#win : null;
  }

  /** The app quits on purpose (menu, tray, OS logout): closing no longer asks. */
  quitting(): void {
    this.#quitting = true;
  }

  show(): void {
    const current = this.live() ?? this.open();
    if (current.isMinimized()) current.restore();
    current.show();
    current.focus();
  }

  /** Shows the window on the uploads view (once its document has loaded). */
  showUploads(): void {
    this.showThen(this.#deps.navigateToUploads);
  }

  /** Shows the window, then `navigate` (once its document has loaded): a clicked notification's screen. */
  showThen(navigate: () => void): void {
    this.show();
    const current = this.live();
    if (current?.webContents.isLoading()) current.webContents.once('did-finish-load', navigate);
    else navigate();
  }

  open(): BrowserWindow {
    const deps = this.#deps;
    const created = deps.create();
    this.#win = created;
    created.on('close', (event) =>
      guardWindowClose(event, {
        isQuitting: () => this.#quitting,
        uploadsRunning: deps.closeGuard.uploadsRunning,
        closeToTray: deps.closeGuard.closeToTray,
        ask: () => deps.closeGuard.ask(created),
        hide: () => (deps.closeGuard.hasTray() ? created.hide() : created.minimize()),
        quit: deps.closeGuard.quit,
      }),
    );
    created.on('show', () => deps.setVisible(true));
    created.on('restore', () => deps.setVisible(true));
    created.on('hide', () => deps.setVisible(false));
    created.on('minimize', () => deps.setVisible(false));
    created.on('closed', () => {
      if (this.#win === created) this.#win = null;
    });
    created.webContents.on('render-process-gone', (_event, details) => deps.logCrash(details.reason));
    void created.loadURL(deps.entryUrl);
    return created;
  }
}
