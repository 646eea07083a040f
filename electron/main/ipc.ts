// Serves the contract over Electron IPC. Every message is checked before anything else:
// it must come from the main frame of our window, whose document is on the renderer's
// origin (app://vidlift, or the dev server in development). A missing frame (navigated away
// or destroyed), a subframe, or any other origin is refused with an envelope error, and the
// refusal is logged without the payload (it may carry paths or a key). Beside the contract:
// the preload's two file channels (electron/preload/channels.ts), under the same check.
import { ipcMain as electronIpcMain, type IpcMain, type IpcMainEvent, type IpcMainInvokeEvent, type WebFrameMain } from 'electron';
import { METHOD_NAMES } from '../../shared/contract.ts';
import type { Envelope } from '../../shared/errors.ts';
import type { Dispatch } from '../core/rpc/dispatch.ts';
import type { Logger } from '../core/log/logger.ts';
import { MAX_PATH } from '../../shared/model.ts';
import { FILES_DROP_CHANNEL, FILES_GRANT_CHANNEL } from '../preload/channels.ts';
import { acceptDrop } from './drop.ts';
import { originOf } from './origins.ts';

type FrameFacts = Pick<WebFrameMain, 'url' | 'parent' | 'processId' | 'routingId'>;

export interface SenderPolicy {
  /** The exact origin the renderer is served from. */
  origin: string;
  /** The main frame of our window right now (null while there is no window). */
  mainFrame: () => FrameFacts | null | undefined;
}

/** Why a message is refused, or null when it comes from our window's main frame on our origin. */
export function senderRefusal(event: { senderFrame: FrameFacts | null | undefined }, policy: SenderPolicy): string | null {
  const frame = event.senderFrame;
  if (!frame) return 'no sender frame';
  if (frame.parent !== null) return 'sent from a subframe';
  const main = policy.mainFrame();
  if (!main || main.processId !== frame.processId || main.routingId !== frame.routingId) return 'not the main frame of the window';
  if (originOf(frame.url) !== policy.origin) return 'foreign origin';
  return null;
}

export const REFUSED: Envelope<never> = {
  ok: false,
  error: { code: 'validation', message: 'This request did not come from the Vidlift window and was refused.', retryable: false },
};

export interface ServeOptions {
  /** Electron's ipcMain unless a test passes a stand-in. */
  ipcMain?: Pick<IpcMain, 'handle' | 'removeHandler' | 'on' | 'removeListener'>;
  dispatch: Dispatch;
  policy: SenderPolicy;
  logger: Logger;
  /** Records the path of a File the person dropped or picked (sent by the preload). */
  grantPath: (path: string) => void;
}

/** Registers one handler per contract method and the file channels; returns the undo. */
export function serveContract(options: ServeOptions): () => void {
  const { dispatch, policy, logger } = options;
  const ipcMain = options.ipcMain ?? electronIpcMain;
  for (const method of METHOD_NAMES) {
    ipcMain.handle(method, async (event: IpcMainInvokeEvent, input: unknown, accountId: unknown) => {
      const refusal = senderRefusal(event, policy);
      if (refusal !== null) {
        logger.warn('IPC call refused', { method, reason: refusal, origin: originOf(event.senderFrame?.url) });
        return REFUSED;
      }
      return dispatch(method, input, accountId);
    });
  }
  const onGrant = (event: IpcMainEvent, path: unknown): void => {
    const refusal = senderRefusal(event, policy);
    if (refusal !== null) {
      logger.warn('File grant refused', { reason: refusal, origin: originOf(event.senderFrame?.url) });
      return;
    }
    if (typeof path !== 'string' || path.length === 0 || path.length > MAX_PATH) return;
    try {
      options.grantPath(path);
    } catch (error) {
      logger.warn('A dropped path could not be granted', { error });
    }
  };
  ipcMain.on(FILES_GRANT_CHANNEL, onGrant);
  ipcMain.handle(FILES_DROP_CHANNEL, async (event: IpcMainInvokeEvent, message: unknown, accountId: unknown) => {
    const refusal = senderRefusal(event, policy);
    if (refusal !== null) {
      logger.warn('Drop refused', { reason: refusal, origin: originOf(event.senderFrame?.url) });
      return REFUSED;
    }
    return acceptDrop(message, accountId, { grantPath: options.grantPath, dispatch });
  });
  return () => {
    for (const method of METHOD_NAMES) ipcMain.removeHandler(method);
    ipcMain.removeHandler(FILES_DROP_CHANNEL);
    ipcMain.removeListener(FILES_GRANT_CHANNEL, onGrant);
  };
}
