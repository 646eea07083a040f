// A separate `node` process running one upload engine on a database file, so a test can
// SIGKILL it mid-transfer and start another on the same file. Configuration: one JSON
// argument. Prints one JSON line per queue change on stdout.
import { monitoredClient } from '../../support/monitored-client.ts';
import { openDatabase } from '../../../electron/core/db/database.ts';
import type { Logger, SecretRegistry } from '../../../electron/core/log/logger.ts';
import type { EventSink } from '../../../electron/core/rpc/events.ts';
import { UploadEngine } from '../../../electron/core/uploads/engine.ts';

export interface ChildConfig {
  dbFile: string;
  baseUrl: string;
  apiKey: string;
  add?: { paths: string[]; folderId: number };
  bandwidthLimit?: number | null;
  concurrency?: number;
  /** Exit once every job has settled. */
  exitWhenDone?: boolean;
}

const config = JSON.parse(process.argv[2] ?? '{}') as ChildConfig;
const quiet: Logger & SecretRegistry = { debug() {}, info() {}, warn() {}, error() {}, addSecret() {}, redact: (text: string) => text };
const SETTLED = new Set(['done', 'failed', 'cancelled', 'changed']);

// The sink is built before the engine it reports on (the engine may emit while starting).
const ref: { engine?: UploadEngine } = {};
/** Prints the whole queue (the event itself carries only figures). */
function report(): void {
  if (!ref.engine) return;
  {
    const view = ref.engine.list();
    const jobs = view.jobs.map((job) => ({ id: job.id, name: job.name, state: job.state, bytesSent: job.bytesSent, restarted: job.restarted }));
    process.stdout.write(`${JSON.stringify({ type: 'changed', jobs })}\n`);
    if (config.exitWhenDone && jobs.length > 0 && jobs.every((job) => SETTLED.has(job.state))) {
      void ref.engine?.stop().then(() => {
        process.stdout.write(`${JSON.stringify({ type: 'exit' })}\n`);
        process.exit(0);
      });
    }
  }
}
const sink: EventSink = {
  emit(event) {
    if (event === 'uploads:changed') report();
  },
};

const db = openDatabase(config.dbFile);
const { client, connectivity } = monitoredClient({ baseUrl: config.baseUrl, apiKey: config.apiKey, logger: quiet, secrets: quiet, deadlineMs: 5_000 });
const engine = new UploadEngine({
  db,
  api: client,
  connectivity,
  events: sink,
  logger: quiet,
  secrets: quiet,
  onVideoUploaded: () => {},
  concurrency: config.concurrency ?? 3,
  bandwidthLimit: config.bandwidthLimit ?? null,
  backoff: { baseMs: 20, capMs: 200 },
  progressIntervalMs: 50,
  sendStallMs: 5_000,
  replyTimeoutMs: 30_000,
});
ref.engine = engine;
engine.start();
if (config.add) await engine.add(config.add.paths, config.add.folderId);
// Progress ticks update the byte counts the parent waits on.
setInterval(report, 100).unref();
