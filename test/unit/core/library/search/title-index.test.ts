import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LibraryStore } from '../../../../../electron/core/library/store.ts';
import { TitleIndex } from '../../../../../electron/core/library/search/title-index.ts';
import { serviceVideo, tempDb } from '../helpers.ts';

let env: ReturnType<typeof tempDb>;
let store: LibraryStore;
beforeEach(() => {
  env = tempDb();
  store = new LibraryStore(env.db);
});
afterEach(() => env.cleanup());

const WORDS = ['river', 'Harbour', 'garden', 'Kitchen', 'station', 'Vik', 'canyon', 'dawn'];

/** `count` videos in folder `folderId`, titles mixing a few words so queries hit many rows. */
function fill(folderId: number, count: number, prefix = 'v'): void {
  store.upsertVideos(
    folderId,
    Array.from({ length: count }, (_, i) => ({
      video: serviceVideo(`${prefix}${folderId}_${String(i).padStart(5, '0')}`, `${WORDS[i % WORDS.length]} ${WORDS[(i * 3) % WORDS.length]} ${String(i).padStart(4, '0')}`, {
        createdAt: `2024-01-01 00:${String(Math.floor(i / 60) % 60).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}`,
      }),
      seq: i + 1,
    })),
  );
}

const indexed = (): number => Number(env.db.prepare('SELECT COUNT(*) AS n FROM lib_videos_fts').get()?.n);
const matches = (text: string): number =>
  env.db.prepare('SELECT rowid FROM lib_videos_fts WHERE lib_videos_fts MATCH ?').all(`"${text}"`).length;
/** How many titles contain `text`, case-insensitively, counted here in JS. */
const containing = (text: string): number =>
  env.db.prepare('SELECT name FROM lib_videos').all().filter((r) => String(r.name).toLowerCase().includes(text.toLowerCase())).length;
const QUERIES = ['river', 'HARBOUR k', 'vik', 'Vi', 'n', '0012', 'canyon garden 0', 'zzz', 'station'];
const answers = (): string[][] => QUERIES.map((q) => store.search(q, 50).map((v) => v.id));

describe('TitleIndex deferred during a first sync', () => {
  it('defers only on an empty library', () => {
    expect(store.titles.deferIfEmpty()).toBe(true);
    expect(store.titles.complete).toBe(false);

    const other = tempDb();
    try {
      const filled = new LibraryStore(other.db);
      filled.upsertVideos(0, [{ video: serviceVideo('a', 'already here'), seq: 1 }]);
      expect(filled.titles.deferIfEmpty()).toBe(false);
      expect(filled.titles.complete).toBe(true);
    } finally {
      other.cleanup();
    }
  });

  it('writes rows without index entries and searches by scanning titles meanwhile', () => {
    store.titles.deferIfEmpty();
    fill(0, 300);
    fill(5, 200);
    expect(indexed()).toBe(0);
    expect(containing('river')).toBeGreaterThan(10);
    expect(store.search('river', 500)).toHaveLength(containing('river'));
    expect(store.search('KITCHEN', 10).every((v) => v.name.includes('Kitchen'))).toBe(true);
    expect(store.search('Vi', 1000)).toHaveLength(containing('vi'));
  });

  it('gives the same answers before and after the build, which indexes every row', async () => {
    store.titles.deferIfEmpty();
    fill(0, 3000);
    fill(9, 2500);
    const before = answers();
    await store.titles.build();
    expect(store.titles.complete).toBe(true);
    expect(indexed()).toBe(5500);
    expect(matches('river')).toBe(containing('river'));
    expect(answers()).toEqual(before);
    expect(before.every((ids, i) => QUERIES[i] === 'zzz' || ids.length > 0)).toBe(true);
  });

  it('keeps the index right for changes made after the build', async () => {
    store.titles.deferIfEmpty();
    fill(0, 40);
    await store.titles.build();
    const renamed = store.search('Harbour Kitchen 0017', 1)[0]!;
    store.upsertVideos(0, [{ video: serviceVideo(renamed.id, 'Osaka street food'), seq: 18 }]);
    store.upsertVideos(3, [{ video: serviceVideo('late', 'Late arrival at Vik'), seq: 1 }]);
    expect(store.search('street FOOD', 10).map((v) => v.id)).toEqual([renamed.id]);
    expect(store.search('Harbour Kitchen 0017', 10)).toEqual([]);
    expect(store.search('late arr', 10).map((v) => v.name)).toEqual(['Late arrival at Vik']);
    expect(matches('Late arrival')).toBe(1);
    store.removeMissing(3, new Set(), Date.now());
    expect(matches('Late arrival')).toBe(0);
    expect(indexed()).toBe(40);
  });

  it('resumes a build stopped halfway from its watermark, keeping changes on both sides of it right', async () => {
    store.titles.deferIfEmpty();
    fill(0, 4500);
    let chunks = 0;
    await store.titles.build(() => chunks++ >= 1);
    expect(store.titles.complete).toBe(false);
    const done = indexed();
    expect(done).toBeGreaterThan(0);
    expect(done).toBeLessThan(4500);

    // The app restarts: the watermark was kept with the rows.
    const reopened = new LibraryStore(env.db);
    expect(reopened.titles.complete).toBe(false);
    const low = reopened.getVideo(serviceVideo('v0_00000', '').id)!; // first row: below the watermark
    const high = reopened.getVideo(serviceVideo('v0_04499', '').id)!; // last row: above it
    reopened.upsertVideos(0, [
      { video: serviceVideo(low.id, 'Renamed below watermark'), seq: 1 },
      { video: serviceVideo(high.id, 'Renamed above watermark'), seq: 4500 },
    ]);
    expect(indexed()).toBe(done);
    expect(reopened.search('renamed', 10)).toHaveLength(2);

    await reopened.titles.build();
    expect(reopened.titles.complete).toBe(true);
    expect(indexed()).toBe(4500);
    expect(matches('Renamed below')).toBe(1);
    expect(matches('Renamed above')).toBe(1);
    expect(reopened.search('renamed', 10).map((v) => v.name).sort()).toEqual(['Renamed above watermark', 'Renamed below watermark']);
    expect(new TitleIndex(env.db).complete).toBe(true);
  });
});

describe('one- and two-character searches once the index is built', () => {
  /** Every title holding `text` (case folded), newest rows first, at most `limit`: what a scan of every title answers. */
  const byScan = (text: string, limit: number): string[] =>
    env.db
      .prepare('SELECT id, name FROM lib_videos ORDER BY rid DESC')
      .all()
      .filter((r) => String(r.name).toLowerCase().includes(text.toLowerCase()))
      .slice(0, limit)
      .map((r) => String(r.id));
  const ids = (text: string, limit: number): string[] => store.titles.search(text, limit).map((r) => String(r.id)).sort();

  it('answers as a scan of every title would: common and rare, pairs and single characters, short titles, quotes and wildcards', async () => {
    store.titles.deferIfEmpty();
    // Far more common titles than the newest-titles look covers, rare ones among the oldest.
    fill(0, 25_000);
    store.upsertVideos(5, [
      { video: serviceVideo('rare1', 'Quiz zq night'), seq: 1 },
      { video: serviceVideo('rare2', 'Ævar # 1 "best" 50%_off'), seq: 2 },
      { video: serviceVideo('rare3', 'zq'), seq: 3 },
      { video: serviceVideo('rare4', 'Q'), seq: 4 },
    ]);
    fill(7, 21_000, 'w'); // newer rows above the rare ones
    await store.titles.build();
    for (const text of ['zq', 'ZQ', 'q', 'Q', '#', '"b', '%_', '_', 'æv', 'ri', 'r', 'xj', '0', 'n ']) {
      const limit = 100;
      expect(ids(text, limit), text).toEqual(byScan(text, limit).sort());
    }
    expect(ids('zq', 10).length).toBe(2);
    // 46,000 rows and fourteen full scans to compare with: about 2 s alone, 8 s with the CPU shared.
  }, 30_000);

  it('answers a long plain search as a scan would, newest first: past the candidates it checks itself, with LIKE wildcards as text', async () => {
    const rows = (titles: string[], prefix: string, folderId: number) =>
      store.upsertVideos(folderId, titles.map((title, i) => ({ video: serviceVideo(`${prefix}${i}`, title), seq: i + 1 })));
    rows(['Alpha zz Beta', 'old ALPHA ZZ BETA too', 'deal 50%_off now', 'deal 50 and off'], 'old', 1);
    // More titles holding the first and last trigrams of "alpha zz beta" than a search checks itself.
    rows(Array.from({ length: 6_000 }, (_, i) => `alpha ${i} beta`), 'mid', 2);
    rows(['new alpha zz beta', 'alpha zz betamax'], 'new', 3);
    for (const text of ['alpha zz beta', 'ALPHA zz BETA', 'alpha qq beta', 'pha 5 bet', 'a 123 b', '50%_off', 'lpha zz b']) {
      for (const limit of [100, 3]) expect(store.titles.search(text, limit).map((r) => String(r.id)), `${text} / ${limit}`).toEqual(byScan(text, limit));
    }
    expect(store.titles.search('alpha zz beta', 100).map((r) => r.name)).toEqual(['alpha zz betamax', 'new alpha zz beta', 'old ALPHA ZZ BETA too', 'Alpha zz Beta']);
    expect(store.titles.search('50%_off', 10).map((r) => r.name)).toEqual(['deal 50%_off now']);
  });

  it('learns the characters of titles written after the build, also on the sync writer’s connection', async () => {
    store.titles.deferIfEmpty();
    fill(0, 30);
    await store.titles.build();
    const other = new LibraryStore(env.db); // the writer thread's store has its own TitleIndex
    other.upsertVideos(2, [{ video: serviceVideo('late', 'Ñandú ñx'), seq: 1 }]);
    store.titles.reload();
    expect(store.titles.search('ñx', 10).map((r) => String(r.id))).toEqual([serviceVideo('late', '').id]);
  });

  it('a deferred build notes exactly the characters its titles hold', async () => {
    store.titles.deferIfEmpty();
    store.upsertVideos(3, Array.from({ length: 4_500 }, (_, i) => ({ video: serviceVideo(`nospace${i}`, `Ab${i % 7}`), seq: i + 1 })));
    await store.titles.build();
    const saved = JSON.parse(String(env.db.prepare("SELECT value FROM lib_sync_state WHERE key = 'title_chars'").get()?.value)) as string[];
    expect(saved.sort()).toEqual(['0', '1', '2', '3', '4', '5', '6', 'a', 'b']);
  });

  it('counts the characters once for an index built before they were kept', async () => {
    store.titles.deferIfEmpty();
    fill(0, 5_000);
    store.upsertVideos(5, [{ video: serviceVideo('older', 'Øresund ñq crossing'), seq: 1 }]);
    fill(7, 5_000, 'w');
    await store.titles.build();
    env.db.prepare("DELETE FROM lib_sync_state WHERE key = 'title_chars'").run(); // as an older version left it
    store.titles.reload();
    expect(ids('ñq', 10)).toEqual(byScan('ñq', 10).sort());
    expect(ids('ñq', 10)).toHaveLength(1);
    expect(env.db.prepare("SELECT value FROM lib_sync_state WHERE key = 'title_chars'").get()).toBeDefined();
  });
});
