// Loopback receivers for the notification destinations: each records every request it gets
// (method, path, headers, body) and answers as its service does. One can be taken down (its
// port closed: the connection is refused) and brought back on the same port.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Receiver {
  /** http://127.0.0.1:<port> */
  base: string;
  received: Received[];
  /** Closes the port: requests are refused until up(). */
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

/** `answer`: the status and body for a request (default 204, no body). Telegram's stand-in answers {ok:true}. */
export async function startReceiver(answer: (request: Received) => { status: number; body?: string } = () => ({ status: 204 })): Promise<Receiver> {
  const received: Received[] = [];
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(request);
      const { status, body } = answer(request);
      res.writeHead(status, body === undefined ? {} : { 'Content-Type': 'application/json' });
      res.end(body);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const closeServer = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return {
    base: `http://127.0.0.1:${port}`,
    received,
    down: closeServer,
    up: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    close: async () => {
      if (server.listening) await closeServer();
    },
  };
}

/** Telegram's Bot API sendMessage, as a local stand-in: POST /bot<token>/sendMessage with chat_id and text. */
export function telegramAnswer(token: string) {
  return (request: Received): { status: number; body: string } => {
    if (request.method !== 'POST' || request.path !== `/bot${token}/sendMessage`) return { status: 404, body: JSON.stringify({ ok: false, error_code: 404, description: 'Not Found' }) };
    const sent = JSON.parse(request.body) as { chat_id?: unknown; text?: unknown };
    if (sent.chat_id === undefined || typeof sent.text !== 'string' || sent.text.length === 0 || sent.text.length > 4096) {
      return { status: 400, body: JSON.stringify({ ok: false, error_code: 400, description: 'Bad Request: message text is empty' }) };
    }
    return { status: 200, body: JSON.stringify({ ok: true, result: { message_id: 1, chat: { id: sent.chat_id }, text: sent.text } }) };
  };
}
