// The health reads: how many videos are alive, taken down and gone, the dead ones' tombstones
// (with their source file as it is now and where Upload again stands), and the takedowns the
// watch has read. Counts and pages come from indexes (lib_tombstones_by_state, the takedowns'
// primary key): the first page of the Takedowns view at a million videos is a few index reads.
import { stat } from 'node:fs/promises';
import type { DeadHealth, HealthCounts, HealthQuery, HealthView, LocalSource, RecoveryState, TakedownRow, TakedownsView, Tombstone } from '../../../shared/links.ts';
import type { Db } from '../db/database.ts';
import type { Row } from '../library/store-rows.ts';
import { likePattern } from '../library/store.ts';
import { pairsOf } from './link-map.ts';

/** The states of an Upload again job that has not ended: the video is on its way back. */
const UNDER_WAY: readonly string[] = ['waiting', 'uploading', 'finishing', 'paused'];

/** The tombstone's columns with its source: the located file, else the file this computer uploaded it from. */
const TOMBSTONE_SELECT = `SELECT t.video_id, t.state, t.reason, t.title, t.folder_id, COALESCE(f.local_name, f.name, '') AS folder_name, t.size,
    t.download_url, t.embed_url, t.last_seen_at, t.dead_at, t.recover_job_id,
    (SELECT state FROM upload_jobs WHERE id = t.recover_job_id) AS job_state,
    d.reported_at, d.disabled_at, d.secure_download_code, d.secure_embed_code,
    COALESCE(t.source_path, u.path) AS source_path,
    CASE WHEN t.source_path IS NOT NULL THEN t.source_size ELSE u.size END AS source_size,
    CASE WHEN t.source_path IS NOT NULL THEN t.source_mtime_ms ELSE u.mtime_ms END AS source_mtime_ms
  FROM lib_tombstones t
  LEFT JOIN lib_folders f ON f.id = t.folder_id
  LEFT JOIN lib_takedowns d ON d.id = (SELECT MAX(id) FROM lib_takedowns WHERE code = t.video_id)
  LEFT JOIN upload_jobs u ON u.id = (SELECT MAX(id) FROM upload_jobs WHERE video_id = t.video_id AND state = 'done')`;

/** The file a video was uploaded from, as recorded and as it is now. */
export async function sourceNow(path: string, size: number, mtimeMs: number): Promise<LocalSource> {
  let status: LocalSource['status'];
  try {
    const info = await stat(path);
    // upload_jobs keeps whole milliseconds: compared as the duplicate check compares them.
    status = info.isFile() && info.size === size && Math.trunc(info.mtimeMs) === Math.trunc(mtimeMs) ? 'unchanged' : 'changed';
  } catch {
    status = 'missing';
  }
  return { path, size, mtimeMs, status, unchanged: status === 'unchanged' };
}

function recoveryOf(row: Row, source: LocalSource | undefined, recovered: boolean): RecoveryState {
  if (recovered) return 'recovered';
  if (row.recover_job_id !== null && typeof row.job_state === 'string' && UNDER_WAY.includes(row.job_state)) return 'queued';
  if (!source) return 'noSource';
  return source.unchanged ? 'ready' : 'locate';
}

async function toTombstones(db: Db, rows: Row[]): Promise<Tombstone[]> {
  const pairs = pairsOf(db, rows.map((row) => String(row.video_id)));
  return Promise.all(
    rows.map(async (row): Promise<Tombstone> => {
      const source = typeof row.source_path === 'string' ? await sourceNow(row.source_path, Number(row.source_size), Number(row.source_mtime_ms)) : undefined;
      const pair = pairs.get(String(row.video_id));
      const recovery = recoveryOf(row, source, pair !== undefined);
      return {
        videoId: String(row.video_id),
        state: row.state as DeadHealth,
        reason: row.reason as Tombstone['reason'],
        title: String(row.title),
        folderId: Number(row.folder_id),
        folderName: Number(row.folder_id) === 0 ? '' : String(row.folder_name),
        size: Number(row.size),
        downloadUrl: String(row.download_url),
        embedUrl: String(row.embed_url),
        lastSeenAt: row.last_seen_at === null ? null : Number(row.last_seen_at),
        deadAt: Number(row.dead_at),
        ...(typeof row.reported_at === 'string' ? { reportedAt: row.reported_at, disabledAt: String(row.disabled_at) } : {}),
        ...(typeof row.secure_download_code === 'string' ? { secureCodes: { download: row.secure_download_code, embed: String(row.secure_embed_code) } } : {}),
        ...(source ? { localSource: source } : {}),
        recovery,
        ...(recovery === 'queued' ? { jobId: Number(row.recover_job_id) } : {}),
        ...(pair ? { pair } : {}),
      };
    }),
  );
}

export function healthCounts(db: Db): HealthCounts {
  const alive = Number(db.prepare('SELECT COUNT(*) AS n FROM lib_videos').get()?.n ?? 0);
  const dead = db.prepare("SELECT state, COUNT(*) AS n FROM lib_tombstones WHERE state IN ('takenDown', 'gone') GROUP BY state").all();
  const count = (state: DeadHealth) => Number(dead.find((row) => row.state === state)?.n ?? 0);
  return { alive, takenDown: count('takenDown'), gone: count('gone') };
}

/** The counts and a page of tombstones, newest deaths first; `search` narrows by title. */
export async function healthView(db: Db, query: HealthQuery): Promise<HealthView> {
  return { counts: healthCounts(db), ...(await deadPage(db, query)) };
}

/**
 * The dead videos whose title matches a library-wide search (videos:search with its dead),
 * newest deaths first: the same words matched anywhere in the title, as the search of titles.
 */
export function deadMatching(db: Db, search: string, limit: number): Promise<{ items: Tombstone[]; total: number }> {
  return deadPage(db, { offset: 0, limit, search });
}

/** A page of tombstones, newest deaths first, of one state or both, narrowed by title words; with how many there are. */
async function deadPage(db: Db, query: HealthQuery): Promise<{ items: Tombstone[]; total: number }> {
  // Every tombstone is one of the two: without a state asked, no filter (lib_tombstones_by_death orders them).
  const where = query.state ? ['t.state = ?'] : ['1'];
  const args: (string | number)[] = query.state ? [query.state] : [];
  const search = query.search?.trim();
  if (search) {
    where.push("t.title LIKE ? ESCAPE '\\'");
    args.push(likePattern(search));
  }
  // The page's ids first, from the index alone; only those few rows are joined with the rest.
  const rows = db
    .prepare(
      `${TOMBSTONE_SELECT} WHERE t.video_id IN (SELECT t.video_id FROM lib_tombstones t WHERE ${where.join(' AND ')} ORDER BY t.dead_at DESC, t.video_id LIMIT ? OFFSET ?)
       ORDER BY t.dead_at DESC, t.video_id`,
    )
    .all(...args, query.limit, query.offset);
  const total = Number(db.prepare(`SELECT COUNT(*) AS n FROM lib_tombstones t WHERE ${where.join(' AND ')}`).get(...args)?.n ?? 0);
  return { items: await toTombstones(db, rows), total };
}

/** Ids per query: a statement's parameters hold one JSON array, kept short enough to plan well. */
const ID_CHUNK = 5000;

/** The tombstones of those of `ids` that are dead (any number of ids, read in chunks). */
export async function tombstonesOf(db: Db, ids: readonly string[]): Promise<Tombstone[]> {
  const query = db.prepare(`${TOMBSTONE_SELECT} WHERE t.video_id IN (SELECT value FROM json_each(?))`);
  // (lib_tombstones is small beside lib_videos; its IN list is planned as lookups by key.)
  const found: Tombstone[] = [];
  for (let i = 0; i < ids.length; i += ID_CHUNK) found.push(...(await toTombstones(db, query.all(JSON.stringify(ids.slice(i, i + ID_CHUNK))))));
  return found;
}

/** Those of `ids` the library lists, with their title and folder (any number of ids, read in chunks). */
export function aliveOf(db: Db, ids: readonly string[]): Array<{ id: string; title: string; folderId: number }> {
  // CROSS JOIN keeps the ids outside: one index lookup each, never a scan of the library. Each
  // chunk comes back as one JSON array: parsing it is cheaper than a row object per video.
  const query = db.prepare('SELECT json_group_array(json_array(v.id, v.name, v.folder_id)) AS rows FROM json_each(?) j CROSS JOIN lib_videos v ON v.id = j.value');
  const found: Array<{ id: string; title: string; folderId: number }> = [];
  // In the index's order: neighbouring lookups read neighbouring pages.
  const sorted = [...ids].sort();
  for (let i = 0; i < sorted.length; i += ID_CHUNK) {
    const rows = JSON.parse(String(query.get(JSON.stringify(sorted.slice(i, i + ID_CHUNK)))?.rows ?? '[]')) as Array<[string, string, number]>;
    for (const [id, title, folderId] of rows) found.push({ id, title, folderId });
  }
  return found;
}

/**
 * Those of `ids` the library does not list (any number of ids, read in chunks). The library's
 * id index alone answers (no row is read), and only the few ids it lacks come back to
 * JavaScript, as one JSON array per chunk: 100,000 listed ids cost no 100,000 rows.
 */
export function unlistedOf(db: Db, ids: readonly string[]): Set<string> {
  const query = db.prepare('SELECT json_group_array(j.value) AS ids FROM json_each(?) j WHERE NOT EXISTS (SELECT 1 FROM lib_videos v WHERE v.id = j.value)');
  const unlisted = new Set<string>();
  const sorted = [...ids].sort();
  for (let i = 0; i < sorted.length; i += ID_CHUNK) {
    for (const id of JSON.parse(String(query.get(JSON.stringify(sorted.slice(i, i + ID_CHUNK)))?.ids ?? '[]')) as string[]) unlisted.add(id);
  }
  return unlisted;
}

export async function tombstoneOf(db: Db, videoId: string): Promise<Tombstone | null> {
  const row = db.prepare(`${TOMBSTONE_SELECT} WHERE t.video_id = ?`).get(videoId);
  return row ? ((await toTombstones(db, [row]))[0] ?? null) : null;
}

/** Every tombstone's id (Upload again for all). */
export function deadIds(db: Db): string[] {
  return db.prepare('SELECT video_id FROM lib_tombstones ORDER BY dead_at DESC, video_id').all().map((row) => String(row.video_id));
}

/** The takedowns read so far, newest record first, each with what the library knows of its video. */
export async function takedownsView(db: Db, offset: number, limit: number, readAt: number | null): Promise<TakedownsView> {
  const rows = db
    .prepare(
      `SELECT d.id, d.code, d.reported_at, d.disabled_at, d.secure_download_code, d.secure_embed_code, d.seen_at,
         COALESCE(t.title, v.name) AS title, t.video_id AS dead_id
       FROM lib_takedowns d
       LEFT JOIN lib_tombstones t ON t.video_id = d.code
       LEFT JOIN lib_videos v ON v.id = d.code
       ORDER BY d.id DESC LIMIT ? OFFSET ?`,
    )
    .all(limit, offset);
  const deadIdsOnPage = rows.map((row) => row.dead_id).filter((id): id is string => typeof id === 'string');
  const stones = new Map((await tombstonesOf(db, deadIdsOnPage)).map((stone) => [stone.videoId, stone]));
  const items = rows.map((row): TakedownRow => {
    const stone = stones.get(String(row.code));
    return {
      id: Number(row.id),
      videoId: String(row.code),
      title: typeof row.title === 'string' ? row.title : null,
      reportedAt: String(row.reported_at),
      disabledAt: String(row.disabled_at),
      secureCodes: { download: String(row.secure_download_code), embed: String(row.secure_embed_code) },
      ...(stone?.localSource ? { localSource: stone.localSource } : {}),
      recovery: stone?.recovery ?? 'noSource',
      seenAt: Number(row.seen_at),
    };
  });
  const total = Number(db.prepare('SELECT COUNT(*) AS n FROM lib_takedowns').get()?.n ?? 0);
  return { items, total, readAt };
}
