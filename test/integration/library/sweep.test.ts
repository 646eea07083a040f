// A sweep of a folder longer than a page, against the sandbox host, written on the writer
// thread page by page (issue 33): a video deleted on the service stays until the whole
// listing is in and agrees; a sweep cut off by the service going away removes nothing and
// leaves the folder to sweep; the next complete one buries the video (a tombstone, issue 29).
import { afterEach, describe, expect, it } from 'vitest';
import type { ServiceApi } from '../../../electron/core/api/service-api.ts';
import { SyncEngine } from '../../../electron/core/library/sync/sync.ts';
import { startSyncWorkerFromSource } from '../../../electron/core/library/sync/writer.ts';
import { quietLogger, setup, type Env } from './harness.ts';

let env: Env | null = null;
afterEach(async () => {
  await env?.close();
  env = null;
});

const VIDEOS = 300;
const PAGE = 20;

/** The folder as the library holds it while a sweep runs. */
interface Seen {
  page: number;
  stored: number;
  tombstones: number;
  needsSweep: boolean;
  renamedIn: boolean;
}

/**
 * A sync engine on the writer thread, one request at a time, pages of 20; `beforePage` runs
 * before each listing page is asked for (the real client behind).
 */
function engineOn(e: Env, beforePage: (page: number) => Promise<void> | void): SyncEngine {
  const api = new Proxy(e.client, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof value !== 'function') return value;
      if (prop !== 'videosDecoded') return value.bind(target);
      return async (input: { page: number }, ...rest: unknown[]) => {
        await beforePage(input.page);
        return (value as (...args: unknown[]) => unknown).apply(target, [input, ...rest]);
      };
    },
  }) as ServiceApi;
  return new SyncEngine({
    api, store: e.library.store, fetches: e.library.fetches, account: null, events: { emit() {} }, connectivity: e.connectivity, logger: quietLogger, now: Date.now,
    startWriter: startSyncWorkerFromSource, options: { pageSize: PAGE, concurrency: 1, quickIntervalMs: 0 },
  });
}

function look(e: Env, page: number, renamedId: string): Seen {
  const { store } = e.library;
  return {
    page,
    stored: store.countInFolder(0),
    tombstones: Number(e.db.prepare('SELECT COUNT(*) AS n FROM lib_tombstones').get()?.n),
    needsSweep: store.getFolderSync(0)?.needsSweep ?? false,
    renamedIn: store.getVideo(renamedId)?.name === 'Renamed on the service.mp4',
  };
}

describe('a sweep of a long folder, page by page', () => {
  it('shows each page as it arrives and nothing gone before the last; a sweep cut off removes nothing; the next complete one does', async () => {
    env = await setup({ seed: `flat:${VIDEOS}` });
    const e = env;
    let watch: ((page: number) => Promise<void> | void) | null = null;
    const engine = engineOn(e, (page) => watch?.(page));
    await engine.syncNow({ full: true });
    expect(e.library.store.countInFolder(0)).toBe(VIDEOS);

    const hostVideos = e.host.control.videos(); // oldest first; the service lists newest first
    const newest = hostVideos.at(-1)!;
    const old = hostVideos[3]!; // on the listing's last page
    e.host.control.renameVideo(newest.id, 'Renamed on the service.mp4');
    e.host.control.deleteVideo(old.id);

    // Cut off: the service goes away before page 9 of 15.
    const seen: Seen[] = [];
    watch = async (page) => {
      seen.push(look(e, page, newest.id));
      if (page === 9) await e.host.control.stop();
    };
    await engine.syncNow({ full: true });
    expect(e.connectivity.state().state).toBe('offline');
    expect(seen.map((s) => s.page).slice(0, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // Page 1 was in as it arrived; the folder read as needing a sweep from then on.
    expect(seen.filter((s) => s.page >= 2).every((s) => s.renamedIn && s.needsSweep && s.stored === VIDEOS && s.tombstones === 0)).toBe(true);
    expect(look(e, 0, newest.id)).toEqual({ page: 0, stored: VIDEOS, tombstones: 0, needsSweep: true, renamedIn: true });
    expect(e.library.store.getVideo(old.id)).not.toBeNull();

    // Back: a complete sweep, watched page by page, buries the deleted video only at its end.
    await e.host.control.start();
    e.connectivity.set('online');
    seen.length = 0;
    watch = (page) => void seen.push(look(e, page, newest.id));
    await engine.syncNow({ full: false }); // the folder needs a sweep: a quick refresh sweeps it
    expect(seen.map((s) => s.page)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect(seen.every((s) => s.stored === VIDEOS && s.tombstones === 0)).toBe(true);
    expect(e.library.store.getVideo(old.id)).toBeNull();
    expect(e.db.prepare('SELECT state, reason FROM lib_tombstones WHERE video_id = ?').get(old.id)).toEqual({ state: 'gone', reason: 'unlisted' });
    expect(e.library.store.getFolderSync(0)).toMatchObject({ needsSweep: false, total: VIDEOS - 1 });
    const names = e.library.store.folderPage(0, 0, VIDEOS, 'newest').items.map((v) => v.id);
    expect(names).toEqual(e.host.control.videos().map((v) => v.id).reverse());
    await engine.stop();
  });
});
