import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, openDatabase, type Db } from '../../../../electron/core/db/database.ts';
import { LIBRARY_MODULE, libraryMigrations, openLibraryDatabase } from '../../../../electron/core/library/migrations.ts';

let cleanup: (() => void) | null = null;
afterEach(() => cleanup?.());

function freshDb(): { db: Db; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'vidlift-lib-migrations-'));
  const file = join(dir, 'library.sqlite');
  const db = openDatabase(file);
  cleanup = () => {
    if (db.isOpen) db.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { db, file };
}

/** Applies the migrations up to and including `version`. */
function upTo(db: Db, version: number): void {
  migrate(db, LIBRARY_MODULE, libraryMigrations.filter((m) => m.version <= version));
}

function tables(db: Db): string[] {
  return db.prepare("SELECT name FROM sqlite_master WHERE type IN ('table') AND name LIKE 'lib_%' ORDER BY name").all().map((r) => String(r.name));
}

describe('library migrations', () => {
  it('are numbered 1 to 9 without gaps, each with a name', () => {
    expect(libraryMigrations.map((m) => m.version)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (const m of libraryMigrations) expect(m.name.length).toBeGreaterThan(10);
  });

  it('1 creates folders, videos with a trigram index that finds substrings in any case, and sync bookkeeping', () => {
    const { db } = freshDb();
    upTo(db, 1);
    expect(tables(db)).toEqual(expect.arrayContaining(['lib_folder_sync', 'lib_folders', 'lib_videos', 'lib_videos_fts']));
    db.prepare("INSERT INTO lib_videos_fts (rowid, name) VALUES (1, 'Northern Lights over Vik')").run();
    expect(db.prepare('SELECT rowid FROM lib_videos_fts WHERE lib_videos_fts MATCH ?').all('"LIGHTS OV"')).toHaveLength(1);
    expect(() => db.prepare("INSERT INTO lib_folders (id, parent, name, pending) VALUES (1, 0, 'x', 'lost')").run()).toThrow();
    expect(tables(db)).not.toContain('lib_outbox');
  });

  it('2 adds the account snapshot, reports, DMCA records and fetch bookkeeping', () => {
    const { db } = freshDb();
    upTo(db, 1);
    expect(tables(db)).not.toContain('lib_account');
    upTo(db, 2);
    expect(tables(db)).toEqual(expect.arrayContaining(['lib_account', 'lib_dmca', 'lib_fetches', 'lib_report_days']));
    // One account snapshot per database.
    expect(() => db.prepare("INSERT INTO lib_account VALUES (2, 'e', '0', 'x', 0, 1, 1, 1)").run()).toThrow();
  });

  it('3 adds the outbox (ids never reused), subtitles and sync state', () => {
    const { db } = freshDb();
    upTo(db, 2);
    upTo(db, 3);
    expect(tables(db)).toEqual(expect.arrayContaining(['lib_outbox', 'lib_subtitles', 'lib_sync_state']));
    const add = db.prepare("INSERT INTO lib_outbox (kind, payload, target, created_at) VALUES ('k', '{}', 't', 0)");
    const first = Number(add.run().lastInsertRowid);
    db.prepare('DELETE FROM lib_outbox').run();
    expect(Number(add.run().lastInsertRowid)).toBe(first + 1);
    expect(() => db.prepare("UPDATE lib_outbox SET state = 'done'").run()).toThrow();
  });

  it('are recorded once and not applied again when the file is reopened', () => {
    const { db, file } = freshDb();
    db.close();
    const first = openLibraryDatabase(file);
    first.prepare("INSERT INTO lib_sync_state VALUES ('k', 'v')").run();
    first.close();
    const again = openLibraryDatabase(file);
    expect(again.prepare('SELECT version FROM schema_migrations WHERE module = ? ORDER BY version').all(LIBRARY_MODULE).map((r) => r.version)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(again.prepare("SELECT value FROM lib_sync_state WHERE key = 'k'").get()?.value).toBe('v');
    again.close();
  });

  it("9 counts the writes that change videos, none other, and tracks nothing while a first sync's index is deferred", () => {
    const version = (db: Db) => db.prepare("SELECT n, tracked FROM db_table_versions WHERE name = 'lib_videos'").get();
    const { db } = freshDb();
    upTo(db, 9);
    expect(version(db)).toEqual({ n: 1, tracked: 1 });
    const video = "INSERT INTO lib_videos (id, folder_id, seq, name, created_at, is_public, views, size, skip_intro, download_url, embed_url, thumbnail_url, splash_url) VALUES (?, 3, 1, 'a', '', 1, 0, 1, 0, '', '', '', '')";
    db.prepare(video).run('aaaaaaaaaaaa');
    db.prepare("UPDATE lib_videos SET name = 'b' WHERE id = 'aaaaaaaaaaaa'").run();
    db.prepare("UPDATE lib_videos SET download_url = 'x', pending = 'pending' WHERE id = 'aaaaaaaaaaaa'").run(); // no page is keyed by these
    db.prepare("INSERT INTO lib_sync_state VALUES ('k', 'v')").run();
    db.prepare("DELETE FROM lib_videos WHERE id = 'aaaaaaaaaaaa'").run();
    expect(version(db)).toEqual({ n: 4, tracked: 1 });

    const filling = freshDb().db;
    upTo(filling, 8);
    filling.prepare("INSERT INTO lib_sync_state VALUES ('id_index_deferred', '1')").run();
    upTo(filling, 9);
    filling.prepare(video).run('bbbbbbbbbbbb');
    expect(version(filling)).toEqual({ n: 0, tracked: 0 });
    filling.close();
  });

  it('4 moves "may have arrived" from the payload into its own column, and a crash mid-send sets the column', async () => {
    const { OutboxStore } = await import('../../../../electron/core/library/outbox/store.ts');
    const { db } = freshDb();
    upTo(db, 3);
    const insert = db.prepare("INSERT INTO lib_outbox (kind, payload, state, target, created_at) VALUES ('folder.create', ?, ?, 'folder:-1', 1)");
    insert.run(JSON.stringify({ tempId: -1, name: 'A', mayHaveArrived: true }), 'pending');
    insert.run(JSON.stringify({ tempId: -2, name: 'B' }), 'sending');
    upTo(db, 4);
    const rows = new OutboxStore(db);
    const [a, b] = rows.all();
    expect(a).toMatchObject({ mayHaveArrived: true, payload: { tempId: -1, name: 'A' } });
    expect(a?.payload).not.toHaveProperty('mayHaveArrived');
    expect(b?.mayHaveArrived).toBe(false);
    // The app died while B was being sent: it goes back to pending, marked in the column.
    expect(rows.resetSending()).toBe(1);
    expect(rows.get(b!.id)).toMatchObject({ state: 'pending', mayHaveArrived: true, payload: { tempId: -2, name: 'B' } });
    expect(rows.get(b!.id)?.payload).not.toHaveProperty('mayHaveArrived');
  });

  it('6 rebuilds the videos with the same rows and rids, unique by id through a named index that can be dropped', () => {
    const { db } = freshDb();
    upTo(db, 5);
    const insert = db.prepare(
      `INSERT INTO lib_videos (rid, id, folder_id, seq, name, created_at, is_public, views, size, skip_intro, local_skip_intro,
         download_url, embed_url, thumbnail_url, splash_url, pending, local_at, custom_thumbnail)
       VALUES (?, ?, 3, ?, ?, '2026-01-01 10:00:00', 1, 7, 100, 0, ?, 'd', 'e', 't', 's', ?, ?, ?)`,
    );
    insert.run(10, 'aaaaaaaaaaaa', 1, 'First', 5, 'pending', 123, 1);
    insert.run(42, 'bbbbbbbbbbbb', 2, 'Second', null, null, null, 0);
    const before = db.prepare('SELECT * FROM lib_videos ORDER BY rid').all();
    upTo(db, 6);
    expect(db.prepare('SELECT * FROM lib_videos ORDER BY rid').all()).toEqual(before);
    expect(() => insert.run(43, 'aaaaaaaaaaaa', 3, 'Twin', null, null, null, 0)).toThrow(/UNIQUE/);
    const indexes = db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'lib_videos' ORDER BY name").all().map((r) => r.name);
    expect(indexes).toEqual(['lib_videos_by_folder', 'lib_videos_by_id']); // (7 adds lib_videos_short_titles)
    db.exec('DROP INDEX lib_videos_by_id');
    expect(() => insert.run(43, 'aaaaaaaaaaaa', 3, 'Twin', null, null, null, 0)).not.toThrow();
  });
});

describe('library migration 8 (issue 29)', () => {
  it('adds the tombstones, the takedowns read and the link map, with the indexes the health reads use', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vidlift-mig8-'));
    try {
      const db = openLibraryDatabase(join(dir, 'library.sqlite'));
      const names = db.prepare("SELECT name FROM sqlite_master WHERE name LIKE 'lib_tombstones%' OR name LIKE 'lib_takedowns%' OR name LIKE 'lib_link_map%' ORDER BY name").all().map((r) => r.name);
      expect(names).toEqual(['lib_link_map', 'lib_link_map_by_at', 'lib_link_map_by_new', 'lib_takedowns', 'lib_takedowns_by_code', 'lib_tombstones', 'lib_tombstones_by_death', 'lib_tombstones_by_job', 'lib_tombstones_by_state']);
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
