// Builds window.api from the contract's names: one invoker per method, which forwards the
// input and the account the call names (main checks both), event subscription that only
// accepts contract events and hands over the payload and the account it is about (never the
// IpcRendererEvent, whose `sender` is the ipcRenderer itself), a drop for the upload queue in
// one message, and the path of one dropped file.
// Nothing else crosses the bridge: no ipcRenderer, no Node.
import type { IpcRenderer, IpcRendererEvent, WebUtils } from 'electron';
import type { DropOptions, WindowApi } from '../../shared/contract.ts';
// The names only (shared/contract-names.ts): the schemas, and zod with them, stay out of the preload.
import { EVENT_NAMES, METHOD_NAMES } from '../../shared/contract-names.ts';
import { FILES_DROP_CHANNEL, FILES_GRANT_CHANNEL } from './channels.ts';

type Ipc = Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener' | 'send'>;

const eventNames: ReadonlySet<string> = new Set(EVENT_NAMES);

export function buildWindowApi(ipc: Ipc, webUtils: Pick<WebUtils, 'getPathForFile'>): WindowApi {
  const api: Record<string, unknown> = {};
  for (const method of METHOD_NAMES) {
    api[method] = (input?: unknown, accountId?: unknown) => ipc.invoke(method, input, accountId);
  }
  api.on = (event: unknown, listener: unknown): (() => void) => {
    if (typeof event !== 'string' || !eventNames.has(event)) throw new TypeError(`Unknown event: ${String(event)}`);
    if (typeof listener !== 'function') throw new TypeError('The listener must be a function.');
    const forward = (_event: IpcRendererEvent, payload: unknown, accountId: unknown): void => {
      (listener as (payload: unknown, accountId: string | null) => void)(payload, typeof accountId === 'string' ? accountId : null);
    };
    ipc.on(event, forward);
    return () => {
      ipc.removeListener(event, forward);
    };
  };
  // getPathForFile throws for anything that is not a real File; a File the page built itself
  // has no path (''), and main refuses the drop (electron/main/drop.ts). The page never names a path.
  api.dropFiles = async (files: readonly File[], options: DropOptions, accountId: unknown): Promise<unknown> => {
    const paths = Array.from(files, (file) => webUtils.getPathForFile(file));
    return ipc.invoke(FILES_DROP_CHANNEL, { ...options, paths }, accountId);
  };
  api.pathForFile = (file: File): string => {
    // getPathForFile throws for anything that is not a real File; a File the page built
    // itself has no path (''). Only real paths of dropped or picked files are granted.
    const path = webUtils.getPathForFile(file);
    if (path !== '') ipc.send(FILES_GRANT_CHANNEL, path);
    return path;
  };
  return Object.freeze(api) as unknown as WindowApi;
}
