// One first sync in a process of its own that holds only the core: the scale bench's process
// also drives Chromium and the harness, which are not the core's memory. It runs built, as the
// app's main process does (sync-rig.ts builds it). Reads its orders as
// one JSON line on stdin (the key never goes on a command line) and prints its figures as one
// JSON line: the sync's time and CPU, the requests it made, and its RSS sampled every 100 ms
// (peak during the sync, at 500k stored rows, at the end, the peaks while the second and the
// last quarter of the rows were stored, and peak with the index builds after; with `resweep`,
// peak during a second full sweep over the stored rows).
import { createInterface } from 'node:readline';
import { Worker } from 'node:worker_threads';
import { ServiceClient } from '../../../electron/core/api/client.ts';
import { ManualConnectivity } from '../../../electron/core/connectivity.ts';
import { Library } from '../../../electron/core/library/library.ts';
import { openLibraryDatabase } from '../../../electron/core/library/migrations.ts';
import { EventHub } from '../../../electron/core/rpc/events.ts';
import { counting, cpuSeconds, quietLogger } from './sync-rig.ts';

export interface FirstSyncOrders {
  baseUrl: string;
  apiKey: string;
  file: string;
  videos: number;
  concurrency: number;
  /** The sync writer thread's script, built (the app ships one: out/main/sync-writer.js). */
  workerScript: string;
  /** After the first sync and its indexes, sweep everything again (rows stored: the removal pass runs). */
  resweep?: boolean;
}

export interface FirstSyncFigures {
  seconds: number;
  cpuSeconds: number;
  requests: number;
  indexSeconds: number;
  /** Before the sync: the process with the core loaded. */
  rssStart: number;
  rssPeak: number;
  rssAtHalf: number | null;
  rssEnd: number;
  /** Peak while the second quarter of the videos was stored (250k-500k of 1M): the growth's reference. */
  rssPeakSecondQuarter: number;
  /** Peak while the last quarter was stored, up to the sync's end (750k-1M of 1M). */
  rssPeakLastQuarter: number;
  rssPeakWithIndexes: number;
  /** Peak during the second full sweep (orders.resweep), null without one. */
  rssPeakResweep: number | null;
}

const lines = createInterface({ input: process.stdin });
const orders = JSON.parse(await new Promise<string>((resolve) => lines.once('line', resolve))) as FirstSyncOrders;
lines.close();
const { api, total } = counting(new ServiceClient({ baseUrl: orders.baseUrl, apiKey: orders.apiKey }));
const db = openLibraryDatabase(orders.file);
const library = new Library({ db, api, events: new EventHub(), connectivity: new ManualConnectivity('online'), logger: quietLogger, sync: { concurrency: orders.concurrency, quickIntervalMs: 0 }, startSyncWorker: (options) => new Worker(orders.workerScript, options) });
const rssStart = process.memoryUsage.rss();
const storedRows = db.prepare('SELECT MAX(rid) AS n FROM lib_videos');
let rssPeak = 0;
let rssAtHalf: number | null = null;
let rssPeakSecondQuarter = 0;
let rssPeakLastQuarter = 0;
/** Notes an RSS reading with the rows stored at that moment. */
const noteRss = (rss: number, rows: number): void => {
  rssPeak = Math.max(rssPeak, rss);
  const stored = rows / orders.videos;
  if (rssAtHalf === null && stored >= 0.5) rssAtHalf = rss;
  if (stored >= 0.25 && stored < 0.5) rssPeakSecondQuarter = Math.max(rssPeakSecondQuarter, rss);
  if (stored >= 0.75) rssPeakLastQuarter = Math.max(rssPeakLastQuarter, rss);
};
let syncing = true;
const sampler = setInterval(() => {
  if (syncing) noteRss(process.memoryUsage.rss(), Number(storedRows.get()?.n ?? 0));
  else rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
}, 100);

const cpu = process.cpuUsage();
let t0 = performance.now();
await library.sync.syncNow({ full: true });
const seconds = (performance.now() - t0) / 1000;
const syncCpu = cpuSeconds(cpu);
const rssEnd = process.memoryUsage.rss();
noteRss(rssEnd, orders.videos);
syncing = false;
const syncPeak = rssPeak;
const requests = total();
t0 = performance.now();
await library.sync.indexesSettled();
const indexSeconds = (performance.now() - t0) / 1000;
const rssPeakWithIndexes = Math.max(rssPeak, process.memoryUsage.rss());
let rssPeakResweep: number | null = null;
if (orders.resweep === true) {
  rssPeak = 0;
  await library.sync.syncNow({ full: true });
  rssPeakResweep = Math.max(rssPeak, process.memoryUsage.rss());
}
clearInterval(sampler);
await library.stop();
db.close();
const figures: FirstSyncFigures = {
  seconds, cpuSeconds: syncCpu, requests, indexSeconds, rssStart, rssPeak: syncPeak, rssAtHalf, rssEnd, rssPeakSecondQuarter, rssPeakLastQuarter, rssPeakWithIndexes, rssPeakResweep,
};
process.stdout.write(`${JSON.stringify(figures)}\n`);
