// The app's own lifecycle around the window: quit when the last window closes (except on
// macOS), show the window when the dock icon is clicked, and the orderly quit: once the app
// is quitting, the shell's parts are let go and the core is closed (bounded in time, so a
// hung core cannot keep the app from quitting) before the app really goes.
import type { App } from 'electron';

/** A hung core must not keep the app from quitting. */
export const CLOSE_TIMEOUT_MS = 5_000;

export interface AppLifecycleDeps {
  app: Pick<App, 'on' | 'quit'>;
  isMac: boolean;
  showWindow: () => void;
  /** The quit is on purpose: the window lets itself be closed. */
  onQuitting: () => void;
  /** Lets go of the tray, progress bar and update timer. */
  dispose: () => void;
  closeCore: () => Promise<void>;
  /** After the core: the local sandbox host. */
  closeSandbox: () => Promise<void>;
  logError: (message: string, error: unknown) => void;
  closeTimeoutMs?: number;
}

export function followAppLifecycle(deps: AppLifecycleDeps): void {
  const { app } = deps;
  app.on('window-all-closed', () => {
    if (!deps.isMac) app.quit();
  });
  app.on('activate', () => deps.showWindow());
  app.on('before-quit', () => deps.onQuitting());
  let coreClosed = false;
  app.on('will-quit', (event) => {
    if (coreClosed) return;
    event.preventDefault();
    deps.dispose();
    void closeWithin(deps.closeCore, deps.closeTimeoutMs ?? CLOSE_TIMEOUT_MS)
      .finally(() => deps.closeSandbox())
      .catch((error: unknown) => deps.logError('The core did not close cleanly', error))
      .finally(() => {
        coreClosed = true;
        app.quit();
      });
  });
}

function closeWithin(close: () => Promise<void>, ms: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`closing took longer than ${ms} ms`)), ms);
    close().then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
