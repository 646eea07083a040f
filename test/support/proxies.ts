// Real proxies on loopback for the network tests and the proxy bench:
// - an HTTP CONNECT proxy: the `proxy` package (TooTallNate's, the one the proxy agents are
//   tested against), optionally asking for Basic credentials; it records what it was asked;
// - a SOCKS5 proxy: Debian's microsocks (installed by .ci/run), optionally with user/password.
import { spawn, type ChildProcess } from 'node:child_process';
import { statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import net from 'node:net';
import { createProxy } from 'proxy';

export interface HttpProxy {
  url: string;
  port: number;
  /** Every request line the proxy received: `CONNECT host:port` or a forwarded `GET http://…`. */
  requests: string[];
  /** Every header block it received, as raw text (to look for secrets). */
  headerText: string[];
  close(): Promise<void>;
}

export async function startHttpProxy(credentials?: { username: string; password: string }): Promise<HttpProxy> {
  const requests: string[] = [];
  const headerText: string[] = [];
  const record = (req: IncomingMessage): void => {
    requests.push(`${req.method} ${req.url}`);
    headerText.push(req.rawHeaders.join('\n'));
  };
  const server: Server = createServer();
  server.prependListener('connect', record);
  server.prependListener('request', record);
  const proxy = createProxy(server);
  if (credentials) {
    const expected = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
    proxy.authenticate = (req) => req.headers['proxy-authorization'] === expected;
  }
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const port = (proxy.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    headerText,
    close: () =>
      new Promise<void>((resolve) => {
        proxy.closeAllConnections();
        proxy.close(() => resolve());
      }),
  };
}

export interface SocksProxy {
  port: number;
  close(): Promise<void>;
}

export function hasMicrosocks(): boolean {
  return (process.env.PATH ?? '').split(':').some((dir) => {
    try {
      return statSync(`${dir}/microsocks`).isFile();
    } catch {
      return false;
    }
  });
}

/** A free loopback port (closed again at once), for a proxy that must be down or a child. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function startSocksProxy(credentials?: { username: string; password: string }): Promise<SocksProxy> {
  const port = await freePort();
  const args = ['-i', '127.0.0.1', '-p', String(port), ...(credentials ? ['-u', credentials.username, '-P', credentials.password] : [])];
  const child: ChildProcess = spawn('microsocks', args, { stdio: 'ignore' });
  await waitForPort(port, child);
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function waitForPort(port: number, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) throw new Error(`microsocks exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`microsocks did not listen on ${port} within 5 s`);
}
