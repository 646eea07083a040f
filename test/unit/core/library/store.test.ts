import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LibraryStore, type ServiceFolder } from '../../../../electron/core/library/store.ts';
import { serviceVideo, tempDb } from './helpers.ts';

let env: ReturnType<typeof tempDb>;
let store: LibraryStore;
beforeEach(() => {
  env = tempDb();
  store = new LibraryStore(env.db);
});
afterEach(() => env.cleanup());

const folder = (id: number, name: string, parent = 0): ServiceFolder => ({ id, parent, name, code: `c${id}`, isPublic: true, openEmbed: false, files: 0, color: '#fff' });

function fill(folderId: number, names: string[]): void {
  store.upsertVideos(
    folderId,
    names.map((name, i) => ({ video: serviceVideo(`v${folderId}_${i}`, name, { createdAt: `2024-01-01 00:00:${String(i).padStart(2, '0')}` }), seq: i + 1 })),
  );
}

describe('LibraryStore search', () => {
  beforeEach(() => {
    fill(0, ['Northern Lights over Vik', 'Kyoto temples at dawn', 'Vik beach walk', '100% raw_cut']);
    fill(7, ['A night in VIK']);
  });

  it('finds substrings anywhere in a title, in any case, across folders', () => {
    expect(store.search('vik', 10).map((v) => v.name).sort()).toEqual(['A night in VIK', 'Northern Lights over Vik', 'Vik beach walk']);
    expect(store.search('EMPLES AT', 10).map((v) => v.name)).toEqual(['Kyoto temples at dawn']);
  });

  it('answers queries shorter than three characters by scanning titles', () => {
    expect(store.search('Vi', 10)).toHaveLength(3);
    expect(store.search('%', 10).map((v) => v.name)).toEqual(['100% raw_cut']);
    expect(store.search('_', 10).map((v) => v.name)).toEqual(['100% raw_cut']);
  });

  it('takes quotes in a query literally and finds nothing for nonsense', () => {
    expect(store.search('"vik', 10)).toEqual([]);
    expect(store.search('zzzz', 10)).toEqual([]);
  });

  it('follows renames and removals in the index', () => {
    const id = store.search('Kyoto', 1)[0]!.id;
    store.upsertVideos(0, [{ video: serviceVideo(id, 'Osaka street food'), seq: 2 }]);
    expect(store.search('Kyoto', 10)).toEqual([]);
    expect(store.search('street FOOD', 10).map((v) => v.id)).toEqual([id]);
    store.removeMissing(0, new Set(), Date.now());
    expect(store.search('street', 10)).toEqual([]);
    expect(store.search('VIK', 10).map((v) => v.name)).toEqual(['A night in VIK']);
  });
});

describe('LibraryStore folder pages', () => {
  it('pages a folder newest first by default, and by name, size or oldest on request', () => {
    store.upsertVideos(3, [
      { video: serviceVideo('a', 'banana', { size: 5 }), seq: 1 },
      { video: serviceVideo('b', 'Apple', { size: 9 }), seq: 2 },
      { video: serviceVideo('c', 'cherry', { size: 1 }), seq: 3 },
    ]);
    const names = (sort?: 'newest' | 'oldest' | 'name' | 'size') => store.folderPage(3, 0, 10, sort).items.map((v) => v.name);
    expect(names()).toEqual(['cherry', 'Apple', 'banana']);
    expect(names('oldest')).toEqual(['banana', 'Apple', 'cherry']);
    expect(names('name')).toEqual(['Apple', 'banana', 'cherry']);
    expect(names('size')).toEqual(['Apple', 'banana', 'cherry']);
    expect(store.folderPage(3, 1, 1)).toMatchObject({ total: 3, items: [{ name: 'Apple' }] });
    expect(store.folderPage(3, 0, 10, 'newest', 'AN')).toMatchObject({ total: 1, items: [{ name: 'banana' }] });
  });

  it('counts only rows that really changed', () => {
    const write = [{ video: serviceVideo('a', 'one'), seq: 1 }];
    expect(store.upsertVideos(1, write)).toBe(1);
    expect(store.upsertVideos(1, write)).toBe(0);
    expect(store.upsertVideos(1, [{ video: serviceVideo('a', 'one', { views: 3 }), seq: 1 }])).toBe(1);
  });

  it('writes a first sync many rows to a statement, each title indexed with its own row and in the listing order', () => {
    // The id index deferred (an empty library's first sync), the title index kept: the rows go
    // in ROWS_PER_INSERT to a statement, and each title's rowid is counted back from the last.
    expect(store.ids.deferIfEmpty()).toBe(true);
    const count = 123; // two full statements and a remainder
    const writes = Array.from({ length: count }, (_, i) => ({ video: serviceVideo(`w${String(i).padStart(3, '0')}`, `Take ${String(i).padStart(4, '0')} harbour`), seq: count - i }));
    expect(store.upsertVideos(5, writes)).toBe(count);
    for (const i of [0, 49, 50, 51, 99, 100, 122]) {
      const found = store.search(`Take ${String(i).padStart(4, '0')} `, 10);
      expect(found.map((v) => v.id)).toEqual([writes[i]!.video.id]);
    }
    expect(store.search('harbour', 200)).toHaveLength(count);
    // Newest first: the listing's order, from its seq.
    expect(store.folderPage(5, 0, 3).items.map((v) => v.id)).toEqual(writes.slice(0, 3).map((w) => w.video.id));
  });

  it('keeps a video this app added after a listing started, when that listing does not have it', () => {
    store.upsertVideos(1, [{ video: serviceVideo('old', 'old'), seq: 1 }]);
    const listingStartedAt = Date.now() - 1000;
    store.upsertVideos(1, [{ video: serviceVideo('new', 'uploaded'), seq: 2 }], Date.now());
    expect(store.removeMissing(1, new Set(), listingStartedAt)).toBe(1);
    expect(store.folderPage(1, 0, 10).items.map((v) => v.name)).toEqual(['uploaded']);
  });

  it('shows a local skip-intro value over the service value until it is cleared', () => {
    store.upsertVideos(1, [{ video: serviceVideo('a', 'x', { skipIntro: 4 }), seq: 1 }]);
    const id = store.folderPage(1, 0, 1).items[0]!.id;
    store.setVideoLocalSkipIntro(id, 30);
    store.upsertVideos(1, [{ video: serviceVideo('a', 'x', { skipIntro: 5 }), seq: 1 }]);
    expect(store.getVideo(id)?.skipIntro).toBe(30);
    store.setVideoLocalSkipIntro(id, null);
    expect(store.getVideo(id)?.skipIntro).toBe(5);
  });
});

describe('LibraryStore folders', () => {
  it('replaces the tree but keeps folders waiting to be created and ones confirmed after the fetch began', () => {
    store.replaceFolderTree([folder(1, 'Travel'), folder(2, 'Japan', 1)], 0);
    store.insertLocalFolder(-9, 'Offline', 0);
    const fetchStartedAt = Date.now() - 1000;
    store.insertLocalFolder(-10, 'Made here', 0);
    store.assignFolderId(-10, folder(5, 'Made here'), Date.now());
    const result = store.replaceFolderTree([folder(1, 'Trips')], fetchStartedAt);
    expect(result).toEqual({ changed: true, removed: [2] });
    expect(store.listFolders().map((f) => [f.id, f.name, f.pending])).toEqual([
      [1, 'Trips', null],
      [5, 'Made here', null],
      [-9, 'Offline', 'pending'],
    ]);
    expect(store.replaceFolderTree([folder(1, 'Trips')], Date.now() + 1).changed).toBe(true);
    expect(store.replaceFolderTree([folder(1, 'Trips')], Date.now() + 1).changed).toBe(false);
  });

  it('removes a folder’s videos with it', () => {
    store.replaceFolderTree([folder(1, 'A')], 0);
    store.upsertVideos(1, [{ video: serviceVideo('a', 'inside'), seq: 1 }]);
    store.replaceFolderTree([], Date.now() + 1);
    expect(store.search('inside', 5)).toEqual([]);
    expect(store.countInFolder(1)).toBe(0);
  });
});

describe('cacheWrite', () => {
  it('commits cache data and restores synchronous=FULL for what follows', () => {
    store.cacheWrite(() => store.setState('k', 'v'));
    expect(store.getState('k')).toBe('v');
    expect(env.db.prepare('PRAGMA synchronous').get()?.synchronous).toBe(2);
    expect(() => store.cacheWrite(() => {
      store.setState('k', 'w');
      throw new Error('rolled back');
    })).toThrow('rolled back');
    expect(store.getState('k')).toBe('v');
    expect(env.db.prepare('PRAGMA synchronous').get()?.synchronous).toBe(2);
  });
});

describe('LibraryStore statements', () => {
  it("prepares each of its statements once for the connection: a sync reads a folder's state for every page", () => {
    const texts: string[] = [];
    const prepare = env.db.prepare.bind(env.db);
    env.db.prepare = ((sql: string) => (texts.push(sql), prepare(sql))) as typeof env.db.prepare;
    store.recordFolderSync(7, { at: 1, full: true, total: 3, needsSweep: false });
    expect(store.getFolderSync(7)).toMatchObject({ total: 3, needsSweep: false });
    const once = texts.length;
    expect(once).toBeGreaterThan(0);
    store.recordFolderSync(7, { at: 2, full: false, total: 4, needsSweep: true });
    expect(store.getFolderSync(7)).toMatchObject({ total: 4, needsSweep: true });
    expect(texts).toHaveLength(once);
  });
});
