// `npm run bench -- proxy`: upload throughput through proxies against the direct route, in the
// same run (issue 14 item 1). The sandbox host runs in its own process, and so does the HTTP
// CONNECT proxy (the `proxy` package, started by this same file with VIDLIFT_BENCH_PROXY set);
// the SOCKS5 proxy is Debian's microsocks. The sender is the core's own file-server transfer
// (transfer.ts with the Network's route), so what is measured is what the app does.
//
// Reports MiB/s of each route on a 256 MiB file (3 rounds, alternating, median), each proxy's
// ratio to direct, and how much the sender's RSS grew over all the rounds (streaming stays flat
// through a tunnel too).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MiB = 1024 * 1024;
const FILE_MIB = 256;
const ROUNDS = 3;
const HERE = fileURLToPath(import.meta.url);
const HOST_CLI = fileURLToPath(new URL('../host/cli.ts', import.meta.url));

async function firstLine(child: ChildProcess, what: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      const newline = buffer.indexOf('\n');
      if (newline >= 0) resolve(buffer.slice(0, newline));
    });
    child.once('exit', (code) => reject(new Error(`${what} exited with ${code}`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function proxyChild(): Promise<void> {
  const { startHttpProxy } = await import('../support/proxies.ts');
  const proxy = await startHttpProxy();
  process.stdout.write(`${JSON.stringify({ port: proxy.port })}\n`);
  process.once('SIGTERM', () => void proxy.close().then(() => process.exit(0)));
}

function writeFile(path: string, mib: number): void {
  const fd = openSync(path, 'w');
  const header = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');
  writeSync(fd, header);
  const block = randomBytes(MiB);
  for (let i = 0; i < mib; i++) writeSync(fd, block);
  closeSync(fd);
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export default async function run(): Promise<void> {
  const { ServiceClient } = await import('../../electron/core/api/client.ts');
  const { createNodeTransport } = await import('../../electron/core/api/http.ts');
  const { Network } = await import('../../electron/core/net/network.ts');
  const { sendFile } = await import('../../electron/core/uploads/transfer.ts');
  const { transferInput } = await import('../support/file-server-sink.ts');
  const { hasMicrosocks, startSocksProxy } = await import('../support/proxies.ts');
  type Route = import('../../electron/core/net/proxy-route.ts').ProxyRoute;

  const dir = mkdtempSync(join(tmpdir(), 'vidlift-proxy-bench-'));
  const file = join(dir, 'big.mp4');
  writeFile(file, FILE_MIB);
  const size = FILE_MIB * MiB + 24;
  const host = spawn(process.execPath, [HOST_CLI, '--seed', 'empty'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const proxyProcess = spawn(process.execPath, [HERE], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, VIDLIFT_BENCH_PROXY: '1' } });
  const socks = hasMicrosocks() ? await startSocksProxy() : null;
  try {
    const { baseUrl, apiKey } = JSON.parse(await firstLine(host, 'sandbox host')) as { baseUrl: string; apiKey: string };
    const { port } = JSON.parse(await firstLine(proxyProcess, 'HTTP proxy')) as { port: number };
    const routes: Record<string, Route> = {
      direct: { kind: 'direct' },
      http_proxy: { kind: 'proxy', scheme: 'http', host: '127.0.0.1', port },
      ...(socks ? { socks5: { kind: 'proxy', scheme: 'socks5', host: '127.0.0.1', port: socks.port } satisfies Route } : {}),
    };
    const speeds: Record<string, number[]> = Object.fromEntries(Object.keys(routes).map((name) => [name, []]));
    const rssStart = process.memoryUsage().rss;
    let rssPeak = rssStart;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 100);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, route] of Object.entries(routes)) {
        const network = new Network({ routeFor: () => Promise.resolve(route) });
        const client = new ServiceClient({ baseUrl, apiKey, transport: createNodeTransport(network) });
        const target = await client.uploadTarget();
        const started = performance.now();
        // No content hash: the bench measures the proxies, not XXH3.
        await sendFile(
          transferInput(target.url, file, size, {
            session: target.session,
            fileName: 'big.mp4',
            sendStallMs: 60_000,
            replyTimeoutMs: 60_000,
            hash: undefined,
            route: await network.routeFor(new URL(target.url), 'fresh'),
          }),
        );
        speeds[name]!.push(size / MiB / ((performance.now() - started) / 1000));
        network.close();
      }
    }
    clearInterval(sampler);
    const direct = median(speeds.direct!);
    console.log(`route        median MiB/s   rounds (${FILE_MIB} MiB file)`);
    for (const [name, values] of Object.entries(speeds)) {
      console.log(`${name.padEnd(12)} ${median(values).toFixed(1).padStart(12)}   ${values.map((v) => v.toFixed(1)).join(', ')}`);
    }
    const ratio = (name: string): string => (speeds[name] ? (median(speeds[name]) / direct).toFixed(2) : 'n/a');
    console.log(
      `proxy bench: direct_mib_s=${direct.toFixed(1)} http_proxy_mib_s=${median(speeds.http_proxy!).toFixed(1)} socks5_mib_s=${speeds.socks5 ? median(speeds.socks5).toFixed(1) : 'n/a'} http_vs_direct=${ratio('http_proxy')} socks5_vs_direct=${ratio('socks5')} rss_growth_mib=${((rssPeak - rssStart) / MiB).toFixed(1)}`,
    );
  } finally {
    await socks?.close();
    await stop(proxyProcess);
    await stop(host);
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.env.VIDLIFT_BENCH_PROXY === '1') await proxyChild();
