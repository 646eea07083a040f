import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { StatementSync } from 'node:sqlite';
import { openDatabase } from '../../../../electron/core/db/database.ts';
import { UploadStore } from '../../../../electron/core/uploads/store.ts';
import { BatchTracker } from '../../../../electron/core/uploads/batch.ts';
import { toUploadJob } from '../../../../electron/core/uploads/job-row.ts';
import { readHistory } from '../../../../electron/core/uploads/history.ts';
import { said, storeSaid } from '../../../../shared/said.ts';
import { sayInEnglish } from '../../../../shared/i18n/say.ts';

const file = { path: '/v/a.mp4', name: 'a.mp4', size: 100, mtimeMs: 5, contentType: 'video/mp4', folderId: 3 };

function store(now = () => 1_000): UploadStore {
  return new UploadStore(openDatabase(':memory:'), now);
}

describe('UploadStore', () => {
  it('applies its migrations once, under the module name uploads', () => {
    const db = openDatabase(':memory:');
    new UploadStore(db, () => 0);
    new UploadStore(db, () => 0);
    expect(db.prepare("SELECT version FROM schema_migrations WHERE module = 'uploads' ORDER BY version").all()).toEqual([{ version: 1 }, { version: 2 }, { version: 3 }, { version: 4 }, { version: 5 }, { version: 6 }, { version: 7 }, { version: 8 }, { version: 9 }, { version: 10 }, { version: 11 }, { version: 12 }]);
  });

  it('maps rows to the UploadJob DTO', () => {
    const s = store();
    const row = s.get(s.insert(file))!;
    expect(toUploadJob(row)).toEqual({
      id: row.id,
      path: '/v/a.mp4',
      name: 'a.mp4',
      size: 100,
      folderId: 3,
      state: 'waiting',
      bytesSent: 0,
      attempts: 0,
      error: null,
      restarted: false,
      videoId: null,
      downloadUrl: null,
      embedUrl: null,
      createdAt: 1_000,
      finishedAt: null,
      media: null,
      note: null,
      verification: null,
      nameWarnings: [],
      hold: null,
      restart: null,
    });
    s.update(row.id, { state: 'failed', error_code: 'server', error_message: 'Nope', error_retryable: 0, finished_at: 2_000 });
    // A row from before codes keeps its English as written, in the job and in the history.
    expect(toUploadJob(s.get(row.id)!).error).toEqual({ code: 'server', message: 'Nope', said: { code: 'as_written', params: { text: 'Nope' } }, retryable: false });
    expect(readHistory(s.db, { limit: 10 }).items[0]!.error).toEqual({ code: 'as_written', params: { text: 'Nope' } });
    // Since issue 30 the row keeps what is said, read back in the person's language.
    s.update(row.id, { error_message: JSON.stringify({ code: 'file_server_silent', params: {} }) });
    expect(toUploadJob(s.get(row.id)!).error).toEqual({
      code: 'server',
      message: 'The file server stopped answering.',
      said: { code: 'file_server_silent', params: {} },
      retryable: false,
    });
    expect(readHistory(s.db, { limit: 10 }).items[0]!.error).toEqual({ code: 'file_server_silent', params: {} });
  });

  it('keeps what was verified when it landed, and reads a damaged value as not checked (issue 26)', () => {
    const s = store();
    const row = s.get(s.insert({ ...file, name: 'say "hi".mp4' }))!;
    expect(toUploadJob(row).nameWarnings).toEqual(['quote']);
    s.update(row.id, { state: 'uploading' });
    const verification = { title: { status: 'differs' as const, stored: 'say %22hi%22.mp4', reasons: ['escapes-kept' as const] }, folder: 'found' as const };
    s.apply(row.id, { type: 'landed', links: { downloadUrl: null, embedUrl: null }, now: 5, verification });
    expect(toUploadJob(s.get(row.id)!).verification).toEqual(verification);
    s.update(row.id, { verification: '{"title":{"status":"maybe"}}' });
    expect(toUploadJob(s.get(row.id)!).verification).toBeNull();
    s.update(row.id, { verification: 'not json' });
    expect(toUploadJob(s.get(row.id)!).verification).toBeNull();
  });

  it('keeps what the file is with the job, and reads a damaged value as unknown', () => {
    const s = store();
    const media = { container: 'WebM', durationSeconds: 3.5, width: 640, height: 360, videoCodec: 'VP9', audioCodec: 'Opus', bitrate: 400_000 };
    const row = s.get(s.insert({ ...file, media }))!;
    expect(toUploadJob(row).media).toEqual(media);
    s.update(row.id, { media: '{"width": "wide"' });
    expect(toUploadJob(s.get(row.id)!).media).toBeNull();
  });

  it('finds held files by size, not failed ones, and keeps a content digest named by its algorithm', () => {
    const s = store();
    const row = s.get(s.insert(file))!;
    const other = s.get(s.insert({ ...file, path: '/v/copy.mp4', digest: { algorithm: 'xxh3-64', hex: 'ab'.repeat(8) } }))!;
    expect(s.heldOfSize(100).map((r) => r.id)).toEqual([row.id, other.id]);
    expect(s.heldOfSize(101)).toEqual([]);
    expect(s.get(other.id)?.content_digest).toBe(`xxh3-64:${'ab'.repeat(8)}`);
    s.update(row.id, { state: 'done' });
    s.setContentDigest(row.id, { algorithm: 'sha256', hex: 'cd'.repeat(32) });
    expect(s.heldOfSize(100).find((r) => r.id === row.id)?.content_digest).toBe(`sha256:${'cd'.repeat(32)}`);
    s.update(row.id, { state: 'failed' });
    expect(s.heldOfSize(100).map((r) => r.id)).toEqual([other.id]);
  });

  it('sends interrupted transfers back to the queue from byte 0, marked restarted', () => {
    const s = store();
    const uploading = s.get(s.insert(file))!;
    const finishing = s.get(s.insert({ ...file, path: '/v/b.mp4' }))!;
    const done = s.get(s.insert({ ...file, path: '/v/c.mp4' }))!;
    s.update(uploading.id, { state: 'uploading', bytes_sent: 50 });
    s.update(finishing.id, { state: 'finishing', bytes_sent: 100 });
    s.update(done.id, { state: 'done' });
    expect(s.recoverInterrupted()).toBe(2);
    expect(s.get(uploading.id)).toMatchObject({ state: 'waiting', bytes_sent: 0, restarted: 1, maybe_received: 0 });
    // Its whole body may have arrived: look for the video before sending again.
    expect(s.get(finishing.id)).toMatchObject({ state: 'waiting', bytes_sent: 0, restarted: 1, maybe_received: 1 });
    expect(s.get(done.id)?.state).toBe('done');
  });

  it('records each transfer attempt from the job events: its bytes, its time held and how it ended', () => {
    let clock = 1_000;
    const s = store(() => clock);
    const row = s.get(s.insert(file))!;
    const attempts = () => s.db.prepare('SELECT attempt, started_at, ended_at, bytes_sent, held_ms, outcome, error_message FROM upload_attempts WHERE job_id = ? ORDER BY id').all(row.id);
    s.apply(row.id, { type: 'started', attempts: 1, now: clock });
    clock = 2_000;
    s.apply(row.id, { type: 'held', bytesSent: 40, now: clock, until: clock + 60_000 });
    clock = 5_000;
    s.apply(row.id, { type: 'unheld', now: clock });
    clock = 6_000;
    const closed = said('file_server_closed_connection');
    s.apply(row.id, { type: 'retry-later', error: { code: 'offline', message: sayInEnglish(closed), said: closed, retryable: true }, at: 9_000, maybeReceived: false, bytesSent: 70 });
    expect(toUploadJob(s.get(row.id)!).restart).toEqual({ cause: 'cut', bytesLost: 70 });
    clock = 9_000;
    s.apply(row.id, { type: 'started', attempts: 2, now: clock });
    clock = 9_500;
    s.apply(row.id, { type: 'landed', links: { downloadUrl: null, embedUrl: null }, now: clock });
    expect(attempts()).toEqual([
      { attempt: 1, started_at: 1_000, ended_at: 6_000, bytes_sent: 70, held_ms: 3_000, outcome: 'cut', error_message: storeSaid(closed) },
      { attempt: 2, started_at: 9_000, ended_at: 9_500, bytes_sent: 100, held_ms: 0, outcome: 'done', error_message: null },
    ]);
    // The history reads the said thing back; a row written before codes reads as its code when its
    // English is a code's, else as written.
    const historyAttempts = () => readHistory(s.db, { limit: 10 }).items[0]!.attempts!.map((a) => a.error);
    expect(historyAttempts()).toEqual([closed, null]);
    s.db.prepare('UPDATE upload_attempts SET error_message = ? WHERE attempt = 1').run(sayInEnglish(closed));
    expect(historyAttempts()[0]).toEqual(closed);
    s.db.prepare('UPDATE upload_attempts SET error_message = ? WHERE attempt = 1').run('socket hang up');
    expect(historyAttempts()[0]).toEqual({ code: 'as_written', params: { text: 'socket hang up' } });
    expect(toUploadJob(s.get(row.id)!).restart).toBeNull();
  });

  it('after a crash, a held transfer stays paused and says its file starts again; its open attempt ends as closed by the app', () => {
    const s = store();
    const row = s.get(s.insert(file))!;
    s.apply(row.id, { type: 'started', attempts: 1, now: 1_000 });
    s.apply(row.id, { type: 'held', bytesSent: 60, now: 1_000, until: 61_000 });
    expect(toUploadJob(s.get(row.id)!).hold).toEqual({ since: 1_000, until: 61_000 });
    expect(s.recoverInterrupted()).toBe(1);
    const job = toUploadJob(s.get(row.id)!);
    expect(job).toMatchObject({ state: 'paused', hold: null, bytesSent: 0, restart: { cause: 'app-closed', bytesLost: 60 } });
    expect(s.db.prepare('SELECT outcome, ended_at FROM upload_attempts').all()).toEqual([{ outcome: 'app-closed', ended_at: null }]);
  });

  it('orders due jobs and knows when the next one is due', () => {
    const s = store();
    const a = s.get(s.insert(file))!;
    const b = s.get(s.insert({ ...file, path: '/v/b.mp4' }))!;
    s.update(a.id, { next_attempt_at: 5_000 });
    expect(s.due(1_000, 10).map((r) => r.id)).toEqual([b.id]);
    expect(s.due(5_000, 10).map((r) => r.id)).toEqual([a.id, b.id]);
    expect(s.nextDueAt()).toBe(0);
    // A job already running (still `waiting` until its transfer starts) is not a wake-up reason.
    expect(s.nextDueAt([b.id])).toBe(5_000);
    s.update(b.id, { state: 'done', finished_at: 2_000 });
    expect(s.nextDueAt()).toBe(5_000);
    expect(s.figures(1_500)).toEqual({ bytesTotal: 200, finishedBytes: 100, active: 0, waiting: 1, done: 1, failed: 0 });
    expect(s.clearFinished(3_000)).toBe(1);
    // Cleared into the history, never deleted: out of the queue view, still known (no re-upload).
    expect(s.list().map((r) => r.id)).toEqual([a.id]);
    expect(s.get(b.id)).toMatchObject({ state: 'done', cleared_at: 3_000 });
  });

  it('with no batch counts nothing finished, and a queue that sits still is not summed again however much time passes', () => {
    const s = store();
    const a = s.get(s.insert(file))!;
    s.insert({ ...file, path: '/v/b.mp4', size: 50 });
    s.update(a.id, { state: 'done', finished_at: 2_000 });
    let now = 5_000;
    const batch = new BatchTracker(s, () => now);
    const sums = vi.spyOn(StatementSync.prototype, 'get');
    const reads = () => sums.mock.contexts.filter((statement) => (statement as StatementSync).sourceSQL.includes('SUM(')).length;
    try {
      expect(batch.figures()).toEqual({ bytesTotal: 50, finishedBytes: 0, active: 0, waiting: 1, done: 1, failed: 0 });
      now += 60_000;
      expect(batch.figures()).toEqual({ bytesTotal: 50, finishedBytes: 0, active: 0, waiting: 1, done: 1, failed: 0 });
      expect(reads()).toBe(1);
      // A batch counts what finished in it.
      batch.open();
      s.update(a.id, { state: 'done', finished_at: now + 1 });
      expect(batch.figures()).toMatchObject({ bytesTotal: 150, finishedBytes: 100, waiting: 1, done: 1 });
    } finally {
      sums.mockRestore();
    }
  });

  it('answers its figures again without reading until a job changes, here or on another connection', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vidlift-figures-'));
    try {
      const s = new UploadStore(openDatabase(join(dir, 'queue.sqlite')), () => 1_000);
      const other = openDatabase(join(dir, 'queue.sqlite'));
      const a = s.get(s.insert(file))!;
      const first = s.figures(0);
      expect(first).toEqual({ bytesTotal: 100, finishedBytes: 0, active: 0, waiting: 1, done: 0, failed: 0 });
      // The answer is a copy: changing it changes nothing kept.
      first.waiting = 99;
      expect(s.figures(0).waiting).toBe(1);
      s.insert({ ...file, path: '/v/b.mp4', size: 50 });
      expect(s.figures(0)).toMatchObject({ bytesTotal: 150, waiting: 2 });
      other.prepare("UPDATE upload_jobs SET state = 'done', finished_at = 2000 WHERE id = ?").run(a.id);
      expect(s.figures(0)).toMatchObject({ bytesTotal: 150, finishedBytes: 100, waiting: 1, done: 1 });
      // Another batch start is another question.
      expect(s.figures(3_000)).toMatchObject({ bytesTotal: 50, finishedBytes: 0, done: 1 });
      // Writes that change no job's state, size or end read nothing again (db/table-version.ts).
      const sums = vi.spyOn(StatementSync.prototype, 'get');
      const reads = () => sums.mock.contexts.filter((statement) => (statement as StatementSync).sourceSQL.includes('SUM(')).length;
      other.exec("CREATE TABLE IF NOT EXISTS lib_sync_state (key TEXT PRIMARY KEY, value TEXT); INSERT OR REPLACE INTO lib_sync_state VALUES ('takedowns_read_at', '1')");
      other.prepare('UPDATE upload_jobs SET bytes_sent = 10 WHERE id = ?').run(a.id);
      s.setFlag('paused', '1');
      expect(s.figures(3_000)).toMatchObject({ bytesTotal: 50, done: 1 });
      expect(reads()).toBe(0);
      other.prepare("UPDATE upload_jobs SET state = 'failed' WHERE id = ?").run(a.id);
      expect(s.figures(3_000)).toMatchObject({ done: 0, failed: 1 });
      expect(reads()).toBe(1);
      sums.mockRestore();
      other.close();
      s.db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps queue flags', () => {
    const s = store();
    expect(s.getFlag('paused')).toBeNull();
    s.setFlag('paused', '1');
    s.setFlag('paused', '0');
    expect(s.getFlag('paused')).toBe('0');
  });
});
