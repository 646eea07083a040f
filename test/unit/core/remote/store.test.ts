import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../../electron/core/db/database.ts';
import { RemoteStore } from '../../../../electron/core/remote/store.ts';
import { remoteMigrations } from '../../../../electron/core/remote/migrations.ts';

const item = (id: string, url: string, status = 'pending') => ({
  id,
  url,
  status,
  created: '2025-01-01 00:00:00',
  folder: 0,
  bytes: { downloaded: 1, total: 2 },
});

describe('RemoteStore', () => {
  let db: Db;
  let store: RemoteStore;
  beforeEach(() => {
    db = openDatabase(':memory:');
    store = new RemoteStore(db, () => 1000);
  });
  afterEach(() => db.close());

  it('records its migrations under the remote module and can be opened twice', () => {
    const rows = db.prepare("SELECT version FROM schema_migrations WHERE module = 'remote'").all();
    expect(rows).toHaveLength(remoteMigrations.length);
    expect(() => new RemoteStore(db, () => 0)).not.toThrow();
  });

  it('adopts an uncertain row when the service lists its URL, instead of adding a second row', () => {
    store.addWaiting(['https://a.example/1']);
    const [row] = store.submittable();
    store.setPhase(row!.localId, 'submitting');
    store.recoverInterrupted();
    expect(store.uncertain()).toHaveLength(1);
    store.applyServiceItem(item('abcdefabcdef', 'https://a.example/1'));
    const rows = store.rows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ localId: row!.localId, remoteId: 'abcdefabcdef', phase: 'remote', status: 'pending', listed: true });
  });

  it('adds rows for items queued elsewhere and releases uncertain rows it never saw', () => {
    store.addWaiting(['https://a.example/1']);
    store.setPhase(store.submittable()[0]!.localId, 'uncertain');
    store.applyServiceItem(item('zzzzzzzzzzzz', 'https://other.example/v'));
    store.releaseUncertain();
    expect(store.rows().map((r) => [r.url, r.phase])).toEqual([
      ['https://other.example/v', 'remote'],
      ['https://a.example/1', 'local'],
    ]);
  });

  it('mirrors the actions on its rows', () => {
    store.addWaiting(['https://a.example/refused', 'https://a.example/waiting']);
    store.setPhase(store.submittable()[0]!.localId, 'refused', 'no');
    store.applyServiceItem(item('failedfailed', 'https://a.example/f', 'failed'));
    store.applyServiceItem(item('complete1234', 'https://a.example/c', 'completed'));
    store.applyServiceItem(item('strangestate', 'https://a.example/s', 'queued_upstream'));
    expect(store.deleteInactive()).toBe(3);
    expect(store.rows().map((r) => r.url).sort()).toEqual(['https://a.example/s', 'https://a.example/waiting']);
    expect(store.activeRemote().map((r) => r.status)).toEqual(['queued_upstream']);
    expect(store.urlsInProgress()).toEqual(new Set(['https://a.example/s', 'https://a.example/waiting']));
  });
});
