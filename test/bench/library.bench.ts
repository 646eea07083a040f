// `npm run bench -- library`: the library against the sandbox host with 50,000 videos over
// many folders and 20 ms per request. The host runs in a child process so its CPU is not
// counted here. Measures the first full sync and a quick refresh with nothing new against
// their lower bound (requests needed / concurrency x latency), the CPU this process spent
// (parsing replies and writing SQLite), a folder page read and a title search.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ServiceClient } from '../../electron/core/api/client.ts';
import { ManualConnectivity } from '../../electron/core/connectivity.ts';
import { Library } from '../../electron/core/library/library.ts';
import { openLibraryDatabase } from '../../electron/core/library/migrations.ts';
import { EventHub } from '../../electron/core/rpc/events.ts';
import { counting, cpuSeconds, lowerBound, quantile, quietLogger, round, startHostProcess } from './support/sync-rig.ts';

const VIDEOS = 50_000;
const LATENCY_MS = 20;
const CONCURRENCY = 4;

export default async function run(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'vidlift-library-bench-'));
  const host = await startHostProcess(`large:${VIDEOS}`, LATENCY_MS);
  try {
    const client = new ServiceClient({ baseUrl: host.baseUrl, apiKey: host.apiKey });
    const { api, counts, total: requests } = counting(client);
    const db = openLibraryDatabase(join(dir, 'library.sqlite'));
    const library = new Library({
      db,
      api,
      events: new EventHub(),
      connectivity: new ManualConnectivity('online'),
      logger: quietLogger,
      sync: { concurrency: CONCURRENCY, quickIntervalMs: 0 },
    });

    const bound = (n: number): number => lowerBound(n, CONCURRENCY, LATENCY_MS);

    let cpu = process.cpuUsage();
    let t0 = performance.now();
    await library.sync.syncNow({ full: true });
    const firstSeconds = (performance.now() - t0) / 1000;
    const firstCpu = cpuSeconds(cpu);
    const firstRequests = requests();
    // A first sync defers the id and title indexes and builds them after the pass, off the
    // sync's path (lookups and search scan meanwhile): their own figure, not part of the sync's.
    t0 = performance.now();
    await library.sync.indexesSettled();
    const indexSeconds = (performance.now() - t0) / 1000;
    if (!library.store.titles.complete) throw new Error('the title index was not built after the first sync');
    const folders = library.store.serviceFolderIds().length + 1; // + the root
    const stored = Number(db.prepare('SELECT COUNT(*) AS n FROM lib_videos').get()?.n);
    if (stored !== VIDEOS) throw new Error(`the first sync stored ${stored} videos, not ${VIDEOS}`);

    counts.clear();
    cpu = process.cpuUsage();
    t0 = performance.now();
    await library.sync.syncNow({ full: false });
    const quickSeconds = (performance.now() - t0) / 1000;
    const quickCpu = cpuSeconds(cpu);
    const quickRequests = requests();
    const quickFolderRequests = (counts.get('videos') ?? 0) + (counts.get('videosDecoded') ?? 0) + (counts.get('folders') ?? 0);

    const folderIds = [0, ...library.store.serviceFolderIds()];
    const pageTimes: number[] = [];
    for (let i = 0; i < 300; i++) {
      const folderId = folderIds[(i * 7) % folderIds.length] ?? 0;
      const t = performance.now();
      library.store.folderPage(folderId, 0, 100, 'newest');
      pageTimes.push(performance.now() - t);
    }
    const queries = ['river', 'Golden Harbour', '012', 'GARDEN', 'kitchen 04', 'ld', 'zzz', 'Midnight Canyon 0499', 'station', 'mp4'];
    const searchTimes: number[] = [];
    for (let round = 0; round < 20; round++) {
      for (const query of queries) {
        const t = performance.now();
        library.store.search(query, 100);
        searchTimes.push(performance.now() - t);
      }
    }
    await library.stop();
    db.close();

    const firstBound = bound(firstRequests);
    const quickBound = bound(quickRequests);
    const pageMs = quantile(pageTimes, 0.5);
    const searchMs = quantile(searchTimes, 0.5);
    const searchMax = Math.max(...searchTimes);
    console.table([
      { measure: 'first full sync', seconds: round(firstSeconds), lowerBound: firstBound, ratio: round(firstSeconds / firstBound), requests: firstRequests, cpuSeconds: round(firstCpu) },
      { measure: 'quick refresh, nothing new', seconds: round(quickSeconds), lowerBound: quickBound, ratio: round(quickSeconds / quickBound), requests: quickRequests, cpuSeconds: round(quickCpu) },
    ]);
    console.table([
      { measure: `folder page (100 of ~${Math.round(VIDEOS / folders)}), median ms`, value: round(pageMs, 3) },
      { measure: `title search over ${VIDEOS} (limit 100), median ms`, value: round(searchMs, 3) },
      { measure: 'title search, slowest query ms', value: round(searchMax, 3) },
      { measure: 'id and title index builds after the first sync, s (not in the sync figure)', value: round(indexSeconds) },
      { measure: 'folders (incl. root)', value: folders },
    ]);
    const perFolder = quickFolderRequests / folders;
    console.log(
      `library bench: first_sync_vs_bound=${round(firstSeconds / firstBound)} refresh_requests_per_folder=${round(perFolder)} page_ms=${round(pageMs, 3)} search_ms=${round(searchMs, 3)}`,
    );
  } finally {
    host.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
