// The contract methods only the shell can answer: facts about the app, native dialogs and
// the system browser. They are merged with the core's handlers into the full table.
import type { Core, ShellMethod } from '../core/core.ts';
import type { Handlers } from '../core/rpc/dispatch.ts';
import { AppError } from '../../shared/errors.ts';
import { confirmHookCommand, openFiles, openFolder, pickWatchFolders, saveFile, type DialogDeps } from './dialogs.ts';
import { HOOK_MOMENTS, type Hooks } from '../../shared/notify.ts';
import { isOpenableExternally, type ExternalLinkPolicy } from './security.ts';
import type { UpdateController } from './updates.ts';

export type ShellHandlers = Pick<Handlers, ShellMethod>;

export interface ShellHandlerDeps {
  app: { getName(): string; getVersion(): string; isPackaged: boolean; getPreferredSystemLanguages(): string[] };
  platform: NodeJS.Platform;
  sandboxAvailable: boolean;
  dialogs: DialogDeps;
  /** Makes the folders picked in the watch dialog watch folders (Core.addWatchFolders). */
  addWatchFolders: Core['addWatchFolders'];
  linkPolicy: ExternalLinkPolicy;
  /** The checked door to the browser (external-links.ts): answers whether the link was opened. */
  openExternal: (url: string) => Promise<boolean>;
  /** Electron 45's clipboard.writeText answers a promise: a failed write must not be reported as copied. */
  writeClipboard: (text: string) => Promise<void>;
  updates: Pick<UpdateController, 'status' | 'check' | 'restart'>;
  /** The hook settings (Core.hooks): set only after the person confirmed each new command here. */
  hooks: Core['hooks'];
}

export function createShellHandlers(deps: ShellHandlerDeps): ShellHandlers {
  return {
    'app:info': () => ({
      name: deps.app.getName(),
      version: deps.app.getVersion(),
      platform: deps.platform,
      packaged: deps.app.isPackaged,
      sandboxAvailable: deps.sandboxAvailable,
    }),
    // The window picks its language from these (shared/i18n/locales.ts resolveLocale) unless Settings names one.
    'app:preferredLanguages': () => deps.app.getPreferredSystemLanguages().slice(0, 64),
    'dialog:openFiles': ({ kind }) => openFiles(kind, deps.dialogs),
    'dialog:openFolder': () => openFolder(deps.dialogs),
    'dialog:saveFile': ({ suggestedName }) => saveFile(suggestedName, deps.dialogs),
    'watch:add': async () => deps.addWatchFolders((await pickWatchFolders(deps.dialogs)).paths),
    'shell:openExternal': async ({ url }) => {
      if (!isOpenableExternally(url, deps.linkPolicy)) {
        throw new AppError('validation', 'Only https links can be opened in the browser.', { retryable: false });
      }
      // Declined in the question about an unknown host: nothing went wrong, nothing opened.
      await deps.openExternal(url);
      return { ok: true as const };
    },
    'clipboard:writeText': async ({ text }) => {
      try {
        await deps.writeClipboard(text);
      } catch (error) {
        throw new AppError('unavailable', 'The link could not be copied. Try again.', { retryable: true, cause: error });
      }
      return { ok: true as const };
    },
    'hooks:set': async (input) => {
      const current = deps.hooks.current();
      const patch: Partial<Hooks> = input.timeoutSeconds === undefined ? {} : { timeoutSeconds: input.timeoutSeconds };
      for (const moment of HOOK_MOMENTS) {
        const wanted = input[moment];
        if (wanted === undefined) continue;
        // Clearing a hook, or keeping the one set, runs nothing new: no question.
        const unchanged = wanted === null || JSON.stringify(wanted) === JSON.stringify(current[moment]);
        if (unchanged || (await confirmHookCommand(moment, wanted, deps.dialogs))) patch[moment] = wanted;
      }
      return deps.hooks.set(patch);
    },
    'updates:status': () => deps.updates.status,
    'updates:check': () => deps.updates.check(),
    'updates:restart': () => deps.updates.restart(),
  };
}
