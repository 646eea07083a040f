// `npm run dev:web [-- --port P --empty --configured]`: the app in a browser tab against the
// sandbox host, for working on the renderer without Electron.
import { parseArgs } from 'node:util';
import { startHarness } from './index.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    empty: { type: 'boolean', default: false },
    configured: { type: 'boolean', default: false },
  },
});

const harness = await startHarness({
  seed: values.empty ? 'empty' : 'demo',
  configured: values.configured,
  port: values.port ? Number(values.port) : 5199,
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
