// Subtitles added from this app. The service has no operation that lists a video's
// subtitles, so the library knows the ones it added: pending while they wait in the
// outbox, with the service's WebVTT address once confirmed.
import type { PendingState, Subtitle } from '../../../shared/model.ts';
import { transaction, type Db } from '../db/database.ts';

const SELECT = `SELECT s.video_id, s.language, s.url, s.source, o.state, o.error
  FROM lib_subtitles AS s LEFT JOIN lib_outbox AS o ON o.id = s.outbox_id`;

function toSubtitle(r: Record<string, unknown>): Subtitle {
  return {
    videoId: String(r.video_id),
    language: String(r.language),
    url: (r.url as string | null) ?? null,
    source: r.source as 'file' | 'url',
    pending: (r.state as PendingState | null) ?? null,
    error: (r.error as string | null) ?? null,
  };
}

export class SubtitleStore {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  add(videoId: string, language: string, source: 'file' | 'url', outboxId: number): number {
    const result = this.#db
      .prepare('INSERT INTO lib_subtitles (video_id, language, source, outbox_id) VALUES (?, ?, ?, ?)')
      .run(videoId, language, source, outboxId);
    return Number(result.lastInsertRowid);
  }

  /** The service stored it: it replaces any earlier subtitle of the same language. */
  confirm(id: number, url: string): void {
    transaction(this.#db, () => {
      const row = this.#db.prepare('SELECT video_id, language FROM lib_subtitles WHERE id = ?').get(id);
      if (!row) return;
      this.#db
        .prepare('DELETE FROM lib_subtitles WHERE video_id = ? AND language = ? AND outbox_id IS NULL AND id != ?')
        .run(row.video_id as string, row.language as string, id);
      this.#db.prepare('UPDATE lib_subtitles SET url = ?, outbox_id = NULL WHERE id = ?').run(url, id);
    });
  }

  remove(id: number): void {
    this.#db.prepare('DELETE FROM lib_subtitles WHERE id = ?').run(id);
  }

  list(videoId: string): Subtitle[] {
    return this.#db.prepare(`${SELECT} WHERE s.video_id = ? ORDER BY s.language, s.id`).all(videoId).map(toSubtitle);
  }

  get(id: number): Subtitle | null {
    const row = this.#db.prepare(`${SELECT} WHERE s.id = ?`).get(id);
    return row ? toSubtitle(row) : null;
  }
}
