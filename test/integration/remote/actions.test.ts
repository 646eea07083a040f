// The four queue actions against the sandbox host: each changes what it says it changes,
// on the service and in the list after.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MediaServer } from './support/media-server.ts';
import { createStack, until, type Stack } from './support/setup.ts';

describe('remote import actions', () => {
  let media: MediaServer;
  let stack: Stack;

  beforeEach(async () => {
    media = new MediaServer();
    await media.start();
    stack = await createStack();
  });
  afterEach(async () => {
    await stack.close();
    await media.close();
  });

  const hostStatuses = () => stack.host.control.remoteItems().map((r) => r.status).sort();
  const listed = () =>
    stack.remote
      .list()
      .items.map((i) => `${new URL(i.url).pathname}:${i.status}`)
      .sort();

  it('retry failed, delete failed, delete inactive, delete one', async () => {
    const { remote, host } = stack;
    remote.start();
    remote.add([`${media.url}/ok/a.mp4`, `${media.url}/ok/b.mp4`, `${media.url}/gone/c.mp4`, `${media.url}/gone/d.mp4`, `${media.url}/hold/e.mp4`, `${media.url}/hold/f.mp4`]);
    await remote.settle();
    await until(() => hostStatuses().join() === 'completed,completed,downloading,downloading,failed,failed', 'two completed, two failed');
    await stack.poll();
    expect(listed()).toEqual([
      '/gone/c.mp4:failed',
      '/gone/d.mp4:failed',
      '/hold/e.mp4:downloading',
      '/hold/f.mp4:downloading',
      '/ok/a.mp4:completed',
      '/ok/b.mp4:completed',
    ]);

    // Retry failed: the two failed ones are active again (and fail again: still 404).
    const retried = await remote.action('retry_failed');
    expect(retried.affected).toBe(2);
    expect(retried.view.items.filter((i) => i.url.includes('/gone/')).every((i) => i.active)).toBe(true);
    await until(() => hostStatuses().filter((s) => s === 'failed').length === 2, 'the retried ones to fail again');

    const deletedFailed = await remote.action('delete_failed');
    expect(deletedFailed.affected).toBe(2);
    expect(listed()).toEqual(['/hold/e.mp4:downloading', '/hold/f.mp4:downloading', '/ok/a.mp4:completed', '/ok/b.mp4:completed']);
    expect(hostStatuses()).toEqual(['completed', 'completed', 'downloading', 'downloading']);

    const deletedInactive = await remote.action('delete_inactive');
    expect(deletedInactive.affected).toBe(2);
    expect(listed()).toEqual(['/hold/e.mp4:downloading', '/hold/f.mp4:downloading']);
    expect(hostStatuses()).toEqual(['downloading', 'downloading']);

    const target = remote.list().items.find((i) => i.url.endsWith('/hold/e.mp4'));
    const deletedOne = await remote.action('delete', target?.remoteId ?? '');
    expect(deletedOne.affected).toBe(1);
    expect(listed()).toEqual(['/hold/f.mp4:downloading']);
    expect(host.control.remoteItems().map((r) => r.url)).toEqual([`${media.url}/hold/f.mp4`]);
    expect(stack.events.views.at(-1)).toEqual(remote.list());
  });

  it('queues actions while the service is unreachable and replays them in order when it is back', async () => {
    const { remote, host } = stack;
    remote.start();
    remote.add([`${media.url}/hold/keep.mp4`, `${media.url}/hold/drop.mp4`, `${media.url}/gone/x.mp4`]);
    await remote.settle();
    await until(() => hostStatuses().includes('failed'), 'the 404 to fail');
    await stack.poll();
    const drop = remote.list().items.find((i) => i.url.endsWith('/drop.mp4'));

    await host.control.stop();
    const first = await remote.action('delete', drop?.remoteId ?? '');
    expect(first).toMatchObject({ queued: true, affected: null, localAffected: 1 });
    const second = await remote.action('delete_failed');
    expect(second).toMatchObject({ queued: true, localAffected: 1 });
    expect(listed()).toEqual(['/hold/keep.mp4:downloading']);
    expect(host.control.remoteItems()).toHaveLength(3);

    await host.control.start();
    await stack.poll();
    const actions = host.control.requestLog().filter((e) => e.path === '/v1/upload/url/actions' && e.status === 200);
    expect(actions).toHaveLength(2);
    expect(host.control.remoteItems().map((r) => r.url)).toEqual([`${media.url}/hold/keep.mp4`]);
    expect(listed()).toEqual(['/hold/keep.mp4:downloading']);
  });
});
