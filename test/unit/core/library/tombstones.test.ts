// Tombstones (issue 29): what a video keeps when a sweep, a DMCA record or operation 15 proves
// it dead, and which listings may bring it back.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LibraryStore } from '../../../../electron/core/library/store.ts';
import { serviceVideo, tempDb } from './helpers.ts';

let env: ReturnType<typeof tempDb>;
let store: LibraryStore;
beforeEach(() => {
  env = tempDb();
  store = new LibraryStore(env.db);
  store.upsertVideos(5, [
    { video: serviceVideo('aaaaaaaaaaaa', 'Kept', { size: 10 }), seq: 1 },
    { video: serviceVideo('bbbbbbbbbbbb', 'Swept away', { size: 20 }), seq: 2 },
  ]);
  store.recordFolderSync(5, { at: 1000, full: true, total: 2, needsSweep: false });
});
afterEach(() => env.cleanup());

const stone = (id: string) => env.db.prepare('SELECT * FROM lib_tombstones WHERE video_id = ?').get(id);

describe('tombstones', () => {
  it('are what a sweep leaves of a missing video: title, links, folder, size, last seen, why', () => {
    expect(store.removeMissing(5, new Set(['aaaaaaaaaaaa']), 0, 5000)).toBe(1);
    expect(store.getVideo('bbbbbbbbbbbb')).toBeNull();
    expect(store.search('Swept', 10)).toEqual([]);
    expect(stone('bbbbbbbbbbbb')).toMatchObject({
      state: 'gone',
      reason: 'unlisted',
      title: 'Swept away',
      folder_id: 5,
      size: 20,
      download_url: expect.stringContaining('bbbbbbbbbbbb'),
      last_seen_at: 1000,
      dead_at: 5000,
    });
  });

  it('keep a taken-down video out of every later listing, and let a listing bring back one only missing from a sweep', () => {
    store.buryVideos(['aaaaaaaaaaaa'], { state: 'takenDown', reason: 'dmca', at: 2000 });
    store.removeMissing(5, new Set(), 0, 3000);
    store.upsertVideos(5, [
      { video: serviceVideo('aaaaaaaaaaaa', 'Kept'), seq: 1 },
      { video: serviceVideo('bbbbbbbbbbbb', 'Swept away'), seq: 2 },
    ]);
    expect(store.getVideo('aaaaaaaaaaaa')).toBeNull();
    expect(stone('aaaaaaaaaaaa')).toMatchObject({ state: 'takenDown', reason: 'dmca' });
    expect(store.getVideo('bbbbbbbbbbbb')?.name).toBe('Swept away');
    expect(stone('bbbbbbbbbbbb')).toBeUndefined();
  });

  it('turn a gone video taken down when its DMCA record comes, never the other way', () => {
    store.removeMissing(5, new Set(['aaaaaaaaaaaa']), 0, 3000);
    env.db.prepare("INSERT INTO lib_takedowns (id, code, secure_download_code, secure_embed_code, reported_at, disabled_at, seen_at) VALUES (1, 'cccccccccccc', 'x', 'y', 'r', 'd', 1)").run();
    // A listing that names a video a DMCA record names: its tombstone, from the listing.
    store.upsertVideos(5, [{ video: serviceVideo('cccccccccccc', 'Reported'), seq: 3 }]);
    expect(store.getVideo('cccccccccccc')).toBeNull();
    expect(stone('cccccccccccc')).toMatchObject({ state: 'takenDown', reason: 'dmca', title: 'Reported', folder_id: 5 });
    store.buryVideos(['aaaaaaaaaaaa'], { state: 'takenDown', reason: 'dmca', at: 4000 });
    expect(stone('aaaaaaaaaaaa')).toMatchObject({ state: 'takenDown' });
  });
});
