// The process the crash loop kills: the upload engine and the library outbox on one
// database file, as the core wires them, doing what the parent asks (queue files, create
// folders) and saying on stdout, one JSON line each, when a call has returned (that is an
// acknowledgement: the parent then holds the app to it) and what is in flight.
// Configuration: one JSON argument (CrashChildConfig).
import { monitoredClient } from '../support/monitored-client.ts';
import { openDatabase } from '../../electron/core/db/database.ts';
import { migrateLibrary } from '../../electron/core/library/migrations.ts';
import { Outbox } from '../../electron/core/library/outbox/outbox.ts';
import { LibraryStore } from '../../electron/core/library/store.ts';
import { SubtitleStore } from '../../electron/core/library/subtitles.ts';
import type { Logger, SecretRegistry } from '../../electron/core/log/logger.ts';
import type { EventSink } from '../../electron/core/rpc/events.ts';
import { UploadEngine } from '../../electron/core/uploads/engine.ts';
import type { OutboxView } from '../../shared/model.ts';
import type { UploadsSummary } from '../../shared/upload-queue.ts';

export interface CrashChildConfig {
  dbFile: string;
  baseUrl: string;
  apiKey: string;
  /** Files to queue, one call each. */
  paths: string[];
  /** Folders to create through the outbox, one call each. */
  folders: string[];
  /** Bytes per second for all transfers (so a kill can land mid-transfer). */
  bandwidthLimit: number | null;
  /** Run until every job has ended and the outbox is empty, then exit 0. */
  settle: boolean;
}

const config = JSON.parse(process.argv[2] ?? '{}') as CrashChildConfig;
const quiet: Logger & SecretRegistry = { debug() {}, info() {}, warn() {}, error() {}, addSecret() {}, redact: (text: string) => text };
const say = (line: Record<string, unknown>): void => {
  process.stdout.write(`${JSON.stringify(line)}\n`);
};
const ENDED = new Set(['done', 'failed', 'cancelled', 'changed']);

let outboxView: OutboxView | null = null;
const sink: EventSink = {
  emit(event, payload) {
    if (event === 'uploads:changed') {
      const { counts } = payload as UploadsSummary;
      say({ t: 'uploads', active: counts.uploading + counts.finishing });
    } else if (event === 'outbox:changed') {
      outboxView = payload as OutboxView;
      say({ t: 'outbox', sending: outboxView.items.filter((i) => i.state === 'sending').length, items: outboxView.items.length });
    }
  },
};

const db = openDatabase(config.dbFile);
migrateLibrary(db);
const { client: api, connectivity } = monitoredClient({ baseUrl: config.baseUrl, apiKey: config.apiKey, logger: quiet, secrets: quiet, deadlineMs: 5_000 }, { firstDelayMs: 200, maxDelayMs: 800 });
const store = new LibraryStore(db);
const outbox = new Outbox({
  db,
  store,
  subtitles: new SubtitleStore(db),
  api,
  events: sink,
  connectivity,
  logger: quiet,
  now: Date.now,
});
const sendingAfterOpen = Number((db.prepare("SELECT COUNT(*) AS n FROM lib_outbox WHERE state = 'sending'").get() as { n: number }).n);
const engine = new UploadEngine({
  db,
  api,
  connectivity,
  events: sink,
  logger: quiet,
  secrets: quiet,
  onVideoUploaded: () => {},
  concurrency: 2,
  bandwidthLimit: config.bandwidthLimit,
  backoff: { baseMs: 50, capMs: 400 },
  sendStallMs: 5_000,
  replyTimeoutMs: 10_000,
});
engine.start();
// start() recovered interrupted jobs synchronously; no new transfer has begun yet.
const runningAfterOpen = Number(
  (db.prepare("SELECT COUNT(*) AS n FROM upload_jobs WHERE state IN ('uploading', 'finishing')").get() as { n: number }).n,
);
outbox.start();
say({ t: 'ready', runningAfterOpen, sendingAfterOpen });

// Queue and create, interleaved, a little apart (the parent kills at any moment of this).
const acts: Array<() => Promise<void> | void> = [];
const longest = Math.max(config.paths.length, config.folders.length);
for (let i = 0; i < longest; i++) {
  const path = config.paths[i];
  const folder = config.folders[i];
  if (path !== undefined) {
    acts.push(async () => {
      await engine.add([path], 0);
      say({ t: 'ack', kind: 'upload', path });
    });
  }
  if (folder !== undefined) {
    acts.push(() => {
      outbox.createFolder(folder);
      say({ t: 'ack', kind: 'folder', name: folder });
    });
  }
}
for (const act of acts) {
  await act();
  await new Promise((resolve) => setTimeout(resolve, 20));
}
say({ t: 'queued' });

if (config.settle) {
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const jobs = engine.list().jobs;
    const pending = outbox.view().items.filter((i) => i.state !== 'refused');
    if (jobs.every((j) => ENDED.has(j.state)) && pending.length === 0) break;
  }
  await engine.stop();
  await outbox.stop();
  db.close();
  say({ t: 'settled' });
  process.exit(0);
}
