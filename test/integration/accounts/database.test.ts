// openAccountDatabase on real SQLite files: a damaged file (and its WAL companions) is
// renamed aside and a new library starts; a file from a newer version is refused untouched.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { isUnreadableDatabase, SchemaFromNewerVersionError, openAccountDatabase } from '../../../electron/core/accounts/database.ts';
import { migrate } from '../../../electron/core/db/database.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'vidlift-accountdb-'));
  dirs.push(dir);
  return dir;
}

describe('openAccountDatabase', () => {
  it('opens a new file with the library migrated, and reopens it', () => {
    const file = join(folder(), 'accounts', 'a.sqlite');
    const kept: string[] = [];
    openAccountDatabase(file, { onDamaged: (k) => kept.push(k) }).close();
    const db = openAccountDatabase(file, { onDamaged: (k) => kept.push(k) });
    expect(db.prepare("SELECT COUNT(*) AS n FROM schema_migrations WHERE module = 'library'").get()).toMatchObject({ n: expect.any(Number) });
    db.close();
    expect(kept).toEqual([]);
  });

  it('renames a file that is not a database, with its WAL companions, and starts a new one', () => {
    const dir = folder();
    const file = join(dir, 'a.sqlite');
    writeFileSync(file, 'this is not a database, it is a shopping list'.repeat(200));
    writeFileSync(`${file}-wal`, 'wal');
    const kept: string[] = [];
    const db = openAccountDatabase(file, { onDamaged: (k) => kept.push(k) });
    db.close();
    expect(kept).toHaveLength(1);
    expect(readFileSync(kept[0]!, 'utf8')).toContain('shopping list');
    expect(readFileSync(`${kept[0]}-wal`, 'utf8')).toBe('wal');
    // SQLite may have made a -shm beside the damaged file while trying it: it goes along.
    expect(readdirSync(dir).filter((name) => name.includes('.damaged-') && !name.endsWith('-shm'))).toHaveLength(2);
    expect(readdirSync(dir).filter((name) => !name.includes('.damaged-') && !/-(wal|shm)$/.test(name))).toEqual(['a.sqlite']);
    expect(existsSync(file)).toBe(true);
  });

  it('refuses, untouched, a file with a migration this version does not know', () => {
    for (const [module, version] of [
      ['library', 10_000],
      ['uploads', 10_000],
      ['remote', 10_000],
    ] as const) {
      const file = join(folder(), 'a.sqlite');
      openAccountDatabase(file, { onDamaged: () => undefined }).close();
      const raw = new DatabaseSync(file);
      raw.prepare('INSERT INTO schema_migrations (module, version, name, applied_at) VALUES (?, ?, ?, 0)').run(module, version, 'later');
      raw.close();
      const before = readFileSync(file);
      expect(() => openAccountDatabase(file, { onDamaged: () => undefined })).toThrow(SchemaFromNewerVersionError);
      expect(readFileSync(file)).toEqual(before);
    }
  });

  it("ignores the tables of a module this version has never heard of, and migrate() refuses a newer one it knows", () => {
    const file = join(folder(), 'a.sqlite');
    openAccountDatabase(file, { onDamaged: () => undefined }).close();
    const raw = new DatabaseSync(file);
    raw.prepare('INSERT INTO schema_migrations (module, version, name, applied_at) VALUES (?, ?, ?, 0)').run('someday', 3, 'later');
    raw.prepare('INSERT INTO schema_migrations (module, version, name, applied_at) VALUES (?, ?, ?, 0)').run('extra', 2, 'later');
    raw.close();
    const db = openAccountDatabase(file, { onDamaged: () => undefined });
    expect(() => migrate(db, 'extra', [{ version: 1, name: 'first', up: () => undefined }])).toThrow(SchemaFromNewerVersionError);
    db.close();
  });

  it('tells unreadable-database errors from others', () => {
    expect(isUnreadableDatabase(Object.assign(new Error('file is not a database'), { errcode: 26 }))).toBe(true);
    expect(isUnreadableDatabase(Object.assign(new Error('database disk image is malformed'), { errcode: 11 }))).toBe(true);
    expect(isUnreadableDatabase(Object.assign(new Error('disk I/O error'), { errcode: 10 }))).toBe(false);
    expect(isUnreadableDatabase(new Error('EACCES'))).toBe(false);
  });
});
