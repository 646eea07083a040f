// The harness's stand-in for Electron's vidlift-media:// scheme: lent local videos served
// over loopback with byte ranges, by the same core code (core.media.serve), with CORS for
// the harness page's origin only so a frame drawn to a canvas stays readable.
import { createServer, type Server } from 'node:http';
import type { Core } from '../../electron/core/core.ts';

export interface MediaServer {
  /** The URL a token is served on. */
  url(token: string): string;
  close(): Promise<void>;
}

export async function startMediaServer(core: () => Core, pageOrigin: () => string | null): Promise<MediaServer> {
  const server: Server = createServer((req, res) => {
    const origin = pageOrigin();
    const cors: Record<string, string> = origin ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' } : {};
    const match = /^\/media\/([^/?#]+)$/.exec(req.url ?? '');
    if (!match) {
      res.writeHead(404, cors).end();
      return;
    }
    core()
      .media.serve(match[1]!, req.method ?? 'GET', req.headers.range)
      .then((reply) => {
        res.writeHead(reply.status, { ...reply.headers, ...cors });
        if (!reply.body) {
          res.end();
          return;
        }
        reply.body.pipe(res);
        res.once('close', () => reply.body?.destroy());
      })
      .catch(() => res.writeHead(500, cors).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('media server has no address');
  const base = `http://127.0.0.1:${address.port}`;
  return {
    url: (token) => `${base}/media/${token}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
