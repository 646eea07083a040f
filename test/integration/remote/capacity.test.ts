// More URLs than the service's queue holds: the slots' worth go at once, the rest wait in
// SQLite and follow as items finish, and no URL is ever submitted twice.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MediaServer } from './support/media-server.ts';
import { createStack, until, type Stack } from './support/setup.ts';

const ACTIVE = new Set(['pending', 'downloading', 'processing']);

describe('remote imports beyond the service queue capacity', () => {
  let media: MediaServer;
  let stack: Stack | undefined;

  beforeEach(async () => {
    media = new MediaServer();
    await media.start();
  });
  afterEach(async () => {
    await stack?.close();
    stack = undefined;
    await media.close();
  });

  const heldUrls = (n: number) => Array.from({ length: n }, (_, i) => `${media.url}/hold/clip-${i}.mp4`);
  const submits = (s: Stack) => s.host.control.requestLog().filter((e) => e.method === 'POST' && e.path === '/v1/upload/url').length;
  const hostActive = (s: Stack) => s.host.control.remoteItems().filter((r) => ACTIVE.has(r.status)).length;
  const hostCompleted = (s: Stack) => s.host.control.remoteItems().filter((r) => r.status === 'completed').length;

  async function fillThenDrain(s: Stack, total: number, capacity: number): Promise<void> {
    const { remote, host } = s;
    remote.start();
    await remote.settle();
    expect(remote.add(heldUrls(total))).toEqual({ accepted: total, rejected: [] });
    await remote.settle();

    expect(host.control.remoteItems()).toHaveLength(capacity);
    expect(remote.list()).toMatchObject({ waitingLocally: total - capacity, slots: { used: capacity, total: capacity, free: 0 } });
    expect(remote.list().items.filter((i) => i.status === 'waiting')).toHaveLength(total - capacity);
    // A poll while nothing finished sends nothing more.
    await s.poll();
    expect(submits(s)).toBe(capacity);

    // Ten finish: exactly ten more go.
    media.release(10);
    await until(() => hostCompleted(s) === 10, '10 completed imports');
    await s.poll();
    expect(host.control.remoteItems()).toHaveLength(capacity + 10);
    expect(remote.list().waitingLocally).toBe(total - capacity - 10);
    expect(hostActive(s)).toBe(capacity);

    // Everything may finish now; the rest follow as slots free up.
    media.release(Number.MAX_SAFE_INTEGER);
    for (let round = 0; round < 200 && remote.list().waitingLocally > 0; round++) {
      await until(() => hostActive(s) < capacity, 'a free slot');
      await s.poll();
      expect(hostActive(s)).toBeLessThanOrEqual(capacity);
    }
    expect(remote.list().waitingLocally).toBe(0);

    const urls = host.control.remoteItems().map((r) => r.url);
    expect(urls).toHaveLength(total);
    expect(new Set(urls)).toEqual(new Set(heldUrls(total)));
    expect(submits(s)).toBe(total);

    // Once everything has finished, polling stops: no timer is left.
    await until(() => hostActive(s) === 0, 'every import to finish');
    while (s.timers.count > 0) await s.poll();
    expect(remote.list().items.every((i) => i.status === 'completed' && !i.active)).toBe(true);
    expect(remote.list().items).toHaveLength(total);
  }

  it('regular account: 100 go, 30 wait locally and follow; none is submitted twice', async () => {
    stack = await createStack();
    await fillThenDrain(stack, 130, 100);
  });

  it('premium account: 150 go at once', async () => {
    stack = await createStack({ premium: true });
    await fillThenDrain(stack, 160, 150);
  });
});
