// The characters the indexed titles hold (lowercase), kept beside the trigram index so a one-
// or two-character search can ask the index too (search/title-index.ts).
//
// Why: the trigram index answers three characters or more. A shorter query scanned every
// title: instant for a common letter (the newest titles hold a page of matches), ~170 ms at
// 1,000,000 videos for a rare pair such as "zq" (issue 16's scale bench). A title holds "ab"
// exactly when it holds a trigram "ab?" or "?ab" (or is "ab" itself), so with the characters
// titles hold, a pair becomes an OR of trigrams the index answers at once.
//
// Kept in lib_sync_state (the sync writer's connection adds titles too), read again inside
// each write (reload) and written when a title brings a new character.
import type { Db } from '../../db/database.ts';
import { readSyncState, writeSyncState } from '../store-rows.ts';

const CHARS_KEY = 'title_chars';

export class TitleChars {
  readonly #db: Db;
  #chars: Set<string> | null = null;

  constructor(db: Db) {
    this.#db = db;
  }

  /** Drops what this connection knew: another connection may have added characters. */
  reload(): void {
    this.#chars = null;
  }

  /** The characters, or null when never counted (an index built by an older version). */
  known(): ReadonlySet<string> | null {
    this.#chars ??= this.#read();
    return this.#chars;
  }

  /** A title entered the index: note its characters (inside the write's transaction). */
  note(names: Iterable<string>): void {
    const known = this.known();
    // Copied only when a character is new (most titles bring none).
    let grown: Set<string> | null = known === null ? new Set() : null;
    for (const name of names) {
      for (const char of name.toLowerCase()) {
        if (known?.has(char) || grown?.has(char)) continue;
        grown ??= new Set(known);
        grown.add(char);
      }
    }
    if (grown !== null) this.#save(grown);
  }

  /** Counts them from every title (once, for an index built before they were kept). */
  countAll(): ReadonlySet<string> {
    const chars = new Set<string>();
    for (const row of this.#db.prepare('SELECT name FROM lib_videos').iterate()) for (const char of String(row.name).toLowerCase()) chars.add(char);
    this.#save(chars);
    return chars;
  }

  #save(chars: Set<string>): void {
    this.#chars = chars;
    writeSyncState(this.#db, CHARS_KEY, JSON.stringify([...chars]));
  }

  #read(): Set<string> | null {
    const value = readSyncState(this.#db, CHARS_KEY);
    if (value === null) return null;
    try {
      const parsed = JSON.parse(value) as unknown;
      return Array.isArray(parsed) ? new Set(parsed.map(String)) : null;
    } catch {
      return null;
    }
  }
}
