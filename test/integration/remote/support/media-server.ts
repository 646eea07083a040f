// A tiny loopback origin for the sandbox host's remote worker to download from:
// /ok/<name> answers at once, /hold/<name> waits until the test releases it (so items stay
// active while the test counts), anything else is a 404 (the item ends failed).
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const BODY = Buffer.alloc(2048, 7);

export class MediaServer {
  readonly #server: Server;
  readonly #held: ServerResponse[] = [];
  #allowance = 0;
  url = '';

  constructor() {
    this.#server = createServer((req, res) => {
      const path = req.url ?? '/';
      if (path.startsWith('/ok/')) return this.#answer(res);
      if (path.startsWith('/hold/')) {
        if (this.#allowance > 0) {
          this.#allowance--;
          return this.#answer(res);
        }
        this.#held.push(res);
        return;
      }
      res.writeHead(404);
      res.end('missing');
    });
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  /** Lets `count` more held downloads finish: the ones waiting now first, then new ones. */
  release(count: number): void {
    this.#allowance += count;
    while (this.#allowance > 0 && this.#held.length > 0) {
      this.#allowance--;
      this.#answer(this.#held.shift() as ServerResponse);
    }
  }

  get heldCount(): number {
    return this.#held.length;
  }

  async close(): Promise<void> {
    for (const res of this.#held.splice(0)) res.destroy();
    this.#server.closeAllConnections();
    await new Promise((resolve) => this.#server.close(resolve));
  }

  #answer(res: ServerResponse): void {
    res.writeHead(200, { 'Content-Type': 'video/mp4', 'Content-Length': BODY.length });
    res.end(BODY);
  }
}
