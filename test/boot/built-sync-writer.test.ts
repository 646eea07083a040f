// The library's sync writer as the packaged app runs it: the shell's builtSyncWorker finds the
// built script beside the main bundle (out/main/sync-writer.js, npm run test:boot builds it)
// and a sync's writes land through it; without the built script the core's own default is used.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { builtSyncWorker } from '../../electron/main/core-start.ts';
import { LibraryStore } from '../../electron/core/library/store.ts';
import { ThreadSyncWriter } from '../../electron/core/library/sync/writer.ts';
import { serviceVideo, tempDb } from '../unit/core/library/helpers.ts';

const outMain = join(import.meta.dirname, '../../out/main');
const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('the built sync writer thread', () => {
  it('writes a first sync through out/main/sync-writer.js and builds the id index it went without', async () => {
    const start = builtSyncWorker(outMain);
    expect(start).toBeDefined();
    const env = tempDb();
    const store = new LibraryStore(env.db);
    const writer = new ThreadSyncWriter(store, env.file, start!, quiet);
    cleanups.push(env.cleanup, () => writer.close());
    store.ids.deferIfEmpty();
    const videos = ['a', 'b', 'c'].map((id) => serviceVideo(`built${id}`, `Built ${id}`));
    await expect(writer.write({ kind: 'sweep', folderId: 4, videos, consistent: true, total: 3, startedAt: 1, at: 2 })).resolves.toEqual({ changed: 3, lost: false });
    await writer.write({ kind: 'finish' });
    store.ids.reload();
    expect(store.ids.deferred).toBe(false);
    expect(store.folderPage(4, 0, 10, 'newest').items.map((v) => v.name)).toEqual(['Built a', 'Built b', 'Built c']);
  });

  it('is not offered where no script was built (run from source: the core starts its own)', () => {
    expect(builtSyncWorker(join(import.meta.dirname, '../../electron/main'))).toBeUndefined();
  });
});
