// One listening HTTP server that can go offline (destroy new connections), stop and start
// again on the same port, and close without leaking sockets.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void;

export class Listener {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private readonly handler: RequestHandler;
  private readonly host: string;
  port: number;
  offline = false;

  constructor(handler: RequestHandler, host: string, port: number) {
    this.handler = handler;
    this.host = host;
    this.port = port;
  }

  get url(): string {
    const h = this.host.includes(':') ? `[${this.host}]` : this.host;
    return `http://${h}:${this.port}`;
  }

  async start(): Promise<void> {
    if (this.server) return;
    // A large highWaterMark lets the file server read loopback uploads in big chunks.
    const server = createServer({ highWaterMark: 1024 * 1024, keepAliveTimeout: 5000, requestTimeout: 0 }, this.handler);
    server.on('connection', (socket: Socket) => {
      if (this.offline) {
        socket.destroy();
        return;
      }
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    server.on('clientError', (_err, socket) => socket.destroy());
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, this.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const addr = server.address();
    if (addr && typeof addr === 'object') this.port = addr.port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    server.closeAllConnections();
    await closed;
  }

  /** Going offline also drops connections already open, as a dead service would. */
  setOffline(on: boolean): void {
    this.offline = on;
    if (on) {
      for (const s of this.sockets) s.destroy();
      this.sockets.clear();
    }
  }
}
