// The link map: each dead video and the one uploaded again in its place, with both videos'
// download and embed links (shared/links.ts LinkMapPair). A pair is made once, when the
// upload again is confirmed (its job landed with the new video's links), and kept: the
// tombstone shows it, the link finder swaps links by it, the export writes it.
import type { LinkMapPair, LinkMapView } from '../../../shared/links.ts';
import type { Db } from '../db/database.ts';
import type { Row } from '../library/store-rows.ts';

const PAIR_COLUMNS = 'old_id, new_id, old_download, new_download, old_embed, new_embed, at';
const PAGE = 500;

export function toPair(row: Row): LinkMapPair {
  return {
    oldId: String(row.old_id),
    newId: String(row.new_id),
    oldDownload: String(row.old_download),
    newDownload: String(row.new_download),
    oldEmbed: String(row.old_embed),
    newEmbed: String(row.new_embed),
    at: Number(row.at),
  };
}

/** Newest first, a page at a time (an export of any size never holds the map whole). */
export function* linkMapPairs(db: Db): Generator<LinkMapPair> {
  const page = db.prepare(`SELECT ${PAIR_COLUMNS} FROM lib_link_map ORDER BY at DESC, old_id LIMIT ? OFFSET ?`);
  for (let offset = 0; ; offset += PAGE) {
    const rows = page.all(PAGE, offset);
    yield* rows.map(toPair);
    if (rows.length < PAGE) return;
  }
}

export function linkMapPage(db: Db, offset: number, limit: number): LinkMapView {
  const items = db.prepare(`SELECT ${PAIR_COLUMNS} FROM lib_link_map ORDER BY at DESC, old_id LIMIT ? OFFSET ?`).all(limit, offset).map(toPair);
  const total = Number(db.prepare('SELECT COUNT(*) AS n FROM lib_link_map').get()?.n ?? 0);
  return { items, total };
}

export function pairOf(db: Db, oldId: string): LinkMapPair | null {
  const row = db.prepare(`SELECT ${PAIR_COLUMNS} FROM lib_link_map WHERE old_id = ?`).get(oldId);
  return row ? toPair(row) : null;
}

/** The pairs whose old side is one of `ids`. */
export function pairsOf(db: Db, ids: readonly string[]): Map<string, LinkMapPair> {
  if (ids.length === 0) return new Map();
  const rows = db.prepare(`SELECT ${PAIR_COLUMNS} FROM lib_link_map WHERE old_id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(ids));
  return new Map(rows.map((row) => [String(row.old_id), toPair(row)]));
}

/**
 * Makes the pair of every upload again that is confirmed (its job is done with the new video's
 * id and links) and has none yet. Returns the pairs made.
 */
export function settlePairs(db: Db, now: number): LinkMapPair[] {
  const rows = db
    .prepare(
      `SELECT t.video_id AS old_id, j.video_id AS new_id, t.download_url AS old_download, j.download_url AS new_download,
              t.embed_url AS old_embed, j.embed_url AS new_embed, COALESCE(j.finished_at, ?) AS at
       FROM lib_tombstones t JOIN upload_jobs j ON j.id = t.recover_job_id
       WHERE j.state = 'done' AND j.video_id IS NOT NULL AND j.download_url IS NOT NULL AND j.embed_url IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM lib_link_map m WHERE m.old_id = t.video_id)`,
    )
    .all(now);
  const insert = db.prepare(`INSERT OR IGNORE INTO lib_link_map (${PAIR_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`);
  const pairs = rows.map(toPair);
  for (const p of pairs) insert.run(p.oldId, p.newId, p.oldDownload, p.newDownload, p.oldEmbed, p.newEmbed, p.at);
  return pairs;
}
