import { afterEach, describe, expect, it } from 'vitest';
import { SyncEngine, type SyncDeps } from '../../../electron/core/library/sync/sync.ts';
import { ManualTimers } from '../../unit/core/remote/support/manual-timers.ts';
import { requests, setup, type Env } from './harness.ts';

let env: Env | null = null;
afterEach(async () => {
  await env?.close();
  env = null;
});

/** A sync engine of its own over the env's store and connectivity (no account refresh). */
function syncEngineOn(e: Env, deps: Partial<SyncDeps>): SyncEngine {
  return new SyncEngine({
    api: e.client,
    store: e.library.store,
    fetches: e.library.fetches,
    account: null,
    events: { emit() {} },
    connectivity: e.connectivity,
    logger: { debug() {}, info() {}, warn() {}, error() {} },
    now: Date.now,
    ...deps,
  });
}

function storedNames(e: Env, folderId: number): string[] {
  return e.library.store.folderPage(folderId, 0, 500).items.map((v) => v.name);
}

describe('library sync against the sandbox host', () => {
  it('fills the store with every folder and video, in the service order', async () => {
    env = await setup({ seed: 'demo' });
    await env.library.sync.syncNow();
    const hostVideos = env.host.control.videos();
    const hostFolders = env.host.control.folders();
    expect(env.library.store.listFolders().map((f) => f.id).sort((a, b) => a - b)).toEqual(hostFolders.map((f) => f.id).sort((a, b) => a - b));
    for (const folderId of [0, ...hostFolders.map((f) => f.id)]) {
      // The host keeps creation order; the service lists newest first.
      const expected = hostVideos.filter((v) => v.folderId === folderId).map((v) => v.name).reverse();
      expect(storedNames(env, folderId)).toEqual(expected);
    }
    const status = env.library.sync.status();
    expect(status).toMatchObject({ running: false });
    expect(status.lastFullAt).not.toBeNull();
    expect(env.events.some((e) => e.event === 'library:changed' && (e.payload as { folders: boolean }).folders)).toBe(true);
    expect(env.library.account.accountView().account?.email).toBe('owner@vidhost.example');
  });

  it('shows a video added on the service after a quick refresh, at the top, in one request per folder', async () => {
    env = await setup({ seed: 'demo' });
    await env.library.sync.syncNow();
    const folder = env.host.control.folders().find((f) => f.name === 'Baking')!;
    const { id } = env.host.control.addVideo({ name: 'Brand new Baguette.mp4', folderId: folder.id });
    env.host.control.clearLog();
    env.events.length = 0;
    await env.library.sync.syncNow({ full: false });
    expect(storedNames(env, folder.id)[0]).toBe('Brand new Baguette.mp4');
    expect(env.library.store.getVideo(id)?.folderId).toBe(folder.id);
    const folderCount = env.host.control.folders().length + 1;
    expect(requests(env.host, /^GET \/v1\/videos$/).length).toBeLessThanOrEqual(folderCount);
        const changed = env.events.filter((e) => e.event === 'library:changed').map((e) => e.payload as { folderIds: number[] });
    expect(changed.some((p) => p.folderIds.includes(folder.id))).toBe(true);
  });

  it('notices a video removed on the service at the next quick refresh, and a rename at the sweep', async () => {
    env = await setup({ seed: 'demo' });
    await env.library.sync.syncNow();
    const videos = env.host.control.videos();
    const root = videos.filter((v) => v.folderId === 0);
    const removed = root[5]!;
    const renamed = videos.find((v) => v.folderId !== 0)!;
    env.host.control.deleteVideo(removed.id);
    env.host.control.renameVideo(renamed.id, 'Completely Different Title.mp4');
    await env.library.sync.syncNow({ full: false });
    expect(env.library.store.getVideo(removed.id)).toBeNull();
    await env.library.sync.syncNow({ full: true });
    expect(env.library.store.getVideo(renamed.id)?.name).toBe('Completely Different Title.mp4');
    expect(env.library.store.search('different TITLE', 10).map((v) => v.id)).toEqual([renamed.id]);
  });

  it('pages through a folder bigger than a page, and search finds substrings in any case', async () => {
    env = await setup({ seed: 'large:1200' });
    const { library } = env;
    // A small page size makes every folder span several pages.
    const small = new (library.sync.constructor as typeof import('../../../electron/core/library/sync/sync.ts').SyncEngine)({
      api: env.client,
      store: library.store,
      fetches: library.fetches,
      account: null,
      events: { emit() {} },
      connectivity: env.connectivity,
      logger: { debug() {}, info() {}, warn() {}, error() {} },
      now: Date.now,
      options: { pageSize: 7, quickIntervalMs: 0 },
    });
    await small.syncNow({ full: true });
    const total = Number(env.db.prepare('SELECT COUNT(*) AS n FROM lib_videos').get()?.n);
    expect(total).toBe(1200);
    const sample = env.host.control.videos()[321]!;
    const needle = sample.name.slice(3, 14).toUpperCase();
    expect(library.store.search(needle, 500).map((v) => v.id)).toContain(sample.id);
    expect(library.store.search('mp', 20)).toHaveLength(20);
    // Nothing new: one page per folder.
    env.host.control.clearLog();
    await small.syncNow({ full: false });
    expect(requests(env.host, /^GET \/v1\/videos$/).length).toBe(env.host.control.folders().length + 1);
    await small.stop();
  });

  it('defers the title index during a first sync, builds it after, and search answers the same before and after', async () => {
    env = await setup({ seed: 'large:1200' });
    const { library, db } = env;
    const indexed = (): number => Number(db.prepare('SELECT COUNT(*) AS n FROM lib_videos_fts').get()?.n);
    const sample = env.host.control.videos()[500]!;
    const queries = [sample.name.slice(2, 12).toUpperCase(), 'mp4', 'mp', 'zzz'];
    const answers = (): string[][] => queries.map((q) => library.store.search(q, 2000).map((v) => v.id));
    const sync = library.sync.syncNow({ full: true });
    await sync;
    // The pass wrote rows only; the build runs after it.
    expect(Number(db.prepare('SELECT COUNT(*) AS n FROM lib_videos').get()?.n)).toBe(1200);
    expect(library.store.titles.complete).toBe(false);
    expect(indexed()).toBeLessThan(1200);
    const before = answers();
    expect(before[0]).toContain(sample.id);
    await library.sync.indexesSettled(); // the title build starts once the id index is built
    expect(library.store.titles.complete).toBe(true);
    expect(indexed()).toBe(1200);
    expect(answers()).toEqual(before);
    // A later sync keeps the built index in step: a rename on the service is found by its new title.
    env.host.control.renameVideo(sample.id, 'Quite another TITLE');
    env.host.control.addVideo({ name: 'Arrived after the build.mp4' });
    await library.sync.syncNow({ full: true });
    expect(library.store.titles.complete).toBe(true);
    expect(library.store.search('another title', 10).map((v) => v.id)).toEqual([sample.id]);
    expect(library.store.search(sample.name.slice(2, 12), 10).map((v) => v.id)).not.toContain(sample.id);
    expect(library.store.search('after the BUILD', 10).map((v) => v.name)).toEqual(['Arrived after the build.mp4']);
    expect(indexed()).toBe(1201);
  });

  it('learns a service page cap and still reads every video', async () => {
    env = await setup({ seed: 'large:1200' });
    // The sandbox takes any page size; a service that caps pages is imitated in front of the real client.
    const asked: number[] = [];
    const capped = new Proxy(env.client, {
      get(target, prop, receiver) {
        if (prop !== 'videos') {
          const value = Reflect.get(target, prop, receiver) as unknown;
          return typeof value === 'function' ? value.bind(target) : value;
        }
        return async (input: { folder: number; page: number; perPage: number }) => {
          asked.push(input.perPage);
          const perPage = Math.min(input.perPage, 50);
          const reply = await target.videos({ ...input, perPage });
          return { ...reply, pagination: { ...reply.pagination, perPage } };
        };
      },
    });
    const engine = syncEngineOn(env, { api: capped, options: { pageSize: 500, quickIntervalMs: 0, concurrency: 1 } });
    await engine.syncNow({ full: true });
    expect(Number(env.db.prepare('SELECT COUNT(*) AS n FROM lib_videos').get()?.n)).toBe(1200);
    expect(asked[0]).toBe(500);
    expect(asked.at(-1)).toBe(50);
    expect(env.library.store.getState('page_size')).toBe('50');
    await engine.stop();
  });

  it('reads never wait: with the service gone, the store answers and the sync gives up quietly', async () => {
    env = await setup({ seed: 'demo' });
    await env.library.sync.syncNow();
    await env.host.control.stop();
    const before = env.library.store.listFolders().length;
    await env.library.sync.syncNow({ full: false });
    expect(env.connectivity.state().state).toBe('offline');
    expect(env.library.store.listFolders()).toHaveLength(before);
    expect(env.library.sync.foldersFreshness().stale).toBe(true);
    await env.host.control.start();
    env.connectivity.set('online');
    await env.library.sync.syncNow();
    expect(env.library.sync.foldersFreshness().stale).toBe(false);
  });

  it('waits for its quick-refresh period on the shared timers, skips it while offline, and syncs when back', async () => {
    env = await setup({ seed: 'demo' });
    const timers = new ManualTimers();
    const engine = syncEngineOn(env, { timers, options: { quickIntervalMs: 60_000 } });
    engine.start();
    await engine.syncNow();
    expect(timers.delays()).toEqual([60_000]);
    env.connectivity.set('offline');
    const before = requests(env.host).length;
    expect(timers.fire()).toBe(1);
    // Offline: the period passes without a request, and the next wait is armed.
    expect(requests(env.host)).toHaveLength(before);
    expect(timers.delays()).toEqual([60_000]);
    env.connectivity.set('online');
    await engine.syncNow();
    expect(requests(env.host).length).toBeGreaterThan(before);
    await engine.stop();
    expect(timers.count).toBe(0);
  });
});
