import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../../../electron/core/db/database.ts';
import { migrateLibrary } from '../../../../../electron/core/library/migrations.ts';
import { OutboxStore } from '../../../../../electron/core/library/outbox/store.ts';

let db: Db | null = null;
afterEach(() => {
  db?.close();
  db = null;
});

function store(): OutboxStore {
  db = openDatabase(':memory:');
  migrateLibrary(db);
  return new OutboxStore(db);
}

describe('OutboxStore', () => {
  it('reads each payload back through its kind’s schema, as a row typed by its kind', () => {
    const rows = store();
    const id = rows.add('folder.rename', { id: 7, name: 'New', from: 'Old', stray: 'dropped' }, 'folder:7', 1);
    const row = rows.get(id);
    expect(row?.kind).toBe('folder.rename');
    if (row?.kind === 'folder.rename') expect(row.payload).toEqual({ id: 7, name: 'New', from: 'Old' });
  });

  it('refuses a payload that is not what its kind expects, and an unknown kind', () => {
    const rows = store();
    const bad = rows.add('video.skipIntro', { videoId: 'abcdefghijkl', seconds: 'ten', videoName: 'x' }, 'video:abcdefghijkl', 1);
    expect(() => rows.get(bad)).toThrow();
    const unknown = rows.add('video.explode', {}, 'video:abcdefghijkl', 1);
    expect(() => rows.get(unknown)).toThrow(/unknown kind/);
  });
});
