// Browser side of the harness: builds the same `window.api` the preload exposes in Electron
// (one invoker per contract method, `on`, `dropFiles`, `pathForFile`) over the harness WebSocket. Loaded
// by the harness page before the app's own script.
import type { Envelope } from '../../shared/errors.ts';
import type { ClientMessage, ServerMessage } from './protocol.ts';
import config from 'virtual:vidlift-harness-config';
// The method list comes from the contract's names only (no schemas in the page), the same
// way the preload builds its invokers.
import { METHOD_NAMES } from '../../shared/contract-names.ts';


type Listener = (payload: unknown, accountId: string | null) => void;

const pending = new Map<number, (envelope: Envelope<unknown>) => void>();
const listeners = new Map<string, Set<Listener>>();
let nextId = 1;

const socket = new WebSocket(config.wsUrl);
const ready = new Promise<void>((resolve, reject) => {
  socket.addEventListener('open', () => sendRaw({ type: 'hello', token: config.token }));
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as ServerMessage;
    if (message.type === 'ready') resolve();
    else if (message.type === 'result') pending.get(message.id)?.(message.envelope);
    else if (message.type === 'event') for (const listener of listeners.get(message.event) ?? []) listener(message.payload, message.accountId);
  });
  socket.addEventListener('close', () => {
    reject(new Error('harness connection closed'));
    for (const [id, settle] of pending) {
      pending.delete(id);
      settle({ ok: false, error: { code: 'offline', message: 'The harness connection closed.', retryable: true } });
    }
  });
});

function sendRaw(message: ClientMessage): void {
  socket.send(JSON.stringify(message));
}

/** Sends a message that is answered by a result, and waits for that result. */
async function request(message: (id: number) => ClientMessage): Promise<Envelope<unknown>> {
  await ready;
  const id = nextId++;
  return new Promise((resolve) => {
    pending.set(id, (envelope) => {
      pending.delete(id);
      resolve(envelope);
    });
    sendRaw(message(id));
  });
}

const call = (method: string, input: unknown, accountId: unknown): Promise<Envelope<unknown>> => request((id) => ({ type: 'call', id, method, input, accountId }));

const api: Record<string, unknown> = {};
for (const method of METHOD_NAMES) api[method] = (input?: unknown, accountId?: unknown) => call(method, input, accountId);
api.on = (event: string, listener: Listener) => {
  let set = listeners.get(event);
  if (!set) listeners.set(event, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
};
// In Electron the preload asks webUtils for the real path of a dropped File. Here a File
// stands for the file of the same name in the fixture folder the test prepared.
const fixturePath = (file: File): string => `${config.fixtureDir}/${file.name}`;
api.dropFiles = (files: readonly File[], options: object, accountId: unknown) => request((id) => ({ type: 'drop', id, message: { ...options, paths: Array.from(files, fixturePath) }, accountId }));
api.pathForFile = (file: File) => {
  const path = fixturePath(file);
  void ready.then(() => sendRaw({ type: 'grant', path }));
  return path;
};

(window as unknown as { api: unknown }).api = Object.freeze(api);
