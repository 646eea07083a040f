// Migration 11 (issue 33 §3): a content digest names its algorithm. In a real database file left
// by a version that stored bare SHA-256s, every stored hash keeps its SHA-256 under that name,
// and a copy of a file uploaded then is still refused as a duplicate after the change.
import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, openDatabase, type Db } from '../../../electron/core/db/database.ts';
import { uploadMigrations } from '../../../electron/core/uploads/migrations.ts';
import { UploadStore } from '../../../electron/core/uploads/store.ts';
import { findDuplicate } from '../../../electron/core/uploads/duplicates.ts';

let dir: string | undefined;
const open: Db[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function openFile(file: string): Db {
  const db = openDatabase(file);
  open.push(db);
  return db;
}

describe('uploads migration 11: digests that name their algorithm', () => {
  it('keeps every SHA-256 under its name, drops the old column, and still finds a copy of an old upload', async () => {
    dir = mkdtempSync(join(tmpdir(), 'vidlift-digest-migration-'));
    const file = join(dir, 'account.db');
    const video = join(dir, 'holiday.mp4');
    const bytes = randomBytes(40_000);
    writeFileSync(video, bytes);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const { mtimeMs, size } = statSync(video);

    // The database as the version before this one left it.
    const before = openFile(file);
    migrate(before, 'uploads', uploadMigrations.filter((m) => m.version < 11));
    const insert = before.prepare(
      "INSERT INTO upload_jobs (path, name, size, mtime_ms, content_type, folder_id, state, created_at, sha256) VALUES (?, ?, ?, ?, 'video/mp4', 0, ?, 1, ?)",
    );
    insert.run(video, 'holiday.mp4', size, Math.trunc(mtimeMs), 'done', sha256);
    insert.run(join(dir, 'unread.mp4'), 'unread.mp4', 10, 1, 'waiting', null);
    before.close();
    open.splice(open.indexOf(before), 1);

    const db = openFile(file);
    const store = new UploadStore(db, () => 0);
    const rows = db.prepare('SELECT name, content_digest FROM upload_jobs ORDER BY id').all();
    expect(rows).toEqual([
      { name: 'holiday.mp4', content_digest: `sha256:${sha256}` },
      { name: 'unread.mp4', content_digest: null },
    ]);
    const columns = (db.prepare('PRAGMA table_info(upload_jobs)').all() as { name: string }[]).map((column) => column.name);
    expect(columns).toContain('content_digest');
    expect(columns).not.toContain('sha256');

    const copy = join(dir, 'holiday (copy).mp4');
    copyFileSync(video, copy);
    const check = await findDuplicate(store, { path: copy, dev: null, ino: null, size, mtimeMs: Math.trunc(statSync(copy).mtimeMs) }, []);
    expect(check.of).toMatchObject({ kind: 'job', job: { name: 'holiday.mp4', content_digest: `sha256:${sha256}` } });
    expect(check.digest?.algorithm).toBe('xxh3-64');
  });
});
