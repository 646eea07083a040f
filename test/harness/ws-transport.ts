// Serves the contract over a loopback WebSocket. Only a client that knows the per-run random
// token and comes from the harness page's own origin is answered: the same rules as the
// Electron shell's sender check, adapted to a socket.
import { WebSocketServer, type WebSocket } from 'ws';
import type { AddressInfo } from 'node:net';
import type { IncomingMessage } from 'node:http';
import type { Dispatch } from '../../electron/core/rpc/dispatch.ts';
import type { EventHub } from '../../electron/core/rpc/events.ts';
import type { Envelope } from '../../shared/errors.ts';
import type { ClientMessage, ServerMessage } from './protocol.ts';

export interface WsTransportOptions {
  dispatch: Dispatch;
  events: EventHub;
  token: string;
  /** The only Origin header accepted (the page's origin); null accepts none. */
  allowedOrigin: () => string | null;
  /** A path the page says the person dropped (checked by the caller: fixture-grants.ts). */
  onGrant: (path: unknown) => void;
  /** A drop for the upload queue (electron/main/drop.ts, with the fixture check of the caller). */
  onDrop: (message: unknown, accountId: unknown) => Promise<Envelope<unknown>>;
  /** A message handler failed: reported, never thrown out of the socket's event. */
  onError?: (error: unknown) => void;
}

export interface WsTransport {
  url: string;
  close(): Promise<void>;
}

const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

export async function startWsTransport(options: WsTransportOptions): Promise<WsTransport> {
  const server = new WebSocketServer({
    host: '127.0.0.1',
    port: 0,
    maxPayload: MAX_MESSAGE_BYTES,
    verifyClient: ({ origin }: { origin: string; req: IncomingMessage }) => origin === options.allowedOrigin(),
  });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const unsubscribe = options.events.subscribe((event, payload, accountId) => {
    for (const socket of server.clients) if (authenticated.has(socket)) send(socket, { type: 'event', event, payload, accountId });
  });
  const authenticated = new WeakSet<WebSocket>();

  server.on('connection', (socket) => {
    socket.on('message', (raw) => {
      // Whatever a client sends, the harness process keeps running.
      try {
        handle(socket, raw.toString());
      } catch (error) {
        options.onError?.(error);
        socket.close(1011, 'message failed');
      }
    });
  });

  function handle(socket: WebSocket, text: string): void {
    const message = parse(text);
    if (!message) return socket.close(1008, 'bad message');
    if (!authenticated.has(socket)) {
      if (message.type !== 'hello' || message.token !== options.token) return socket.close(1008, 'unauthorized');
      authenticated.add(socket);
      return send(socket, { type: 'ready' });
    }
    if (message.type === 'grant') return options.onGrant(message.path);
    if (message.type === 'call') answerWith(socket, message.id, options.dispatch(message.method, message.input, message.accountId));
    if (message.type === 'drop') answerWith(socket, message.id, options.onDrop(message.message, message.accountId));
  }

  function answerWith(socket: WebSocket, id: number, answer: Promise<Envelope<unknown>>): void {
    answer.then((envelope) => send(socket, { type: 'result', id, envelope })).catch((error: unknown) => options.onError?.(error));
  }

  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}`,
    close: async () => {
      unsubscribe();
      for (const socket of server.clients) socket.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function send(socket: WebSocket, message: ServerMessage): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

function parse(text: string): ClientMessage | null {
  try {
    const value = JSON.parse(text) as ClientMessage;
    return value && typeof value === 'object' && typeof value.type === 'string' ? value : null;
  } catch {
    return null;
  }
}
