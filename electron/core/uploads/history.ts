// Reads the upload history from the queue's own table: rows that ended (done, failed or
// changed, cancelled), whether or not "Clear finished" took them out of the queue view.
// Newest first, paged by (finished_at, id) so a deep page costs what the first does.
import type { HistoryEntry, HistoryFilter, HistoryOutcome, HistoryPage } from '../../../shared/history.ts';
import type { Db } from '../library/db.ts';
import { parseVerification, type JobRow } from './store.ts';

const OUTCOME_STATES: Record<HistoryOutcome, readonly string[]> = {
  done: ['done'],
  failed: ['failed', 'changed'],
  cancelled: ['cancelled'],
};

function outcomeOf(state: string): HistoryOutcome {
  return state === 'done' ? 'done' : state === 'cancelled' ? 'cancelled' : 'failed';
}

/** LIKE with the pattern characters taken literally. */
function likeText(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function where(filter: HistoryFilter): { sql: string; args: Array<string | number> } {
  const states = filter.outcome ? OUTCOME_STATES[filter.outcome] : Object.values(OUTCOME_STATES).flat();
  const parts = [`finished_at IS NOT NULL`, `state IN (${states.map(() => '?').join(',')})`];
  const args: Array<string | number> = [...states];
  if (filter.search?.trim()) {
    // The title the service stored too, when it differs from the name (issue 26).
    parts.push(`(name LIKE ? ESCAPE '\\' OR path LIKE ? ESCAPE '\\' OR json_extract(verification, '$.title.stored') LIKE ? ESCAPE '\\')`);
    args.push(likeText(filter.search.trim()), likeText(filter.search.trim()), likeText(filter.search.trim()));
  }
  if (filter.folderId !== undefined) {
    parts.push('folder_id = ?');
    args.push(filter.folderId);
  }
  if (filter.from !== undefined) {
    parts.push('finished_at >= ?');
    args.push(filter.from);
  }
  if (filter.to !== undefined) {
    parts.push('finished_at < ?');
    args.push(filter.to);
  }
  return { sql: parts.join(' AND '), args };
}

function toEntry(row: JobRow): HistoryEntry {
  const finishedAt = row.finished_at ?? 0;
  const seconds = row.started_at !== null ? (finishedAt - row.started_at) / 1000 : null;
  const outcome = outcomeOf(row.state);
  return {
    id: row.id,
    path: row.path,
    name: row.name,
    size: row.size,
    folderId: row.folder_id,
    startedAt: row.started_at,
    finishedAt,
    averageSpeed: outcome === 'done' && seconds !== null && seconds > 0 ? Math.round(row.size / seconds) : null,
    outcome,
    videoId: row.video_id,
    downloadUrl: row.download_url,
    embedUrl: row.embed_url,
    error: row.error_message,
    verification: parseVerification(row.verification),
  };
}

export function readHistory(db: Db, filter: HistoryFilter): HistoryPage {
  const { sql, args } = where(filter);
  const total = Number((db.prepare(`SELECT COUNT(*) AS n FROM upload_jobs WHERE ${sql}`).get(...args) as { n: number }).n);
  const keyset = filter.after ? ' AND (finished_at < ? OR (finished_at = ? AND id < ?))' : '';
  const keyArgs = filter.after ? [filter.after.finishedAt, filter.after.finishedAt, filter.after.id] : [];
  const rows = db
    .prepare(`SELECT * FROM upload_jobs WHERE ${sql}${keyset} ORDER BY finished_at DESC, id DESC LIMIT ?`)
    .all(...args, ...keyArgs, filter.limit) as unknown as JobRow[];
  return { items: rows.map(toEntry), total };
}

/** Every finished upload the filter matches with its video, newest first: what an export of the history holds. */
export function historyVideos(db: Db, filter: Omit<HistoryFilter, 'limit' | 'after'>): Array<{ id: string; name: string; downloadUrl: string; embedUrl: string }> {
  const videos: Array<{ id: string; name: string; downloadUrl: string; embedUrl: string }> = [];
  let after: HistoryFilter['after'];
  for (;;) {
    const page = readHistory(db, { ...filter, outcome: 'done', limit: 500, ...(after ? { after } : {}) });
    for (const entry of page.items) {
      if (entry.videoId && entry.downloadUrl) videos.push({ id: entry.videoId, name: entry.name, downloadUrl: entry.downloadUrl, embedUrl: entry.embedUrl ?? '' });
    }
    const last = page.items.at(-1);
    if (!last || page.items.length < 500) return videos;
    after = { finishedAt: last.finishedAt, id: last.id };
  }
}
