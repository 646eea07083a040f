// A sweep written page by page (sync/writes.ts, sweep-seen.ts): nothing is gone before its end,
// a sweep cut off part way (or by a crash) removes nothing, an end that agrees removes what
// was not listed, each gone video keeping its tombstone (issue 29).
import { afterEach, describe, expect, it } from 'vitest';
import type { ServiceVideo } from '../../../../../electron/core/api/schemas.ts';
import { LibraryStore } from '../../../../../electron/core/library/store.ts';
import { InlineSyncWriter, ThreadSyncWriter, startSyncWorkerFromSource, type SyncWriter } from '../../../../../electron/core/library/sync/writer.ts';
import type { SweepEndWrite, SweepPageWrite } from '../../../../../electron/core/library/sync/writes.ts';
import { serviceVideo, tempDb } from '../helpers.ts';

const logger = { debug() {}, info() {}, warn() {}, error() {} };
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

type Env = ReturnType<typeof tempDb>;
const writerOn = (kind: 'thread' | 'inline', env: Env, store: LibraryStore): SyncWriter =>
  kind === 'thread' ? new ThreadSyncWriter(store, env.file, startSyncWorkerFromSource, logger) : new InlineSyncWriter(store);

function setup(kind: 'thread' | 'inline'): { env: Env; store: LibraryStore; writer: SyncWriter } {
  const env = tempDb();
  const store = new LibraryStore(env.db);
  const writer = writerOn(kind, env, store);
  cleanups.push(env.cleanup, () => writer.close());
  return { env, store, writer };
}

const FOLDER = 7;
/** 30 videos, newest first, as the service lists them. */
const stored = Array.from({ length: 30 }, (_, i) => serviceVideo(`v${String(i).padStart(3, '0')}`, `clip ${i}`));

/** The folder as a first sync stored it (one write), then the service lost `gone` and renamed the newest. */
async function storedThenChanged(writer: SyncWriter, gone: number): Promise<ServiceVideo[]> {
  await writer.write({ kind: 'sweep', folderId: FOLDER, videos: stored, consistent: true, total: stored.length, startedAt: 1, at: 2 });
  return [{ ...stored[0]!, name: 'renamed on the service' }, ...stored.slice(1).filter((_, i) => i + 1 !== gone)];
}

const page = (sweep: number, listing: ServiceVideo[], offset: number, size: number, total = listing.length): SweepPageWrite => ({
  kind: 'sweepPage', sweep, folderId: FOLDER, startedAt: 10, offset, at: 20, videos: listing.slice(offset, offset + size), total,
});
const end = (sweep: number, listed: number, total: number, totalsAgree = true): SweepEndWrite => ({
  kind: 'sweepEnd', sweep, folderId: FOLDER, startedAt: 10, total, totalsAgree, listed, at: 30,
});

const ids = (store: LibraryStore) => store.folderPage(FOLDER, 0, 100, 'newest').items.map((v) => v.id);
const tombstones = (env: Env) => env.db.prepare('SELECT video_id, state, reason, dead_at FROM lib_tombstones').all();

describe.each(['thread', 'inline'] as const)('a sweep written page by page (%s)', (kind) => {
  it('leaves nothing gone before it completes; its end buries what it did not list', async () => {
    const { env, store, writer } = setup(kind);
    const listing = await storedThenChanged(writer, 5);
    expect(listing).toHaveLength(29);
    for (const offset of [0, 10, 20]) {
      const written = await writer.write(page(1, listing, offset, 10));
      expect(written.ended).toBe(false);
      // Each page is in as it arrives...
      expect(store.getVideo(stored[0]!.id)?.name).toBe('renamed on the service');
      // ...and nothing is gone until the sweep ends, the folder marked as needing one.
      expect(store.countInFolder(FOLDER)).toBe(30);
      expect(tombstones(env)).toEqual([]);
      expect(store.getFolderSync(FOLDER)?.needsSweep).toBe(true);
    }
    await expect(writer.write(end(1, 29, 29))).resolves.toEqual({ changed: 1, lost: false });
    expect(ids(store)).toEqual(listing.map((v) => v.id));
    expect(tombstones(env)).toEqual([{ video_id: stored[5]!.id, state: 'gone', reason: 'unlisted', dead_at: 30 }]);
    expect(store.getFolderSync(FOLDER)).toMatchObject({ needsSweep: false, fullAt: 30, total: 29 });
  });

  it('orders a page by its offset, whatever order the pages arrive in', async () => {
    const { store, writer } = setup(kind);
    const listing = await storedThenChanged(writer, 12);
    for (const offset of [20, 0, 10]) await writer.write(page(1, listing, offset, 10));
    await writer.write(end(1, 29, 29));
    expect(ids(store)).toEqual(listing.map((v) => v.id));
  });

  it('a sweep stopped part way removes nothing and leaves the folder to sweep; a complete one then does', async () => {
    const { env, store, writer } = setup(kind);
    const listing = await storedThenChanged(writer, 25);
    await writer.write(page(1, listing, 0, 10));
    await writer.write(page(1, listing, 10, 10));
    await writer.write({ kind: 'sweepAbandon', sweep: 1 });
    expect(store.countInFolder(FOLDER)).toBe(30);
    expect(tombstones(env)).toEqual([]);
    expect(store.getFolderSync(FOLDER)?.needsSweep).toBe(true);
    for (const offset of [0, 10, 20]) await writer.write(page(2, listing, offset, 10));
    await expect(writer.write(end(2, 29, 29))).resolves.toEqual({ changed: 1, lost: false });
    expect(tombstones(env)).toMatchObject([{ video_id: stored[25]!.id, state: 'gone' }]);
    expect(store.getFolderSync(FOLDER)?.needsSweep).toBe(false);
  });

  it('a listing that does not agree with itself removes nothing: counts that differ, a video listed twice, a page short', async () => {
    const { env, store, writer } = setup(kind);
    const listing = await storedThenChanged(writer, 3);
    const twice = [...listing.slice(0, 10), listing[9]!, ...listing.slice(11)]; // a shift: listing[10] never shown
    const runs: Array<{ pages: SweepPageWrite[]; end: SweepEndWrite }> = [
      { pages: [0, 10, 20].map((offset) => page(1, listing, offset, 10)), end: end(1, 29, 29, false) },
      { pages: [0, 10, 20].map((offset) => page(2, twice, offset, 10)), end: end(2, 29, 29) },
      { pages: [0, 10].map((offset) => page(3, listing, offset, 10)), end: end(3, 20, 29) },
    ];
    for (const run of runs) {
      for (const write of run.pages) await writer.write(write);
      await expect(writer.write(run.end)).resolves.toEqual({ changed: 0, lost: false });
      expect(store.countInFolder(FOLDER)).toBe(30);
      expect(tombstones(env)).toEqual([]);
      expect(store.getFolderSync(FOLDER)?.needsSweep).toBe(true);
    }
  });
});

describe('a sweep cut off by a crash', () => {
  it('removes nothing, and the ids it noted die with its connection: a sweep after the restart starts afresh', async () => {
    const env = tempDb();
    cleanups.push(env.cleanup);
    const store = new LibraryStore(env.db);
    const before = new ThreadSyncWriter(store, env.file, startSyncWorkerFromSource, logger);
    const listing = await storedThenChanged(before, 15);
    await before.write(page(1, listing, 0, 10));
    await before.write(page(1, listing, 10, 10));
    // The thread's connection goes without the sweep's end, as in a crash.
    await before.close();
    expect(store.countInFolder(FOLDER)).toBe(30);
    expect(tombstones(env)).toEqual([]);
    expect(store.getFolderSync(FOLDER)?.needsSweep).toBe(true);
    const after = new ThreadSyncWriter(store, env.file, startSyncWorkerFromSource, logger);
    cleanups.push(() => after.close());
    // Sweeps are numbered again from 1: the crashed one's ids must not count toward this one.
    await after.write(page(1, listing, 20, 10));
    await expect(after.write(end(1, 29, 29))).resolves.toEqual({ changed: 0, lost: false });
    expect(tombstones(env)).toEqual([]);
    for (const offset of [0, 10, 20]) await after.write(page(2, listing, offset, 10));
    await expect(after.write(end(2, 29, 29))).resolves.toEqual({ changed: 1, lost: false });
    expect(tombstones(env)).toMatchObject([{ video_id: stored[15]!.id, state: 'gone', reason: 'unlisted' }]);
    expect(store.countInFolder(FOLDER)).toBe(29);
  });
});
