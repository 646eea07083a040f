// Reads the upload history from the queue's own table: rows that ended (done, failed or
// changed, cancelled), whether or not "Clear finished" took them out of the queue view.
// Newest first, paged by (finished_at, id) so a deep page costs what the first does.
import { AttemptOutcome, type HistoryEntry, type HistoryFilter, type HistoryOutcome, type HistoryPage, type UploadAttempt } from '../../../shared/history.ts';
import type { Db } from '../db/database.ts';
import { readStoredSaid } from '../../../shared/i18n/say.ts';
import { jobFileAndVideo, type JobRow } from './job-row.ts';

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

interface AttemptRow {
  job_id: number;
  attempt: number;
  started_at: number;
  ended_at: number | null;
  bytes_sent: number;
  held_ms: number;
  outcome: string | null;
  error_message: string | null;
}

function toAttempt(row: AttemptRow): UploadAttempt {
  const outcome = AttemptOutcome.safeParse(row.outcome);
  return {
    attempt: row.attempt,
    startedAt: row.started_at,
    endedAt: row.ended_at,
    bytesSent: row.bytes_sent,
    heldMs: row.held_ms,
    outcome: outcome.success ? outcome.data : null,
    error: row.error_message === null ? null : readStoredSaid(row.error_message),
  };
}

/**
 * Bytes per second while sending: every attempt's bytes over the time it spent sending (not
 * the waits between retries, nor time held by a pause). Rows from before attempts were
 * recorded fall back to the first start to the end.
 */
function averageSpeed(row: JobRow, attempts: readonly UploadAttempt[]): number | null {
  const timed = attempts.filter((a) => a.endedAt !== null);
  if (timed.length > 0) {
    const bytes = timed.reduce((sum, a) => sum + a.bytesSent, 0);
    const ms = timed.reduce((sum, a) => sum + Math.max(0, (a.endedAt ?? a.startedAt) - a.startedAt - a.heldMs), 0);
    return ms > 0 && bytes > 0 ? Math.round((bytes * 1000) / ms) : null;
  }
  const seconds = row.started_at !== null && row.finished_at !== null ? (row.finished_at - row.started_at) / 1000 : null;
  return seconds !== null && seconds > 0 ? Math.round(row.size / seconds) : null;
}

function attemptsOf(db: Db, jobIds: readonly number[]): Map<number, UploadAttempt[]> {
  const byJob = new Map<number, UploadAttempt[]>();
  if (jobIds.length === 0) return byJob;
  const rows = db
    .prepare(`SELECT * FROM upload_attempts WHERE job_id IN (${jobIds.map(() => '?').join(',')}) ORDER BY job_id, id`)
    .all(...jobIds) as unknown as AttemptRow[];
  for (const row of rows) {
    const list = byJob.get(row.job_id) ?? [];
    list.push(toAttempt(row));
    byJob.set(row.job_id, list);
  }
  return byJob;
}

function toEntry(row: JobRow, attempts: readonly UploadAttempt[]): HistoryEntry {
  const finishedAt = row.finished_at ?? 0;
  const outcome = outcomeOf(row.state);
  return {
    ...jobFileAndVideo(row),
    startedAt: row.started_at,
    finishedAt,
    averageSpeed: outcome === 'done' ? averageSpeed(row, attempts) : null,
    attempts: [...attempts],
    outcome,
    error: row.error_message === null ? null : readStoredSaid(row.error_message),
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
  const attempts = attemptsOf(db, rows.map((row) => row.id));
  return { items: rows.map((row) => toEntry(row, attempts.get(row.id) ?? [])), total };
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
