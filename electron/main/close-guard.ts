// Closing the window while uploads run must not silently stop them. With the closeToTray
// setting the window just hides (the tray keeps the app reachable); otherwise the person is
// asked: keep uploading in the tray, quit anyway, or cancel.
import type { BrowserWindow, Dialog } from 'electron';
import { m } from '../../shared/i18n/index.ts';

export type CloseChoice = 'tray' | 'quit' | 'cancel';

export interface CloseGuardDeps {
  /** The app is quitting on purpose (menu, tray, OS logout): let the window go. */
  isQuitting: () => boolean;
  uploadsRunning: () => boolean;
  closeToTray: () => boolean;
  ask: () => Promise<CloseChoice>;
  hide: () => void;
  quit: () => void;
}

/** The window's 'close' handler. The decision to prevent must be taken synchronously. */
export function guardWindowClose(event: { preventDefault(): void }, deps: CloseGuardDeps): void {
  if (deps.isQuitting() || !deps.uploadsRunning()) return;
  event.preventDefault();
  if (deps.closeToTray()) {
    deps.hide();
    return;
  }
  void deps.ask().then(
    (choice) => {
      if (choice === 'tray') deps.hide();
      else if (choice === 'quit') deps.quit();
    },
    () => undefined,
  );
}

const BUTTONS: CloseChoice[] = ['tray', 'quit', 'cancel'];

export async function askAboutClose(dialog: Pick<Dialog, 'showMessageBox'>, win: BrowserWindow): Promise<CloseChoice> {
  const { response } = await dialog.showMessageBox(win, {
    type: 'question',
    buttons: [m.shell_close_keep(), m.shell_close_quit(), m.shell_close_cancel()],
    defaultId: 0,
    cancelId: 2,
    noLink: true,
    message: m.shell_close_message(),
    detail: m.shell_close_detail(),
  });
  return BUTTONS[response] ?? 'cancel';
}
