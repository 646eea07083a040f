// Library-wide search past its cap (issue 17, item 6): the count covers every match, the list
// its first `limit`, through the real handler and a real SQLite file.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LibraryStore } from '../../../../../electron/core/library/store.ts';
import { countSearchMatches } from '../../../../../electron/core/library/search/count.ts';
import { serviceVideo, tempDb } from '../helpers.ts';

let env: ReturnType<typeof tempDb>;
let store: LibraryStore;
beforeEach(() => {
  env = tempDb();
  store = new LibraryStore(env.db);
  for (const folderId of [0, 7]) {
    store.upsertVideos(
      folderId,
      Array.from({ length: 400 }, (_, i) => ({ video: serviceVideo(`v${folderId}_${String(i).padStart(4, '0')}`, i % 4 === 0 ? `Other ${i}` : `Trip day ${i}`), seq: i + 1 })),
    );
  }
});
afterEach(() => env.cleanup());

describe('countSearchMatches', () => {
  it('counts every match across folders, beyond the 500 the list holds', () => {
    expect(store.search('trip', 500)).toHaveLength(500);
    expect(countSearchMatches(env.db, 'trip')).toBe(600);
    expect(countSearchMatches(env.db, 'TR')).toBe(600);
    expect(countSearchMatches(env.db, 'Other')).toBe(200);
    expect(countSearchMatches(env.db, '"x')).toBe(0);
    expect(countSearchMatches(env.db, '  ')).toBe(0);
  });
});
