// Writing an export to the chosen file (export-service.ts) against a real SQLite library and
// real files: what is planted next to the chosen path is never written through (issue 27 item 6).
import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterEach, describe, expect, it } from 'vitest';
import * as s from '../../../../electron/core/api/schemas.ts';
import { ExportService } from '../../../../electron/core/export/export-service.ts';
import { migrate } from '../../../../electron/core/library/db.ts';
import { LibraryStore } from '../../../../electron/core/library/store.ts';
import { uploadMigrations } from '../../../../electron/core/uploads/migrations.ts';
import { serviceVideo, tempDb } from '../library/helpers.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

function setup(): { service: ExportService; dir: string } {
  const env = tempDb();
  const dir = mkdtempSync(join(tmpdir(), 'vidlift-export-unit-'));
  cleanups.push(env.cleanup, () => rmSync(dir, { recursive: true, force: true }));
  // An account's database holds the upload jobs too (the export reads a file's length there).
  migrate(env.db, 'uploads', uploadMigrations);
  const store = new LibraryStore(env.db);
  store.upsertVideos(0, [0, 1, 2].map((i) => ({ video: serviceVideo(`vid${i}`, `clip ${i}`), seq: i })));
  const service = new ExportService({ store, db: env.db, sessionStartedAt: 0, events: { emit() {} }, mayWrite: () => true });
  return { service, dir };
}

describe('ExportService.toFile', () => {
  it('never writes through a link planted at the old temporary name, and leaves no temporary file', async () => {
    const { service, dir } = setup();
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'keep me');
    const path = join(dir, 'links.csv');
    symlinkSync(victim, `${path}.vidlift-part`);

    const result = await service.toFile(path, { kind: 'folder', folderId: 0 }, { format: 'csv' });

    expect(result.count).toBe(3);
    expect(readFileSync(victim, 'utf8')).toBe('keep me');
    expect(lstatSync(path).isFile()).toBe(true);
    expect((parse(readFileSync(path, 'utf8'), { columns: true }) as unknown[]).length).toBe(3);
    expect(readdirSync(dir).sort()).toEqual(['links.csv', 'links.csv.vidlift-part', 'victim.txt']);
  });
});

describe('exports of a hostile service\'s links (issue 27 item 9)', () => {
  it('writes no javascript: link into HTML or Markdown, and leaves out a video without a safe link', async () => {
    const env = tempDb();
    cleanups.push(env.cleanup);
    migrate(env.db, 'uploads', uploadMigrations);
    const store = new LibraryStore(env.db);
    // What the service answered, through the same schema the client parses every reply with.
    const hostile = s.video.parse({ ...serviceVideo('bad0', 'bad'), links: { download: 'javascript:alert(1)', embed: 'javascript:alert(2)' } });
    const halfHostile = s.video.parse({ ...serviceVideo('half', 'half'), links: { download: 'https://h.test/d/half', embed: 'javascript:alert(3)' } });
    store.upsertVideos(0, [hostile, halfHostile, serviceVideo('good', 'good')].map((video, seq) => ({ video, seq })));
    const service = new ExportService({ store, db: env.db, sessionStartedAt: 0, events: { emit() {} }, mayWrite: () => true });
    for (const format of ['html', 'markdown', 'iframe', 'embed'] as const) {
      const { text, count } = service.text({ kind: 'folder', folderId: 0 }, { format });
      expect(text).not.toMatch(/javascript:/i);
      expect(count).toBe(1);
    }
  });
});
