// The remote module's migrations: version 2 moves the actions an older version queued in
// remote_actions into the outbox, read as version 1 wrote them, in the order they were asked.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, openDatabase, type Db } from '../../../../electron/core/db/database.ts';
import { OutboxStore } from '../../../../electron/core/library/outbox/store.ts';
import { REMOTE_MODULE, remoteMigrations } from '../../../../electron/core/remote/migrations.ts';

describe('remote migrations', () => {
  let db: Db;
  beforeEach(() => {
    db = openDatabase(':memory:');
    migrate(db, REMOTE_MODULE, remoteMigrations.filter((m) => m.version === 1));
  });
  afterEach(() => db.close());

  it('moves queued actions into the outbox in order, each as its kind, and drops the old table', () => {
    const insert = db.prepare('INSERT INTO remote_actions (action, remote_id, queued_at) VALUES (?, ?, ?)');
    insert.run('delete', 'abcdefabcdef', 10);
    insert.run('retry_failed', null, 20);
    insert.run('delete_failed', null, 30);
    insert.run('delete_inactive', null, 40);
    // Never sendable (the service needs the id for a delete): the old replay dropped it on its first try.
    insert.run('delete', null, 50);

    migrate(db, REMOTE_MODULE, remoteMigrations);

    const moved = new OutboxStore(db).all();
    expect(moved.map(({ kind, payload, state, target, createdAt, attempts }) => ({ kind, payload, state, target, createdAt, attempts }))).toEqual([
      { kind: 'remote.delete', payload: { id: 'abcdefabcdef', url: null }, state: 'pending', target: 'remote:queue', createdAt: 10, attempts: 0 },
      { kind: 'remote.retryFailed', payload: {}, state: 'pending', target: 'remote:queue', createdAt: 20, attempts: 0 },
      { kind: 'remote.deleteFailed', payload: {}, state: 'pending', target: 'remote:queue', createdAt: 30, attempts: 0 },
      { kind: 'remote.deleteInactive', payload: {}, state: 'pending', target: 'remote:queue', createdAt: 40, attempts: 0 },
    ]);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'remote_actions'").get()).toBeUndefined();
  });

  it('with nothing queued: an empty outbox, and the old table is gone', () => {
    migrate(db, REMOTE_MODULE, remoteMigrations);
    expect(new OutboxStore(db).all()).toEqual([]);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'remote_actions'").get()).toBeUndefined();
  });
});
