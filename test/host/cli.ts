// `npm run sandbox -- [--port P] [--key K] [--seed demo|empty|large:N|flat:N] [--premium]
//   [--latency MS] [--jitter MS] [--broken-deploy] [--file-servers N] [--rng-seed N] [--host H]`
// First stdout line: {"baseUrl": "...", "apiKey": "..."}; stops on SIGINT/SIGTERM.
import { parseArgs } from 'node:util';
import { parseSeed, startHost } from './index.ts';

function int(name: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < min) throw new Error(`--${name} must be an integer >= ${min}`);
  return Number(value);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      key: { type: 'string' },
      seed: { type: 'string' },
      premium: { type: 'boolean' },
      latency: { type: 'string' },
      jitter: { type: 'string' },
      'broken-deploy': { type: 'boolean' },
      'file-servers': { type: 'string' },
      'rng-seed': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write('usage: npm run sandbox -- [--port P] [--host H] [--key K] [--seed demo|empty|large:N|flat:N] [--premium] [--latency MS] [--jitter MS] [--broken-deploy] [--file-servers N] [--rng-seed N]\n');
    return;
  }
  if (values.key !== undefined && !/^\w{16}$/.test(values.key)) throw new Error('--key must be 16 word characters');
  const port = int('port', values.port, 0);
  const latencyMs = int('latency', values.latency, 0);
  const jitterMs = int('jitter', values.jitter, 0);
  const fileServers = int('file-servers', values['file-servers'], 1);
  const rngSeed = int('rng-seed', values['rng-seed'], 0);
  const host = await startHost({
    ...(port !== undefined ? { port } : {}),
    ...(values.host !== undefined ? { host: values.host } : {}),
    ...(values.key !== undefined ? { apiKey: values.key } : {}),
    seed: parseSeed(values.seed ?? 'demo'),
    premium: values.premium ?? false,
    latencyMs: latencyMs ?? 0,
    jitterMs: jitterMs ?? 0,
    brokenDeploy: values['broken-deploy'] ?? false,
    ...(fileServers !== undefined ? { fileServers } : {}),
    ...(rngSeed !== undefined ? { rngSeed } : {}),
  });
  process.stdout.write(`${JSON.stringify({ baseUrl: host.baseUrl, apiKey: host.apiKey })}\n`);
  process.stderr.write(`sandbox host listening on ${host.baseUrl} (file servers: ${host.control.fileServerUrls().join(', ')})\n`);
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    void host.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e: unknown) => {
  process.stderr.write(`sandbox: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(2);
});
