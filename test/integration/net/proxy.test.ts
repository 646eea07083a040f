// Issue 14 item 1: every service call and every file-server upload goes through the proxy the
// resolver names, against real proxies on loopback: an HTTP CONNECT proxy (with and without
// Basic credentials), Debian's microsocks SOCKS5 proxy (with and without credentials), a
// proxy that is down, and NO_PROXY for loopback. The service is the real sandbox host.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceClient } from '../../../electron/core/api/client.ts';
import { createNodeTransport } from '../../../electron/core/api/http.ts';
import { Network } from '../../../electron/core/net/network.ts';
import { environmentResolver, parsePacAnswer, parseProxyAddress, type ProxyResolver, type ProxyRoute } from '../../../electron/core/net/proxy-route.ts';
import { TransferError } from '../../../electron/core/uploads/transfer.ts';
import { sendFileHere } from '../../../electron/core/uploads/transfer-thread.ts';
import { transferInput } from '../../support/file-server-sink.ts';
import { startHost, type Host } from '../../host/index.ts';
import { failure } from '../api/fixtures.ts';
import { freePort, hasMicrosocks, startHttpProxy, startSocksProxy } from '../../support/proxies.ts';

let host: Host;
let dir: string;
let video: string;

beforeAll(async () => {
  host = await startHost({ seed: 'empty' });
  dir = mkdtempSync(join(tmpdir(), 'vidlift-proxy-'));
  video = join(dir, 'clip.mp4');
  // An MP4 header (ftyp) and random bytes: enough for the sandbox's file server.
  writeFileSync(video, Buffer.concat([Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'), randomBytes(300_000)]));
});

afterAll(async () => {
  await host?.close();
  rmSync(dir, { recursive: true, force: true });
});

const through = (route: ProxyRoute): ProxyResolver => ({ routeFor: () => Promise.resolve(route) });

function clientVia(network: Network): ServiceClient {
  return new ServiceClient({ baseUrl: host.baseUrl, apiKey: host.apiKey, transport: createNodeTransport(network), deadlineMs: 5_000 });
}

/** The test video to `url` with `session`, by the network's route for it. */
async function sendVideo(network: Network, url: string, session: string): Promise<{ fileCode: string }> {
  const route = await network.routeFor(new URL(url), 'fresh');
  // The engine's own port: the transfer thread, the route crossing to it as data.
  return sendFileHere(transferInput(url, video, 300_024, { session, route }));
}

/** One real upload: a target from the service, the file to its file server, then operation 15. */
async function uploadVia(network: Network): Promise<string> {
  const client = clientVia(network);
  const target = await client.uploadTarget();
  const { fileCode } = await sendVideo(network, target.url, target.session);
  const info = await client.videoInfo({ id: fileCode });
  return info.id;
}

describe('through an HTTP proxy (CONNECT)', () => {
  it('reads, uploads and reads back through the proxy, which only ever sees CONNECT lines', async () => {
    const proxy = await startHttpProxy();
    const network = new Network(through(parseProxyAddress(proxy.url)!));
    try {
      const account = await clientVia(network).account();
      expect(account).toBeTruthy();
      expect(await uploadVia(network)).toMatch(/\w+/);
      const hostPort = new URL(host.baseUrl).host;
      // Reads share one kept-alive tunnel; the upload (a POST) always gets a fresh one.
      expect(proxy.requests.length).toBeGreaterThanOrEqual(2);
      // Every request was a tunnel to the service: no forwarded request the proxy could read.
      expect(proxy.requests.every((line) => line.startsWith('CONNECT 127.0.0.1:'))).toBe(true);
      expect(proxy.requests.some((line) => line === `CONNECT ${hostPort}`)).toBe(true);
      // The key never reached the proxy as something it could read.
      expect(proxy.headerText.join('\n')).not.toContain(host.apiKey);
    } finally {
      network.close();
      await proxy.close();
    }
  });

  it('a proxy that asks for credentials: refused in words without them, works with them', async () => {
    const proxy = await startHttpProxy({ username: 'ana', password: 'p@ss:word' });
    const without = new Network(through(parseProxyAddress(proxy.url)!));
    const withCredentials = new Network(through({ ...parseProxyAddress(proxy.url)!, username: 'ana', password: 'p@ss:word' } as ProxyRoute));
    try {
      const error = await failure(clientVia(without).account());
      expect(error.kind).toBe('network');
      expect(error.message).toMatch(/HTTP proxy 127\.0\.0\.1:\d+ asks for a user name and password/);
      expect(await uploadVia(withCredentials)).toMatch(/\w+/);
    } finally {
      without.close();
      withCredentials.close();
      await proxy.close();
    }
  });

  it('a proxy that is down says the proxy cannot be reached, for a call and for an upload', async () => {
    const port = await freePort();
    const network = new Network(through({ kind: 'proxy', scheme: 'http', host: '127.0.0.1', port }));
    try {
      const error = await failure(clientVia(network).account());
      expect(error.message).toMatch(new RegExp(`HTTP proxy 127\\.0\\.0\\.1:${port} cannot be reached \\(ECONNREFUSED\\)`));
      // The transfer, given a direct target URL, still goes to the dead proxy.
      const sent = sendVideo(network, `${host.baseUrl}/upload/01`, 'x'.repeat(24));
      const transferError = await sent.then(() => null, (e: unknown) => e);
      expect(transferError).toBeInstanceOf(TransferError);
      expect((transferError as TransferError).message).toMatch(/proxy .* cannot be reached/);
      expect((transferError as TransferError).maybeReceived).toBe(false);
    } finally {
      network.close();
    }
  });
});

describe.skipIf(!hasMicrosocks() && !process.env.CI)('through a SOCKS5 proxy (Debian microsocks)', () => {
  it('reads, uploads and reads back', async () => {
    const socks = await startSocksProxy();
    const network = new Network(through({ kind: 'proxy', scheme: 'socks5', host: '127.0.0.1', port: socks.port }));
    try {
      expect(await clientVia(network).account()).toBeTruthy();
      expect(await uploadVia(network)).toMatch(/\w+/);
    } finally {
      network.close();
      await socks.close();
    }
  });

  it('with credentials: refused without them, works with them', async () => {
    const socks = await startSocksProxy({ username: 'ana', password: 'secret1' });
    const route: ProxyRoute = { kind: 'proxy', scheme: 'socks5', host: '127.0.0.1', port: socks.port };
    const without = new Network(through(route));
    const withCredentials = new Network(through({ ...route, username: 'ana', password: 'secret1' }));
    try {
      const error = await failure(clientVia(without).account());
      expect(error.message).toMatch(/SOCKS5 proxy 127\.0\.0\.1:\d+/);
      expect(await clientVia(withCredentials).account()).toBeTruthy();
    } finally {
      without.close();
      withCredentials.close();
      await socks.close();
    }
  });
});

describe('the proxy environment variables (plain Node, the command line)', () => {
  const saved = { ...process.env };
  const restore = (): void => {
    for (const name of ['HTTP_PROXY', 'HTTPS_PROXY', 'ALL_PROXY', 'NO_PROXY', 'http_proxy', 'https_proxy', 'all_proxy', 'no_proxy']) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  };

  it('HTTP_PROXY is followed, and NO_PROXY for loopback goes direct', async () => {
    const proxy = await startHttpProxy();
    const network = new Network(environmentResolver);
    try {
      process.env.HTTP_PROXY = proxy.url;
      delete process.env.NO_PROXY;
      delete process.env.no_proxy;
      await clientVia(network).account();
      expect(proxy.requests.length).toBe(1);
      process.env.NO_PROXY = 'localhost,127.0.0.1';
      await clientVia(network).account();
      expect(proxy.requests.length).toBe(1);
    } finally {
      restore();
      network.close();
      await proxy.close();
    }
  });
});

/** A SOCKS4 proxy on loopback (RFC-less but tiny: VN 4, CONNECT, port, IPv4, user id, NUL): the PAC `SOCKS` kind. */
async function startSocks4Proxy(): Promise<{ port: number; connects: string[]; close(): Promise<void> }> {
  const connects: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    sockets.add(client);
    client.once('close', () => sockets.delete(client));
    let head = Buffer.alloc(0);
    const onData = (chunk: Buffer): void => {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf(0, 8);
      if (head.length < 9 || end < 0) return;
      client.off('data', onData);
      if (head[0] !== 4 || head[1] !== 1) {
        client.destroy();
        return;
      }
      const port = head.readUInt16BE(2);
      const ip = [...head.subarray(4, 8)].join('.');
      connects.push(`${ip}:${port}`);
      const upstream = connect(port, ip, () => {
        client.write(Buffer.from([0, 0x5a, 0, 0, 0, 0, 0, 0]));
        const rest = head.subarray(end + 1);
        if (rest.length > 0) upstream.write(rest);
        client.pipe(upstream).pipe(client);
      });
      sockets.add(upstream);
      upstream.once('close', () => sockets.delete(upstream));
      upstream.once('error', () => client.destroy());
      client.once('error', () => upstream.destroy());
    };
    client.on('data', onData);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connects,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('PAC answers (issue 27 item 11): SOCKS is SOCKS4, and nothing unusable goes direct', () => {
  const pac = (answer: string): ProxyResolver => ({ routeFor: () => Promise.resolve(parsePacAnswer(answer)) });

  it.each(['SOCKS', 'SOCKS4'])('a PAC "%s host:port" answer reads and uploads through a SOCKS4 proxy', async (keyword) => {
    const socks4 = await startSocks4Proxy();
    const network = new Network(pac(`${keyword} 127.0.0.1:${socks4.port}`));
    try {
      await clientVia(network).account();
      expect(socks4.connects).toEqual([`127.0.0.1:${new URL(host.baseUrl).port}`]);
      await uploadVia(network);
      // The upload's POSTs take fresh connections, each through the proxy.
      expect(socks4.connects.length).toBeGreaterThan(1);
    } finally {
      network.close();
      await socks4.close();
    }
  });

  it('an answer naming only a kind Vidlift cannot use fails in words and sends nothing, for a call and for an upload', async () => {
    const requestsBefore = host.control.requestLog().length;
    const network = new Network(pac('QUIC 127.0.0.1:443'));
    try {
      const error = await failure(clientVia(network).account());
      expect(error.message).toContain(
        'The proxy settings name a proxy “QUIC 127.0.0.1:443”, a kind of proxy Vidlift cannot use, so nothing was sent. Choose an HTTP, SOCKS4 or SOCKS5 proxy in the system\'s settings or in Settings → Network.',
      );
      const sent = sendVideo(network, `${host.baseUrl}/upload/01`, 'x'.repeat(24));
      const transferError = await sent.then(() => null, (e: unknown) => e);
      expect(transferError).toBeInstanceOf(TransferError);
      expect((transferError as TransferError).message).toMatch(/cannot use, so nothing was sent/);
      expect((transferError as TransferError).maybeReceived).toBe(false);
      expect(host.control.requestLog().length).toBe(requestsBefore);
    } finally {
      network.close();
    }
  });
});
