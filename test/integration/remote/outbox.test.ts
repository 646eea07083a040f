// The queue actions asked for while the service cannot be reached are outbox changes: one
// the service refuses stays in the outbox as refused (with Retry and Discard) instead of
// being dropped, and an action an older version queued in its own table (remote_actions)
// is moved into the outbox and replayed exactly once.
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, type Db } from '../../../electron/core/db/database.ts';
import { REMOTE_MODULE, remoteMigrations } from '../../../electron/core/remote/migrations.ts';
import { createStack, type Stack } from './support/setup.ts';

const ACTIONS_ROUTE = 'POST /v1/upload/url/actions';

describe('remote import actions in the outbox', () => {
  let stack: Stack | undefined;

  afterEach(async () => {
    await stack?.close();
    stack = undefined;
  });

  const actionRequests = (s: Stack, status?: number) =>
    s.host.control.requestLog().filter((e) => e.method === 'POST' && e.path === '/v1/upload/url/actions' && (status === undefined || e.status === status));

  it('keeps an action the service refuses as refused, then sends it on Retry', async () => {
    const s = (stack = await createStack());
    s.remote.start();
    s.outbox.start();
    await s.remote.settle();
    await s.host.control.stop();
    expect(await s.remote.action('delete_failed')).toMatchObject({ queued: true });

    await s.host.control.start();
    // Every answer to the action is the service's error body until the fault is lifted.
    s.host.control.setFaults([{ route: ACTIONS_ROUTE, kind: 'server_error' }]);
    await s.poll();
    await s.outbox.idle();
    expect(actionRequests(s).length).toBeGreaterThan(0);
    const refused = s.outbox.view().items;
    expect(refused).toMatchObject([{ kind: 'remote.deleteFailed', state: 'refused' }]);
    expect(refused[0]!.error).not.toBeNull();

    s.host.control.setFaults([]);
    s.outbox.retry(refused[0]!.id);
    await s.outbox.idle();
    await s.remote.settle();
    expect(s.outbox.view().items).toEqual([]);
    expect(actionRequests(s, 200)).toHaveLength(1);
  });

  it('discarding a refused action drops it and reads the service list again', async () => {
    const s = (stack = await createStack());
    s.remote.start();
    s.outbox.start();
    await s.remote.settle();
    await s.host.control.stop();
    await s.remote.action('delete_inactive');
    await s.host.control.start();
    s.host.control.setFaults([{ route: ACTIONS_ROUTE, kind: 'server_error' }]);
    await s.poll();
    await s.outbox.idle();
    const [refused] = s.outbox.view().items;
    expect(refused).toMatchObject({ kind: 'remote.deleteInactive', state: 'refused' });

    s.host.control.clearLog();
    s.host.control.setFaults([]);
    expect(s.outbox.discard(refused!.id).items).toEqual([]);
    await s.outbox.idle();
    await s.remote.settle();
    expect(actionRequests(s)).toHaveLength(0);
    expect(s.host.control.requestLog().some((e) => e.path === '/v1/upload/url/list')).toBe(true);
  });

  it('a delete whose reply was lost is found gone on the service and is not sent again', async () => {
    const s = (stack = await createStack());
    s.remote.start();
    await s.remote.settle();
    s.remote.add([`${s.host.baseUrl}/not-a-video-${Date.now()}.mp4`]);
    await s.remote.settle();
    const [item] = s.remote.list().items;
    expect(item?.remoteId).toBeTruthy();

    await s.host.control.stop();
    await s.remote.action('delete', item!.remoteId!);
    await s.host.control.start();
    s.host.control.setFaults([{ route: ACTIONS_ROUTE, kind: 'lose_reply', times: 1 }]);
    await s.poll();
    await s.outbox.idle();
    await s.remote.settle();
    expect(s.host.control.faultsInjected()).toBe(1);
    expect(s.outbox.view().items).toEqual([]);
    expect(s.host.control.remoteItems()).toEqual([]);
    // The lost one (logged with status 0) only: the next replay looked for the item and found it gone.
    expect(actionRequests(s)).toMatchObject([{ status: 0 }]);
    const log = s.host.control.requestLog();
    const lostAt = log.findIndex((e) => e.path === '/v1/upload/url/actions');
    expect(log.slice(lostAt).some((e) => e.path === '/v1/upload/url/status' && e.status !== 200)).toBe(true);
  });

  it('moves an action an older version queued into the outbox and replays it exactly once', async () => {
    // The file as the last version before the outbox kinds left it: remote module at version 1,
    // one action waiting in remote_actions, written with that version's columns.
    const olderVersion = (db: Db) => {
      migrate(db, REMOTE_MODULE, remoteMigrations.filter((m) => m.version === 1));
      db.prepare("INSERT INTO remote_actions (action, remote_id, queued_at) VALUES ('delete_inactive', NULL, 1700000000000)").run();
    };
    const s = (stack = await createStack({}, undefined, { prepareDb: olderVersion }));
    expect(s.outbox.view().items).toMatchObject([{ kind: 'remote.deleteInactive', state: 'pending', createdAt: 1700000000000 }]);

    s.remote.start();
    s.outbox.start();
    await s.outbox.idle();
    await s.remote.settle();
    expect(s.outbox.view().items).toEqual([]);
    expect(actionRequests(s, 200)).toHaveLength(1);

    // Stopped and opened again: nothing is replayed a second time.
    await s.remote.stop();
    await s.outbox.stop();
    s.outbox.start();
    s.remote.start();
    await s.outbox.idle();
    await s.remote.settle();
    expect(actionRequests(s)).toHaveLength(1);
  });
});
