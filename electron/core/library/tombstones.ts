// Tombstones: what a video keeps when it leaves the listings (issue 29). A complete, agreeing
// sweep, a DMCA record or operation 15 proves it dead; its row moves from lib_videos to
// lib_tombstones with its title, links, folder, size and when a listing last showed it. The
// links module (electron/core/links/) reads them; this file holds the writes the library's
// own writes take part in, so they run on whichever connection the library writes with (the
// sync's writer thread included).
import type { DeadHealth, GoneReason } from '../../../shared/links.ts';
import type { Db } from '../db/database.ts';
import type { ServiceVideo } from '../api/schemas.ts';

export interface Burial {
  state: DeadHealth;
  reason: GoneReason;
  /** When it was found dead (ms). */
  at: number;
}

/**
 * Copies the stored video `rid` into a tombstone (before its row is deleted). A video dead
 * already keeps its first tombstone, but a DMCA record turns a gone one into a taken-down one.
 * Last seen: when its folder was last listed in full or refreshed (the listing before this one).
 */
export function entomb(db: Db, rid: number, burial: Burial): void {
  db.prepare(
    `INSERT INTO lib_tombstones (video_id, state, reason, title, folder_id, size, download_url, embed_url, last_seen_at, dead_at)
     SELECT v.id, ?, ?, v.name, v.folder_id, v.size, v.download_url, v.embed_url, COALESCE(s.full_at, s.quick_at, v.local_at), ?
     FROM lib_videos v LEFT JOIN lib_folder_sync s ON s.folder_id = v.folder_id WHERE v.rid = ?
     ON CONFLICT (video_id) DO UPDATE SET state = excluded.state, reason = excluded.reason WHERE excluded.state = 'takenDown'`,
  ).run(burial.state, burial.reason, burial.at, rid);
}

/** Whether any video is dead or named by a takedown (a library with none skips the per-listing check). */
function anyDead(db: Db): boolean {
  return db.prepare('SELECT 1 AS one FROM lib_tombstones UNION ALL SELECT 1 FROM lib_takedowns LIMIT 1').get() !== undefined;
}

/**
 * The dead ones of `ids`: tombstoned, or named by a DMCA record the takedown watch read before
 * a listing brought the video in (those are taken down, and get their tombstone from the listing).
 */
export function deadAmong(db: Db, ids: readonly string[]): Map<string, { state: DeadHealth; reason: GoneReason; buried: boolean }> {
  if (ids.length === 0 || !anyDead(db)) return new Map();
  const rows = db
    .prepare(
      `SELECT i.value AS id, t.state, t.reason, t.video_id IS NOT NULL AS buried
       FROM json_each(?) i LEFT JOIN lib_tombstones t ON t.video_id = i.value
       WHERE t.video_id IS NOT NULL OR EXISTS (SELECT 1 FROM lib_takedowns d WHERE d.code = i.value)`,
    )
    .all(JSON.stringify(ids));
  return new Map(
    rows.map((row) => [String(row.id), row.buried ? { state: row.state as DeadHealth, reason: row.reason as GoneReason, buried: true } : { state: 'takenDown', reason: 'dmca', buried: false }]),
  );
}

/** A listed video a DMCA record names: its tombstone, from the listing's record. */
export function entombListed(db: Db, video: ServiceVideo, folderId: number, at: number): void {
  db.prepare(
    `INSERT OR IGNORE INTO lib_tombstones (video_id, state, reason, title, folder_id, size, download_url, embed_url, last_seen_at, dead_at)
     VALUES (?, 'takenDown', 'dmca', ?, ?, ?, ?, ?, ?, ?)`,
  ).run(video.id, video.name, folderId, video.size, video.links.download, video.links.embed, at, at);
}

/**
 * Whether a listing that shows this dead video again brings it back. A takedown never does: its
 * DMCA record stands whatever a listing says. A video only missing from a listing (a sweep)
 * that a later listing shows again is alive after all (moved back into a folder swept meanwhile).
 * A video operation 15 said does not exist stays dead.
 */
export function listingRevives(dead: { state: DeadHealth; reason: GoneReason }): boolean {
  return dead.state === 'gone' && dead.reason === 'unlisted';
}

export function removeTombstone(db: Db, videoId: string): void {
  db.prepare('DELETE FROM lib_tombstones WHERE video_id = ?').run(videoId);
}
