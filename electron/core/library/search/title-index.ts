// The trigram title index (FTS5, lib_videos_fts) and the one rule for what it holds.
//
// A first sync writes tens of thousands of rows; keeping the trigram index in step row by row
// was about two thirds of that write cost (profile of `npm run bench -- library`, issue 16).
// So when a sync starts on an empty library the index is deferred: rows are written alone,
// and once the pass is done the index is built in chunks of rows (each its own short
// transaction, the event loop free between them, so reads and later syncs go on).
//
// The rule: a watermark `upTo` (kept in lib_sync_state so a crash mid-build resumes). Rows
// with rid <= upTo are in the index and every write keeps them in step; rows above it are
// not, and the build picks them up with their current title. No watermark: every row is in
// the index. While a watermark exists, search scans titles with LIKE instead (same answers,
// slower on a large library).
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { StatementSync } from 'node:sqlite';
import { transaction, type Db } from '../../db/database.ts';
import { TRIGRAM_MIN, VIDEO_COLUMNS, VIDEO_COLUMNS_V, ftsPhrase, likePattern, readSyncState, writeSyncState, type Row } from '../store-rows.ts';
import { TitleChars } from './title-chars.ts';

const WATERMARK_KEY = 'title_index_upto';
/** Rows indexed per build transaction: short enough that a read waits a few ms at most. */
const BUILD_CHUNK = 2_000;
/**
 * A one- or two-character search looks at this many newest titles before asking the index: a
 * letter in 1 title of 40 fills a page of 100 there (~1.5 ms at 1M; 20,000 cost ~7 ms).
 */
const RECENT_SCAN = 4_000;
/**
 * A long plain-ASCII search checks at most this many candidates itself (see #prefiltered):
 * ~2 ms of LIKE at 1M; past them FTS5's phrase match takes the older rows.
 */
const PREFILTER_CAP = 4_000;
/** Plain ASCII (printable) and long enough for two trigrams that do not overlap. */
const PREFILTERED = /^[\x20-\x7e]{6,}$/;

export class TitleIndex {
  readonly #db: Db;
  readonly #insert: StatementSync;
  readonly #delete: StatementSync;
  /** The characters indexed titles hold: short searches ask the index through them. */
  readonly #chars: TitleChars;
  #upTo: number | null;
  #building: Promise<void> | null = null;

  constructor(db: Db) {
    this.#db = db;
    this.#insert = db.prepare('INSERT INTO lib_videos_fts (rowid, name) VALUES (?, ?)');
    this.#delete = db.prepare('DELETE FROM lib_videos_fts WHERE rowid = ?');
    this.#upTo = this.#readWatermark();
    this.#chars = new TitleChars(db);
  }

  /** Reads the watermark again: another connection (the sync writer's) shares this database. */
  reload(): void {
    this.#upTo = this.#readWatermark();
    this.#chars.reload();
  }

  #readWatermark(): number | null {
    const value = readSyncState(this.#db, WATERMARK_KEY);
    return value === null ? null : Number(value);
  }

  /** Every row is in the index (search uses it). */
  get complete(): boolean {
    return this.#upTo === null;
  }

  /** A row was inserted. */
  added(rid: number, name: string): void {
    if (!this.#covers(rid)) return;
    this.#insert.run(rid, name);
    this.#noteChars(name);
  }

  /** A row's title changed. */
  renamed(rid: number, name: string): void {
    if (!this.#covers(rid)) return;
    this.#delete.run(rid);
    this.#insert.run(rid, name);
    this.#noteChars(name);
  }

  /** Characters are kept once counted (an index from an older version is counted on its first short search). */
  #noteChars(name: string): void {
    if (this.#chars.known() !== null) this.#chars.note([name]);
  }

  /** A row is being deleted. */
  removed(rid: number): void {
    if (this.#covers(rid)) this.#delete.run(rid);
  }

  /**
   * A sync is about to fill the library: when it holds no video yet, stop indexing rows
   * one by one until build() runs. Returns whether the index is (now) deferred.
   */
  deferIfEmpty(): boolean {
    if (this.#upTo !== null) return true;
    return transaction(this.#db, () => {
      if (this.#db.prepare('SELECT 1 FROM lib_videos LIMIT 1').get() !== undefined) return false;
      this.#setUpTo(0);
      this.#chars.note([]); // none yet: the build notes each chunk's
      return true;
    });
  }

  /**
   * Indexes every row above the watermark, a chunk per transaction, yielding to the event
   * loop between chunks. One build at a time; `stopped` ends it early (the watermark keeps
   * what was done, the next build goes on from there).
   */
  build(stopped: () => boolean = () => false): Promise<void> {
    this.#building ??= this.#build(stopped).finally(() => {
      this.#building = null;
    });
    return this.#building;
  }

  /** Resolves when no build is running (a failed build has been reported by whoever started it). */
  settled(): Promise<void> {
    return this.#building?.catch(() => undefined) ?? Promise.resolve();
  }

  async #build(stopped: () => boolean): Promise<void> {
    const nextEnd = this.#db.prepare('SELECT rid FROM lib_videos WHERE rid > ? ORDER BY rid LIMIT 1 OFFSET ?');
    const maxRid = this.#db.prepare('SELECT MAX(rid) AS m FROM lib_videos');
    const fill = this.#db.prepare('INSERT INTO lib_videos_fts (rowid, name) SELECT rid, name FROM lib_videos WHERE rid > ? AND rid <= ?');
    // A chunk's titles as one string: its characters are all the build needs of them, and 2,000
    // title strings per chunk were most of the main thread's garbage after a 1M first sync. No
    // separator: it would be noted as a character the titles hold.
    const names = this.#db.prepare("SELECT group_concat(name, '') AS names FROM lib_videos WHERE rid > ? AND rid <= ?");
    let chunks = 0;
    for (;;) {
      await nextTurn(); // what waits (a read, the rest of a sync) goes first
      if (this.#upTo === null || stopped()) {
        // A build over many chunks filled this connection's page cache (up to 64 MiB) with
        // pages read once; the window's reads want others. Given back, the memory serves what
        // comes next (a sweep's replies): a resweep of one 1M folder peaked at 348 MiB with
        // them kept and 284 MiB without (`npm run bench -- scale`, one_folder_1m_peak_mib).
        if (chunks > 1) this.#db.exec('PRAGMA shrink_memory');
        return;
      }
      chunks++;
      const from = this.#upTo;
      transaction(this.#db, () => {
        const end = nextEnd.get(from, BUILD_CHUNK - 1);
        const to = end ? Number(end.rid) : Number(maxRid.get()?.m ?? from);
        fill.run(from, to);
        if (this.#chars.known() !== null) this.#chars.note([String(names.get(from, to)?.names ?? '')]);
        // Fewer than a chunk was left: everything is in; rows added from now on are indexed as written.
        this.#setUpTo(end ? to : null);
      });
    }
  }

  #setUpTo(value: number | null): void {
    this.#upTo = value;
    writeSyncState(this.#db, WATERMARK_KEY, value === null ? null : String(value));
  }

  #covers(rid: number): boolean {
    return this.#upTo === null || rid <= this.#upTo;
  }

  /**
   * Rows whose title contains `text` (case-insensitive), newest rows first, at most `limit`.
   * Three characters or more use the trigram index once it is complete (six or more in plain
   * ASCII through two of its trigrams and LIKE: #prefiltered); one or two look at
   * the newest titles first and then ask the index (shortSearch); while it is being built,
   * every query scans titles with LIKE (bounded by the limit).
   */
  search(text: string, limit: number): Row[] {
    if (this.complete && PREFILTERED.test(text)) return this.#rowsOf(this.#prefiltered(text, limit));
    if (this.complete && [...text].length >= TRIGRAM_MIN) {
      return this.#db
        .prepare(
          `SELECT ${VIDEO_COLUMNS_V}
           FROM (SELECT rowid FROM lib_videos_fts WHERE lib_videos_fts MATCH ? ORDER BY rowid DESC LIMIT ?) AS f
           JOIN lib_videos AS v ON v.rid = f.rowid`,
        )
        .all(ftsPhrase(text), limit);
    }
    if (this.complete) return this.#shortSearch(text, limit);
    return this.#db
      .prepare(`SELECT ${VIDEO_COLUMNS} FROM lib_videos WHERE name LIKE ? ESCAPE '\\' ORDER BY rid DESC LIMIT ?`)
      .all(likePattern(text), limit);
  }

  /**
   * One or two characters. A common one fills the page from the newest titles. Otherwise a
   * pair asks the index for every trigram holding it (search/title-chars.ts) plus the titles too short
   * to have a trigram; a single character scans the index's own narrow copy of the titles.
   */
  #shortSearch(text: string, limit: number): Row[] {
    const pattern = likePattern(text);
    const recent = this.#db
      .prepare(`SELECT ${VIDEO_COLUMNS} FROM (SELECT * FROM lib_videos ORDER BY rid DESC LIMIT ?) WHERE name LIKE ? ESCAPE '\\' ORDER BY rid DESC LIMIT ?`)
      .all(RECENT_SCAN, pattern, limit);
    if (recent.length >= limit) return recent;
    const chars = this.#chars.known() ?? this.#chars.countAll();
    const lower = text.toLowerCase();
    // A character no indexed title holds: only a title too short for a trigram could still match.
    const rids = [...lower].some((char) => !chars.has(char))
      ? this.#tooShortForTrigrams(pattern, limit)
      : [...text].length === 2
        ? this.#pairRids(lower, chars, pattern, limit)
        : this.#db.prepare(`SELECT id AS rid FROM lib_videos_fts_content WHERE c0 LIKE ? ESCAPE '\\' ORDER BY id DESC LIMIT ?`).all(pattern, limit);
    return this.#rowsOf(rids.map((row) => Number(row.rid)));
  }

  /** The videos of these rows, newest first. */
  #rowsOf(rids: readonly number[]): Row[] {
    if (rids.length === 0) return [];
    return this.#db
      .prepare(`SELECT ${VIDEO_COLUMNS} FROM lib_videos WHERE rid IN (SELECT value FROM json_each(?)) ORDER BY rid DESC`)
      .all(JSON.stringify(rids));
  }

  /**
   * A long search in plain ASCII. FTS5 matches a phrase by walking every one of its trigrams'
   * lists in step, so a phrase that matches little but holds common trigrams walks them all:
   * "golden 3" at 1M (289,000 titles hold "en ") took 9-15 ms, the scale bench's slowest
   * searches. Here its first and last trigrams name the candidates, newest first, and LIKE
   * decides each: about twice as fast on those (the bench's p95 went from 8.8-12.6 ms to
   * 5.6-7.0), the same on the others. Same answers: for ASCII text FTS5 folds case as LIKE does
   * (a title's long s "ſ" or Kelvin sign "K", which FTS5 reads as "s" and "k", is the one
   * difference). Past PREFILTER_CAP candidates (first and last trigrams common, the middle rare)
   * the phrase match takes the older rows, so no search costs more than that many checks over
   * what it cost before.
   */
  #prefiltered(text: string, limit: number): number[] {
    // Only the hits come back, and the candidate numbered PREFILTER_CAP (row_number() streams
    // with the scan): rows read one by one in JavaScript cost more than the LIKE itself.
    const candidates = this.#db.prepare(
      `SELECT rid, hit, n FROM (
         SELECT f.rowid AS rid, c.c0 LIKE ? ESCAPE '\\' AS hit, row_number() OVER (ORDER BY f.rowid DESC) AS n
         FROM lib_videos_fts AS f JOIN lib_videos_fts_content AS c ON c.id = f.rowid
         WHERE lib_videos_fts MATCH ?
       ) WHERE hit OR n = ?`,
    );
    const rids: number[] = [];
    for (const row of candidates.iterate(likePattern(text), `${ftsPhrase(text.slice(0, 3))} AND ${ftsPhrase(text.slice(-3))}`, PREFILTER_CAP)) {
      const rid = Number(row.rid);
      if (row.hit === 1) rids.push(rid);
      if (rids.length === limit) break;
      if (Number(row.n) < PREFILTER_CAP) continue;
      const older = this.#db
        .prepare('SELECT rowid AS rid FROM lib_videos_fts WHERE lib_videos_fts MATCH ? AND rowid < ? ORDER BY rowid DESC LIMIT ?')
        .all(ftsPhrase(text), rid, limit - rids.length);
      rids.push(...older.map((found) => Number(found.rid)));
      break;
    }
    return rids;
  }

  #pairRids(pair: string, chars: ReadonlySet<string>, pattern: string, limit: number): Row[] {
    const trigrams = new Set<string>();
    for (const char of chars) trigrams.add(pair + char).add(char + pair);
    const viaIndex = this.#db
      .prepare('SELECT rowid AS rid FROM lib_videos_fts WHERE lib_videos_fts MATCH ? ORDER BY rowid DESC LIMIT ?')
      .all([...trigrams].map(ftsPhrase).join(' OR '), limit);
    return [...viaIndex, ...this.#tooShortForTrigrams(pattern, limit)].sort((a, b) => Number(b.rid) - Number(a.rid)).slice(0, limit);
  }

  /** Titles of one or two characters have no trigram (lib_videos_short_titles keeps them apart). */
  #tooShortForTrigrams(pattern: string, limit: number): Row[] {
    return this.#db
      .prepare(`SELECT rid FROM lib_videos WHERE length(name) < ${TRIGRAM_MIN} AND name LIKE ? ESCAPE '\\' ORDER BY rid DESC LIMIT ?`)
      .all(pattern, limit);
  }
}
