// The process the secret-leak scan watches: the core on a data folder and a log folder,
// logging to its log file and to stderr at debug level, every renderer event printed to
// stdout, doing a full round of work (key, uploads, folders, skip intro, subtitles by URL,
// remote imports, account, sync). The parent scans all of it, and both folders, afterwards.
// With the composition root (createCore) when it exists; otherwise the engine and the
// outbox wired by hand with the core's logger.
// Configuration: one JSON argument (LeakChildConfig).
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { monitoredClient } from '../support/monitored-client.ts';
import { openDatabase } from '../../electron/core/db/database.ts';
import { migrateLibrary } from '../../electron/core/library/migrations.ts';
import { Outbox } from '../../electron/core/library/outbox/outbox.ts';
import { LibraryStore } from '../../electron/core/library/store.ts';
import { SubtitleStore } from '../../electron/core/library/subtitles.ts';
import { FileSink } from '../../electron/core/log/file-sink.ts';
import { ConsoleSink, RedactingLogger } from '../../electron/core/log/redacting.ts';
import { EventHub } from '../../electron/core/rpc/events.ts';
import { UploadEngine } from '../../electron/core/uploads/engine.ts';
import { startCoreTarget } from './core-target.ts';

export interface LeakChildConfig {
  root: string;
  baseUrl: string;
  apiKey: string;
  videos: string[];
  videoId: string;
}

const config = JSON.parse(process.argv[2] ?? '{}') as LeakChildConfig;
const printEvent = (event: string, payload: unknown): void => {
  process.stdout.write(`EVENT ${event} ${JSON.stringify(payload)}\n`);
};
/** The database's -wal only exists while it is open: keep a copy of the live folder for the scan. */
const snapshotData = (dataDir: string): void => cpSync(dataDir, join(config.root, 'data-while-open'), { recursive: true });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(check: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await sleep(100);
  }
  return false;
}

async function withCore(): Promise<boolean> {
  const target = await startCoreTarget({ root: config.root, baseUrl: config.baseUrl, apiKey: config.apiKey, logToConsole: true });
  if (!target) return false;
  target.core.events.subscribe((event, payload) => printEvent(event, payload));
  process.stdout.write(`via createCore\n`);
  const call = async (method: string, input?: unknown) => {
    const envelope = await target.dispatch(method, input);
    process.stdout.write(`CALL ${method} ${JSON.stringify(envelope).slice(0, 2_000)}\n`);
    return envelope;
  };
  for (const path of config.videos) target.grant(path);
  await call('accounts:list');
  await call('uploads:add', { paths: config.videos, folderId: 0 });
  await call('folders:create', { name: 'Leak scan' });
  await call('videos:setSkipIntro', { id: config.videoId, seconds: 3 });
  await call('subtitles:addUrl', { videoId: config.videoId, language: 'en', url: `${config.baseUrl}/sub/none/en.vtt` });
  await call('remote:add', { urls: ['https://media.example.org/leak.mp4'] });
  await call('account:get', { refresh: true });
  await call('sync:now', { full: true });
  await waitFor(async () => {
    const view = await target.dispatch('uploads:list', undefined);
    return view.ok && (view.data as { jobs: { state: string }[] }).jobs.every((j) => ['done', 'failed', 'changed', 'cancelled'].includes(j.state));
  }, 30_000);
  await call('uploads:list');
  await call('outbox:list');
  await call('connection:get');
  snapshotData(target.dataDir);
  await target.close();
  return true;
}

async function byHand(): Promise<void> {
  process.stdout.write('via hand-wired engine and outbox (no createCore yet)\n');
  const logger = new RedactingLogger({ sinks: [new FileSink({ file: join(config.root, 'logs', 'vidlift.log') }), new ConsoleSink()], minLevel: 'debug' });
  const events = new EventHub();
  events.subscribe((event, payload) => printEvent(event, payload));
  const db = openDatabase(join(config.root, 'data', 'account.db'));
  migrateLibrary(db);
  const { client: api, connectivity } = monitoredClient({ baseUrl: config.baseUrl, apiKey: config.apiKey, logger, secrets: logger, deadlineMs: 5_000 });
  const outbox = new Outbox({ db, store: new LibraryStore(db), subtitles: new SubtitleStore(db), api, events, connectivity, logger, now: Date.now });
  const engine = new UploadEngine({ db, api, connectivity, events, logger, secrets: logger, onVideoUploaded: () => {} });
  engine.start();
  outbox.start();
  await engine.add(config.videos, 0);
  outbox.createFolder('Leak scan');
  await api.account();
  await waitFor(() => engine.list().jobs.every((j) => ['done', 'failed', 'changed', 'cancelled'].includes(j.state)), 30_000);
  await outbox.idle();
  snapshotData(join(config.root, 'data'));
  await engine.stop();
  await outbox.stop();
  db.close();
}

if (!(await withCore())) await byHand();
process.stdout.write('finished\n');
process.exit(0);
