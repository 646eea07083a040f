// `npm run dev:web [-- --port P --empty --configured]`: the app in a browser tab against the
// sandbox host, for working on the renderer without Electron. Without --port the page takes
// 5199, or a free port when 5199 is busy (saying so); a --port that is busy is refused in
// one sentence.
import { createServer } from 'node:net';
import { parseArgs } from 'node:util';
import { startHarness } from './index.ts';

const DEFAULT_PORT = 5199;

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    empty: { type: 'boolean', default: false },
    configured: { type: 'boolean', default: false },
  },
});

/** Whether the page could listen on this port of 127.0.0.1 now; the port it got (a free one for 0), or null when busy. */
function tryPort(port: number): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => (error.code === 'EADDRINUSE' || error.code === 'EACCES' ? resolve(null) : reject(error)));
    probe.listen(port, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : null));
    });
  });
}

async function pagePort(): Promise<number> {
  if (values.port !== undefined) {
    const asked = Number(values.port);
    if (!Number.isInteger(asked) || asked < 1 || asked > 65_535) {
      console.error(`--port is a port number from 1 to 65535, not “${values.port}”.`);
      process.exit(2);
    }
    if ((await tryPort(asked)) === null) {
      console.error(`Port ${asked} is in use (another dev:web?): stop that, or pick another with --port (or leave --port out for a free one).`);
      process.exit(1);
    }
    return asked;
  }
  if ((await tryPort(DEFAULT_PORT)) !== null) return DEFAULT_PORT;
  const free = (await tryPort(0))!;
  console.error(`Port ${DEFAULT_PORT} is in use (another dev:web?): the page is on port ${free} instead.`);
  return free;
}

const harness = await startHarness({
  seed: values.empty ? 'empty' : 'demo',
  configured: values.configured,
  port: await pagePort(),
  logToConsole: true,
});
console.log(JSON.stringify({ url: harness.url, sandbox: harness.host.baseUrl, apiKey: harness.host.apiKey, fixtures: harness.fixtureDir }));
console.log(`Vidlift (browser harness) at ${harness.url}  — Ctrl+C to stop`);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    void harness.close().then(() => process.exit(0));
  });
}
