import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { VideoSort } from '../../../../shared/model.ts';
import { LibraryStore } from '../../../../electron/core/library/store.ts';
import { openLibraryDatabase } from '../../../../electron/core/library/migrations.ts';
import { startTracking, stopTracking } from '../../../../electron/core/db/table-version.ts';
import { serviceVideo, tempDb } from './helpers.ts';

let env: ReturnType<typeof tempDb>;
let store: LibraryStore;
beforeEach(() => {
  env = tempDb();
  store = new LibraryStore(env.db);
  // Many ties on purpose: equal seq, size, views and names differing only in case.
  store.upsertVideos(
    4,
    Array.from({ length: 1500 }, (_, i) => ({
      video: serviceVideo(`f${String(i).padStart(5, '0')}`, `${i % 3 === 0 ? 'clip' : 'CLIP'} ${String(i % 40).padStart(2, '0')}`, { size: (i % 7) * 100, views: i % 5 }),
      seq: Math.floor(i / 3),
    })),
  );
  store.upsertVideos(5, [{ video: serviceVideo('other', 'clip 01'), seq: 1 }]);
});
afterEach(() => env.cleanup());

/** The same page by plain OFFSET over the same order (rid breaking ties), straight from SQLite. */
const ORDER: Record<VideoSort, string> = {
  newest: 'seq DESC, rid DESC',
  oldest: 'seq ASC, rid ASC',
  name: 'name COLLATE NOCASE ASC, seq DESC, rid DESC',
  size: 'size DESC, seq DESC, rid DESC',
  views: 'views DESC, seq DESC, rid DESC',
};
function byOffset(offset: number, limit: number, sort: VideoSort, like?: string): string[] {
  const where = like === undefined ? 'folder_id = 4' : 'folder_id = 4 AND name LIKE ?';
  return env.db
    .prepare(`SELECT id FROM lib_videos WHERE ${where} ORDER BY ${ORDER[sort]} LIMIT ? OFFSET ?`)
    .all(...(like === undefined ? [] : [like]), limit, offset)
    .map((r) => String(r.id));
}
const ids = (page: { items: { id: string }[] }): string[] => page.items.map((v) => v.id);

describe('folder pages by keyset', () => {
  for (const sort of ['newest', 'oldest', 'name', 'size', 'views'] as const) {
    it(`reads every page of '${sort}' from anchors, equal to OFFSET on the same data`, () => {
      const seen: string[] = [];
      for (let offset = 0; offset < 1500; offset += 70) {
        const page = store.folderPage(4, offset, 70, sort);
        expect(store.pages.lastWasKeyset).toBe(offset > 0);
        expect(page.total).toBe(1500);
        expect(ids(page)).toEqual(byOffset(offset, 70, sort));
        seen.push(...ids(page));
      }
      expect(new Set(seen).size).toBe(1500);
    });
  }

  it('jumps forward and back between anchors, and filters by title, equal to OFFSET', () => {
    for (const offset of [0, 100, 900, 930, 450, 1499, 1480, 20, 950]) {
      expect(ids(store.folderPage(4, offset, 25, 'name'))).toEqual(byOffset(offset, 25, 'name'));
    }
    expect(store.pages.lastWasKeyset).toBe(true);
    for (let offset = 0; offset < 200; offset += 30) {
      const page = store.folderPage(4, offset, 30, 'size', ' clip 1');
      expect(page.total).toBe(byOffset(0, 5000, 'size', '%clip 1%').length);
      expect(ids(page)).toEqual(byOffset(offset, 30, 'size', '%clip 1%'));
    }
  });

  it('keeps its anchors and total across writes to no video, here and on another connection', () => {
    const other = openLibraryDatabase(env.file);
    try {
      store.folderPage(4, 0, 50, 'newest');
      store.setState('takedowns_read_at', '1'); // what a takedown read notes
      other.prepare("INSERT OR REPLACE INTO lib_sync_state VALUES ('k', 'v')").run(); // the sync writer's connection
      expect(other.prepare("UPDATE lib_videos SET download_url = 'https://x.test/d' WHERE id = ?").run(byOffset(20, 1, 'newest')[0]!).changes).toBe(1);
      expect(ids(store.folderPage(4, 50, 50, 'newest'))).toEqual(byOffset(50, 50, 'newest'));
      expect(store.pages.lastWasKeyset).toBe(true);
    } finally {
      other.close();
    }
  });

  it('drops them after a video is renamed, moved or deleted on another connection', () => {
    const other = openLibraryDatabase(env.file);
    try {
      // A video after the anchors taken, renamed to the front; one before them moved away; one of the page read, deleted.
      const changes = [
        ["UPDATE lib_videos SET name = 'aaa first now' WHERE id = ?", 400],
        ['UPDATE lib_videos SET folder_id = 5 WHERE id = ?', 10],
        ['DELETE FROM lib_videos WHERE id = ?', 160],
      ] as const;
      for (const [change, at] of changes) {
        for (let offset = 0; offset <= 150; offset += 50) store.folderPage(4, offset, 50, 'name');
        expect(other.prepare(change).run(byOffset(at, 1, 'name')[0]!).changes).toBe(1);
        const page = store.folderPage(4, 150, 50, 'name');
        expect(store.pages.lastWasKeyset, change).toBe(false);
        expect(ids(page)).toEqual(byOffset(150, 50, 'name'));
        expect(page.total).toBe(byOffset(0, 5000, 'name').length);
      }
    } finally {
      other.close();
    }
  });

  it('drops them after any write while a first sync fills the library untracked', () => {
    store.folderPage(4, 0, 50, 'newest');
    stopTracking(env.db, 'lib_videos');
    store.folderPage(4, 0, 50, 'newest');
    store.setState('k', 'v');
    store.folderPage(4, 50, 50, 'newest');
    expect(store.pages.lastWasKeyset).toBe(false);
    startTracking(env.db, 'lib_videos');
    store.folderPage(4, 50, 50, 'newest');
    expect(store.pages.lastWasKeyset).toBe(false);
    store.setState('k', 'w');
    store.folderPage(4, 100, 50, 'newest');
    expect(store.pages.lastWasKeyset).toBe(true);
  });

  it('drops its anchors and total after a write, and reads the new order', () => {
    store.folderPage(4, 0, 50, 'newest');
    expect(ids(store.folderPage(4, 50, 50, 'newest'))).toEqual(byOffset(50, 50, 'newest'));
    store.upsertVideos(4, Array.from({ length: 30 }, (_, i) => ({ video: serviceVideo(`new${String(i).padStart(3, "0")}`, `fresh ${i}`), seq: 10_000 + i })));
    const page = store.folderPage(4, 50, 50, 'newest');
    expect(store.pages.lastWasKeyset).toBe(false);
    expect(page.total).toBe(1530);
    expect(ids(page)).toEqual(byOffset(50, 50, 'newest'));
    expect(ids(store.folderPage(4, 100, 50, 'newest'))).toEqual(byOffset(100, 50, 'newest'));
  });
});
