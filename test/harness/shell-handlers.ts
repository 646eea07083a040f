// What the Electron shell answers itself (ShellMethod), answered by the harness instead:
// there is no native dialog or system browser in a headless page, so a test says what the
// "dialog" returns and reads which links were "opened".
import { openableExternalUrl } from '../../electron/main/security.ts';
import type { Handlers } from '../../electron/core/rpc/dispatch.ts';
import type { Core, ShellMethod } from '../../electron/core/core.ts';
import { AppError } from '../../shared/errors.ts';
import { OFF_UNPACKAGED } from '../../electron/main/updater-loader.ts';
import { HOOK_MOMENTS, type Hooks } from '../../shared/notify.ts';

export interface HarnessShell {
  handlers: Pick<Handlers, ShellMethod>;
  /** The paths the next dialog returns (then the dialog is "cancelled" again); the watch-folder dialog too. */
  setNextDialogResult(paths: string[]): void;
  /** The path the next save dialog returns (then it is "cancelled" again). */
  setNextSavePath(path: string): void;
  openedLinks(): readonly string[];
  /** What "copy" put on the clipboard, newest last. */
  copiedTexts(): readonly string[];
  /** The answer the next hook confirmation gets ("Run this program" when true); declined otherwise, as Cancel is the default. */
  setNextHookConfirmation(confirm: boolean): void;
}

/** The harness is never an installed app: updates are off, as in the source tree. */
const HARNESS_UPDATES = {
  state: 'off' as const,
  said: OFF_UNPACKAGED,
  version: null,
  percent: null,
  canRestart: false,
  restartPending: false,
  lastChecked: null,
};

/**
 * `core` answers the watch-folder dialog (watch:add) as the Electron shell does: the "picked"
 * folders go to core.addWatchFolders. Without it, watch:add is unavailable.
 */
export function createHarnessShell(grant: (path: string) => void, grantSave: (path: string) => void = () => {}, core?: Pick<Core, 'addWatchFolders' | 'hooks'>): HarnessShell {
  let nextHookConfirmation = false;
  let nextDialog: string[] | null = null;
  let nextSave: string | null = null;
  const opened: string[] = [];
  const copied: string[] = [];
  const takePaths = (): string[] => {
    const paths = nextDialog ?? [];
    nextDialog = null;
    return paths;
  };
  const takeDialogResult = () => {
    const paths = takePaths();
    for (const path of paths) grant(path);
    return { paths };
  };
  return {
    handlers: {
      'app:info': () => ({ name: 'Vidlift', version: '0.1.0-harness', platform: process.platform, packaged: false, sandboxAvailable: true }),
      // A headless page has no system to ask: the window falls back to the browser's navigator.languages.
      'app:preferredLanguages': () => [],
      'dialog:openFiles': takeDialogResult,
      'dialog:openFolder': takeDialogResult,
      'watch:add': () => {
        if (!core) throw new AppError('unavailable', 'This harness has no watch-folder dialog.', { retryable: false });
        return core.addWatchFolders(takePaths());
      },
      'dialog:saveFile': () => {
        const path = nextSave;
        nextSave = null;
        if (path !== null) grantSave(path);
        return { path };
      },
      'shell:openExternal': ({ url }) => {
        // The shell's own rule, as in the source tree: https, or loopback http (the sandbox's links).
        const safe = openableExternalUrl(url, { allowLoopbackHttp: true });
        if (safe === null) throw new AppError('validation', 'Only https links are opened in the browser.');
        opened.push(safe);
        return { ok: true as const };
      },
      'clipboard:writeText': ({ text }) => {
        copied.push(text);
        return { ok: true as const };
      },
      // The shell's rule with a scripted dialog: a new command is set only when "confirmed".
      'hooks:set': (input) => {
        if (!core) throw new AppError('unavailable', 'This harness has no hook confirmation.', { retryable: false });
        const confirmed = nextHookConfirmation;
        nextHookConfirmation = false;
        const current = core.hooks.current();
        const patch: Partial<Hooks> = input.timeoutSeconds === undefined ? {} : { timeoutSeconds: input.timeoutSeconds };
        for (const moment of HOOK_MOMENTS) {
          const wanted = input[moment];
          if (wanted === undefined) continue;
          if (wanted === null || JSON.stringify(wanted) === JSON.stringify(current[moment]) || confirmed) patch[moment] = wanted;
        }
        return core.hooks.set(patch);
      },
      'updates:status': () => HARNESS_UPDATES,
      'updates:check': () => HARNESS_UPDATES,
      'updates:restart': () => HARNESS_UPDATES,
    },
    setNextDialogResult: (paths) => {
      nextDialog = paths;
    },
    setNextSavePath: (path) => {
      nextSave = path;
    },
    setNextHookConfirmation: (confirm) => {
      nextHookConfirmation = confirm;
    },
    openedLinks: () => opened,
    copiedTexts: () => copied,
  };
}
