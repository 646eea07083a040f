// Imports added while the service cannot be reached wait locally and go when it answers;
// a submit whose reply is lost is found in the service's list instead of being sent again.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MediaServer } from './support/media-server.ts';
import { createStack, type Stack } from './support/setup.ts';

describe('remote imports offline', () => {
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

  const submits = () => stack.host.control.requestLog().filter((e) => e.method === 'POST' && e.path === '/v1/upload/url');

  it('waits locally while the host is stopped and submits once it is back', async () => {
    const { remote, host } = stack;
    remote.start();
    await remote.settle();
    await host.control.stop();

    const urls = [1, 2, 3].map((i) => `${media.url}/hold/offline-${i}.mp4`);
    expect(remote.add(urls).accepted).toBe(3);
    await remote.settle();
    expect(remote.list()).toMatchObject({ waitingLocally: 3 });
    expect(remote.list().items.map((i) => i.status)).toEqual(['waiting', 'waiting', 'waiting']);
    expect(host.control.remoteItems()).toEqual([]);

    // Still down at the next poll: nothing changes, nothing is lost.
    await stack.poll();
    expect(remote.list().waitingLocally).toBe(3);

    await host.control.start();
    await stack.poll();
    expect(host.control.remoteItems().map((r) => r.url)).toEqual(urls);
    expect(remote.list().waitingLocally).toBe(0);
    expect(submits()).toHaveLength(3);
  });

  it('discards an import still waiting locally, and refuses to discard one the service has', async () => {
    const { remote, host } = stack;
    remote.start();
    await remote.settle();
    await host.control.stop();
    remote.add([`${media.url}/hold/keep.mp4`, `${media.url}/hold/drop.mp4`]);
    await remote.settle();
    const drop = remote.list().items.find((item) => item.url.endsWith('drop.mp4'));
    expect(drop).toBeDefined();
    const after = await remote.discard(drop!.localId);
    expect(after.items.map((item) => item.url)).toEqual([`${media.url}/hold/keep.mp4`]);

    await host.control.start();
    await stack.poll();
    expect(host.control.remoteItems().map((r) => r.url)).toEqual([`${media.url}/hold/keep.mp4`]);
    const kept = remote.list().items[0]!;
    expect(kept.remoteId).not.toBeNull();
    await expect(remote.discard(kept.localId)).rejects.toMatchObject({ code: 'validation' });
  });

  it('keeps the items in SQLite across a restart of the service object', async () => {
    const { host } = stack;
    await host.control.stop();
    stack.remote.start();
    stack.remote.add([`${media.url}/hold/persist.mp4`]);
    await stack.remote.settle();
    await stack.remote.stop();
    await host.control.start();

    const { RemoteImports } = await import('../../../electron/core/remote/remote-imports.ts');
    const again = new RemoteImports({ api: stack.client, db: stack.db, outbox: stack.outbox, events: stack.events, timers: stack.timers });
    expect(again.list().items.map((i) => i.status)).toEqual(['waiting']);
    again.start();
    await again.settle();
    expect(host.control.remoteItems().map((r) => r.url)).toEqual([`${media.url}/hold/persist.mp4`]);
    await again.stop();
  });

  it('a lost reply to a submit does not lead to a second submit', async () => {
    const { remote, host } = stack;
    remote.start();
    await remote.settle();
    host.control.setFaults([{ route: 'POST /v1/upload/url', kind: 'lose_reply', times: 1 }]);
    const urls = [`${media.url}/hold/lost.mp4`, `${media.url}/hold/next.mp4`];
    remote.add(urls);
    await remote.settle();
    expect(host.control.faultsInjected()).toBe(1);
    // The service has the first one; we do not know it yet.
    expect(host.control.remoteItems().map((r) => r.url)).toEqual([urls[0]]);
    expect(remote.list().items.map((i) => i.status)).toEqual(['waiting', 'waiting']);

    await stack.poll();
    expect(host.control.remoteItems().map((r) => r.url)).toEqual(urls);
    expect(submits()).toHaveLength(2); // the lost one (logged with status 0) and the second
    const local = remote.list().items;
    expect(local.map((i) => i.remoteId).sort()).toEqual(host.control.remoteItems().map((r) => r.id).sort());
  });
});
