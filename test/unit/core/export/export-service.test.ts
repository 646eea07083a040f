// The one export writer (writer.ts) through every sink (export-service.ts) against a real
// SQLite library and real files: every format from every source kind, the same bytes in the
// clipboard's text, the saved file and the pulled pieces (the CLI's stdout); a cancelled file
// export leaves no file; what is planted next to the chosen path is never written through
// (issue 27 item 6; issue 28 section 1).
import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { EXPORT_FORMAT, EXPORT_FORMATS } from '../../../../shared/export-formats.ts';
import type { ExportSource } from '../../../../shared/export-options.ts';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterEach, describe, expect, it } from 'vitest';
import * as s from '../../../../electron/core/api/schemas.ts';
import { ExportService } from '../../../../electron/core/export/export-service.ts';
import { migrate } from '../../../../electron/core/db/database.ts';
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

    const result = await service.toFile(randomUUID(), path, { kind: 'folder', folderId: 0 }, { format: 'csv' });

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
      const { text, count } = await service.text({ kind: 'folder', folderId: 0 }, { format });
      expect(text).not.toMatch(/javascript:/i);
      expect(count).toBe(1);
    }
  });
});

/** A library with a hostile title, a sub-folder, and upload jobs: one finished this session with its length, one only the history knows. */
function richLibrary(events: { emit: (event: string, payload: unknown) => void } = { emit() {} }, now?: () => number) {
  const env = tempDb();
  const dir = mkdtempSync(join(tmpdir(), 'vidlift-export-rich-'));
  cleanups.push(env.cleanup, () => rmSync(dir, { recursive: true, force: true }));
  migrate(env.db, 'uploads', uploadMigrations);
  const store = new LibraryStore(env.db);
  store.insertLocalFolder(7, 'Trips, "2026"', 0);
  const hostile = serviceVideo('aaa', '"><script>alert(1)</script>, =cmd|\' /C calc\'!A0\n東京');
  const plain = serviceVideo('bbb', 'clip b');
  const trip = serviceVideo('ccc', 'clip c');
  store.upsertVideos(0, [hostile, plain].map((video, seq) => ({ video, seq })));
  store.upsertVideos(7, [{ video: trip, seq: 0 }]);
  const job = env.db.prepare(
    "INSERT INTO upload_jobs (path, name, size, mtime_ms, content_type, folder_id, state, video_id, download_url, embed_url, created_at, finished_at, media) VALUES (?, ?, 10, 0, 'video/mp4', 0, 'done', ?, ?, ?, 0, ?, ?)",
  );
  job.run('/v/a.mp4', 'a.mp4', hostile.id, hostile.links.download, hostile.links.embed, 100, JSON.stringify({ durationSeconds: 12.5 }));
  job.run('/v/h.mp4', 'only in history.mp4', 'hhhhhhhhhhhh', 'http://h/d/hist', 'http://h/e/hist', 10, null);
  const service = new ExportService({ store, db: env.db, sessionStartedAt: 50, events: events as never, mayWrite: () => true, ...(now ? { now } : {}) });
  return { service, dir, ids: { hostile: hostile.id, plain: plain.id, trip: trip.id, history: 'hhhhhhhhhhhh' } };
}

describe('one writer, every source kind and format, every sink', () => {
  it('writes the same bytes to the clipboard text, the file and the pulled pieces', async () => {
    const { service, dir, ids } = richLibrary();
    const sources: Array<[ExportSource, string[]]> = [
      [{ kind: 'selection', selection: { ids: [ids.trip, ids.hostile], span: null, except: [] } }, [ids.trip, ids.hostile]],
      [{ kind: 'folder', folderId: 7 }, [ids.trip]],
      [{ kind: 'listing', query: { folderId: 0, sort: 'name', search: '', everywhere: false } }, [ids.hostile, ids.plain]],
      [{ kind: 'listing', query: { folderId: 0, sort: 'newest', search: 'clip', everywhere: true } }, [ids.plain, ids.trip]],
      [{ kind: 'session' }, [ids.hostile]],
      [{ kind: 'history', filter: {} }, [ids.hostile, ids.history]],
      [{ kind: 'library' }, [ids.hostile, ids.plain, ids.trip]],
    ];
    for (const [source, expected] of sources) {
      for (const format of EXPORT_FORMATS) {
        const options = { format, ...(format === 'template' ? { template: '{id}' } : {}) };
        const { text, count } = await service.text(source, options);
        expect(count, `${source.kind} ${format}`).toBe(expected.length);

        const path = join(dir, `${source.kind}.${EXPORT_FORMAT[format].extension}`);
        expect(await service.toFile(randomUUID(), path, source, options)).toEqual({ path, count: expected.length, cancelled: false });
        expect(readFileSync(path, 'utf8'), `${source.kind} ${format} file`).toBe(text);

        const exportId = randomUUID();
        let pulled = '';
        for (let done = false; !done; ) {
          const piece = service.read(exportId, source, options);
          pulled += piece.text;
          done = piece.done;
        }
        expect(pulled, `${source.kind} ${format} pulled`).toBe(text);

        if (format === 'csv') expect((parse(text, { columns: true }) as Array<{ id: string }>).map((r) => r.id).sort()).toEqual([...expected].sort());
        if (format === 'json') expect((JSON.parse(text) as Array<{ id: string }>).map((r) => r.id).sort()).toEqual([...expected].sort());
        if (format === 'template') expect(text.split('\n').filter(Boolean).sort()).toEqual([...expected].sort());
      }
    }
  });

  it('fills the columns from the library, the folder name and the uploaded file; what only the history knows stays empty', async () => {
    const { service, ids } = richLibrary();
    const rows = JSON.parse((await service.text({ kind: 'history', filter: {} }, { format: 'json' })).text) as Array<Record<string, unknown>>;
    expect(rows.find((r) => r.id === ids.hostile)).toMatchObject({ size: 1000, lengthSeconds: 12.5, views: 0, folder: 'Home', created: '2024-05-01 10:00:00' });
    expect(rows.find((r) => r.id === ids.history)).toEqual({
      id: ids.history, title: 'only in history.mp4', size: null, lengthSeconds: null, views: null, created: null, folder: '', download: 'http://h/d/hist', embed: 'http://h/e/hist', thumbnail: '',
    });
    const trip = parse((await service.text({ kind: 'folder', folderId: 7 }, { format: 'csv' })).text, { columns: true }) as Array<Record<string, string>>;
    expect(trip[0]).toMatchObject({ folder: 'Trips, "2026"', size: '1000' });
  });

  it('previews the first ten entries with the count of all', async () => {
    const { service } = richLibrary();
    const preview = await service.preview({ kind: 'library' }, { format: 'json' });
    expect(preview).toMatchObject({ count: 3, shown: 3 });
    expect(JSON.parse(preview.text)).toHaveLength(3);
  });
});

describe('cancelling an export', () => {
  it('a cancelled file export leaves no file at the path and no temporary file beside it', async () => {
    const exportId = randomUUID();
    const late: { service?: ExportService } = {};
    let tick = 0;
    const progress: unknown[] = [];
    // The window's Cancel, arriving while the first entries are written (progress after each, the clock moving on).
    const built = richLibrary(
      {
        emit(event, payload) {
          progress.push(payload);
          if (event === 'export:progress' && progress.length === 1) expect(late.service!.cancel(exportId)).toEqual({ cancelled: true });
        },
      },
      () => (tick += 1000),
    );
    const service = (late.service = built.service);
    const path = join(built.dir, 'links.csv');
    const result = await service.toFile(exportId, path, { kind: 'library' }, { format: 'csv' });
    expect(result).toMatchObject({ path, cancelled: true });
    expect(result.count).toBeLessThan(3);
    expect(readdirSync(built.dir)).toEqual([]);
    expect(progress.at(-1)).toMatchObject({ done: true });
    // Nothing runs by that id any more.
    expect(service.cancel(exportId)).toEqual({ cancelled: false });
  });

  it('an export whose id was cancelled before it started stops at once, leaving no file', async () => {
    const { service, dir } = richLibrary();
    const exportId = randomUUID();
    expect(service.cancel(exportId)).toEqual({ cancelled: false });
    expect(await service.toFile(exportId, join(dir, 'links.json'), { kind: 'library' }, { format: 'json' })).toMatchObject({ count: 0, cancelled: true });
    expect(readdirSync(dir)).toEqual([]);
    // Used once: the same id runs the next export.
    expect(await service.toFile(exportId, join(dir, 'links.json'), { kind: 'library' }, { format: 'json' })).toMatchObject({ count: 3, cancelled: false });
  });

  it('a pulled export stops at cancel; at most four are open; an id in use is refused', async () => {
    const { service, dir } = setup();
    const env = tempDb();
    cleanups.push(env.cleanup);
    migrate(env.db, 'uploads', uploadMigrations);
    const store = new LibraryStore(env.db);
    // More than one read answers (256 KiB) of embed links.
    store.upsertVideos(0, Array.from({ length: 12_000 }, (_, seq) => ({ video: serviceVideo(`v${String(seq).padStart(11, '0')}`, `clip ${seq}`), seq })));
    const big = new ExportService({ store, db: env.db, sessionStartedAt: 0, events: { emit() {} }, mayWrite: () => true });
    const library = { kind: 'library' } as const;
    const options = { format: 'embed' } as const;
    const ids = Array.from({ length: 5 }, () => randomUUID());
    const first = big.read(ids[0]!, library, options);
    expect(first.done).toBe(false);
    expect(first.text.length).toBeGreaterThanOrEqual(256 * 1024);
    for (const id of ids.slice(1, 4)) expect(big.read(id, library, options).done).toBe(false);
    expect(() => big.read(ids[4]!, library, options)).toThrow(expect.objectContaining({ code: 'limit_reached' }));
    await expect(big.toFile(ids[0]!, join(dir, 'x.txt'), library, options)).rejects.toMatchObject({ code: 'validation' });

    expect(big.cancel(ids[0]!)).toEqual({ cancelled: true });
    expect(big.cancel(ids[0]!)).toEqual({ cancelled: false });
    // The cancelled one's place is free again; a new read with its id starts over.
    expect(big.read(ids[0]!, library, options).text).toBe(first.text);
    expect(service.cancel(randomUUID())).toEqual({ cancelled: false });
  }, 60_000);
});
