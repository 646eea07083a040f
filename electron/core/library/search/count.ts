// How many titles match a library-wide search, so a capped answer can say "first 500 of N".
// The same matching as LibraryStore.search: the trigram index from three characters on, a
// LIKE scan of titles below that.
import type { Db } from '../../db/database.ts';
import { ftsPhrase, likePattern, TRIGRAM_MIN } from '../store-rows.ts';

export function countSearchMatches(db: Db, query: string): number {
  const text = query.trim();
  if (text === '') return 0;
  const row =
    [...text].length >= TRIGRAM_MIN
      ? db.prepare('SELECT COUNT(*) AS n FROM lib_videos_fts WHERE lib_videos_fts MATCH ?').get(ftsPhrase(text))
      : db.prepare("SELECT COUNT(*) AS n FROM lib_videos WHERE name LIKE ? ESCAPE '\\'").get(likePattern(text));
  return Number(row?.n ?? 0);
}
