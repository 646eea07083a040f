// Chromium standing in for Electron's renderer, around the BUILT preload (out/preload/index.cjs):
// - the preload runs as an init script in every frame, with a `require('electron')` that
//   answers the sandboxed-preload modules it uses: contextBridge (sets window.api),
//   ipcRenderer (invoke/send go over a Playwright binding to the main side, `on` receives
//   what main sends) and webUtils (getPathForFile knows the path of the Files the "browser"
//   made from disk, '' for any File the page built, as in Electron);
// - main's side hands each call to ipcMain (the Electron double's, where electron/main/ipc.ts
//   registered its handlers) with the facts of the frame that really sent it: its URL, whether
//   it has a parent, and an id that is the same for the same Playwright Frame;
// - out/renderer is served on loopback by the app:// handler itself (electron/main/protocol.ts),
//   so every reply carries the app's CSP, as app://vidlift does in Electron.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createServer, type Server } from 'node:http';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import type { IpcMainDouble, FrameFacts } from '../../doubles/electron.ts';
import { createAppRequestHandler } from '../../../electron/main/protocol.ts';
import { APP_ORIGIN } from '../../../electron/main/origins.ts';

const BINDING = '__vidliftIpcToMain';
const DELIVER = '__vidliftIpcFromMain';
const DISK_FILE = '__vidliftFileFromDisk';

/**
 * Builds out/ (npm run build) when the built preload or renderer is missing or older than a
 * source it is made from, as test/boot/run.sh does for the boot suite: `npm test` runs the
 * e2e tests before the boot suite builds.
 */
export function ensureBuilt(repo: string): void {
  const built = [join(repo, 'out/preload/index.cjs'), join(repo, 'out/renderer/index.html')];
  const oldest = Math.min(...built.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
  const sources = ['electron/preload', 'shared', 'renderer'].flatMap((dir) =>
    readdirSync(join(repo, dir), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name)),
  );
  if (sources.some((file) => statSync(file).mtimeMs > oldest)) {
    execFileSync('npm', ['run', 'build'], { cwd: repo, stdio: 'ignore' });
  }
}

/** What every frame runs before its own scripts: the require('electron') shim, then the built preload. */
export async function preloadInitScript(preloadFile: string): Promise<string> {
  const preload = await readFile(preloadFile, 'utf8');
  return `(() => {
  const listeners = new Map();
  const diskPaths = new WeakMap();
  const toMain = (...args) => window[${JSON.stringify(BINDING)}](...args);
  const electron = {
    contextBridge: {
      exposeInMainWorld(key, api) {
        Object.defineProperty(window, key, { value: api, enumerable: true, writable: false, configurable: false });
      },
    },
    ipcRenderer: {
      invoke: (channel, ...args) => toMain('invoke', channel, args),
      send: (channel, ...args) => { void toMain('send', channel, args); },
      on(channel, listener) {
        if (!listeners.has(channel)) listeners.set(channel, new Set());
        listeners.get(channel).add(listener);
        return this;
      },
      removeListener(channel, listener) {
        listeners.get(channel)?.delete(listener);
        return this;
      },
    },
    webUtils: {
      getPathForFile(file) {
        if (!(file instanceof File)) throw new TypeError('getPathForFile: not a File');
        return diskPaths.get(file) ?? '';
      },
    },
  };
  // webContents.send: main delivers an event to this frame's listeners.
  Object.defineProperty(window, ${JSON.stringify(DELIVER)}, {
    value: (channel, payload, accountId) => {
      for (const listener of listeners.get(channel) ?? []) listener({ sender: null }, payload, accountId);
    },
  });
  // The browser process makes disk-backed Files on a drop or a pick; the test asks for one.
  Object.defineProperty(window, ${JSON.stringify(DISK_FILE)}, {
    value: (path, name, base64) => {
      const file = new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], name);
      diskPaths.set(file, path);
      return file;
    },
  });
  const require = (name) => {
    if (name === 'electron') return electron;
    throw new Error('A sandboxed preload cannot require ' + name);
  };
  const module = { exports: {} };
  (function (require, module, exports) {
${preload}
  })(require, module, module.exports);
})();`;
}

/** Stable facts for Playwright frames, shaped like the WebFrameMain fields ipc.ts reads. */
export class FrameRegistry {
  readonly #ids = new WeakMap<Frame, number>();
  #next = 1;

  facts(frame: Frame): FrameFacts {
    let id = this.#ids.get(frame);
    if (id === undefined) {
      id = this.#next++;
      this.#ids.set(frame, id);
    }
    const parent = frame.parentFrame();
    return { url: frame.url(), parent: parent ? this.facts(parent) : null, processId: 1, routingId: id } as unknown as FrameFacts;
  }
}

/** Connects every frame of `context` to `ipcMain`; calls carry the sending frame's facts. */
export async function bridgeToMain(context: BrowserContext, ipcMain: IpcMainDouble, frames: FrameRegistry): Promise<void> {
  await context.exposeBinding(BINDING, async (source, kind: 'invoke' | 'send', channel: string, args: unknown[]) => {
    const sender = frames.facts(source.frame);
    if (kind === 'invoke') return ipcMain.invoke(channel, args[0], sender, args[1]);
    ipcMain.send(channel, args[0], sender);
    return undefined;
  });
}

/** webContents.send for one page's main frame, in order (`accountId`: the account an event is about). */
export function sender(page: Page): (channel: string, payload: unknown, accountId?: string | null) => void {
  let queue = Promise.resolve();
  return (channel, payload, accountId = null) => {
    queue = queue
      .then(() => page.evaluate(([name, c, p, a]) => (window as unknown as Record<string, (c: unknown, p: unknown, a: unknown) => void>)[name]!(c, p, a), [DELIVER, channel, payload, accountId] as const))
      .catch(() => undefined); // the page navigated away or closed: nothing to deliver to
  };
}

/** Makes a File in the page that stands for `path` on disk (as a drop would), and drops it on `selector`. */
export async function dropDiskFile(page: Page, selector: string, path: string, name: string): Promise<void> {
  const base64 = (await readFile(path)).toString('base64');
  await page.evaluate(
    ({ selector, path, name, base64, factory }) => {
      const target = document.querySelector(selector);
      if (!target) throw new Error(`no element ${selector}`);
      const make = (window as unknown as Record<string, (p: string, n: string, b: string) => File>)[factory]!;
      const transfer = new DataTransfer();
      transfer.items.add(make(path, name, base64));
      for (const kind of ['dragenter', 'dragover', 'drop']) {
        target.dispatchEvent(new DragEvent(kind, { bubbles: true, cancelable: true, dataTransfer: transfer }));
      }
    },
    { selector, path, name, base64, factory: DISK_FILE },
  );
}

/** out/renderer over loopback through the app:// request handler (the CSP header included). */
export async function serveRenderer(root: string, csp: () => string): Promise<{ origin: string; close(): Promise<void> }> {
  const handle = createAppRequestHandler({ root, csp });
  const server: Server = createServer((req, res) => {
    const request = new Request(`${APP_ORIGIN}${req.url ?? '/'}`, { method: req.method ?? 'GET' });
    handle(request)
      .then(async (response) => {
        const headers: Record<string, string> = {};
        response.headers.forEach((value, name) => {
          headers[name] = value;
        });
        res.writeHead(response.status, headers);
        res.end(Buffer.from(await response.arrayBuffer()));
      })
      .catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return {
    origin: `http://127.0.0.1:${address.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
