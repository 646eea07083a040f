import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../../electron/core/db/database.ts';
import { RemoteImports } from '../../../../electron/core/remote/remote-imports.ts';
import type { EventSink } from '../../../../electron/core/rpc/events.ts';
import type { RemoteView } from '../../../../shared/model.ts';
import { sayInEnglish } from '../../../../shared/i18n/say.ts';
import { ManualConnectivity } from '../../../../electron/core/connectivity.ts';
import { FakeService } from './support/fake-service.ts';
import { ManualTimers } from './support/manual-timers.ts';
import { outboxFor } from './support/outbox.ts';
import type { Outbox } from '../../../../electron/core/library/outbox/outbox.ts';

const urls = (n: number, from = 0): string[] => Array.from({ length: n }, (_, i) => `https://media.example/v/${from + i}.mp4`);

class Events implements EventSink {
  views: RemoteView[] = [];
  emit(event: string, payload: unknown): void {
    if (event === 'remote:changed') this.views.push(payload as RemoteView);
  }
}

describe('RemoteImports', () => {
  let db: Db;
  let service: FakeService;
  let timers: ManualTimers;
  let connectivity: ManualConnectivity;
  let events: Events;
  let remote: RemoteImports;
  let outbox: Outbox;

  const create = () => {
    outbox = outboxFor(db, { api: service.asApi(), events, connectivity, timers });
    return new RemoteImports({ api: service.asApi(), db, outbox, events, timers, connectivity, pollMs: 1000, hiddenPollMs: 20_000 });
  };
  const poll = async () => {
    expect(timers.fire()).toBe(1);
    await remote.settle();
  };
  const statuses = () => remote.list().items.map((i) => i.status);

  beforeEach(() => {
    db = openDatabase(':memory:');
    service = new FakeService();
    timers = new ManualTimers();
    connectivity = new ManualConnectivity('online');
    events = new Events();
    remote = create();
  });
  afterEach(async () => {
    await remote.stop();
    await outbox.stop();
    db.close();
  });

  it('sends as many as there are free slots and keeps the rest waiting until slots free up', async () => {
    service.capacity = 3;
    remote.start();
    await remote.settle();
    expect(remote.add(urls(5))).toEqual({ accepted: 5, rejected: [] });
    await remote.settle();
    expect(service.items.map((i) => i.url)).toEqual(urls(3));
    expect(remote.list()).toMatchObject({ waitingLocally: 2, slots: { used: 3, total: 3, free: 0 } });

    service.set(service.items[0]!.id, 'completed');
    await poll();
    expect(service.items.map((i) => i.url)).toEqual(urls(4));
    expect(remote.list().waitingLocally).toBe(1);
    // Each URL went exactly once.
    expect(service.calledOps('add').map((c) => (c.input as { url: string }).url)).toEqual(urls(4));
  });

  it('polls only while something is active, slower while hidden', async () => {
    remote.start();
    await remote.settle();
    expect(timers.count).toBe(0);

    remote.add(urls(1));
    await remote.settle();
    expect(timers.delays()).toEqual([1000]);

    remote.setVisible(false);
    expect(timers.delays()).toEqual([20_000]);
    remote.setVisible(true);
    await remote.settle();
    expect(timers.delays()).toEqual([1000]);

    service.set(service.items[0]!.id, 'downloading');
    await poll();
    expect(remote.list().items[0]).toMatchObject({ status: 'downloading', active: true });
    expect(timers.count).toBe(1);

    service.set(service.items[0]!.id, 'completed');
    await poll();
    expect(remote.list().items[0]).toMatchObject({ status: 'completed', active: false });
    expect(timers.count).toBe(0);
  });

  it('polls few items one by one and many through list pages', async () => {
    remote.start();
    remote.add(urls(2));
    await remote.settle();
    service.calls.length = 0;
    await poll();
    expect(service.calls.map((c) => c.op)).toEqual(['status', 'status']);

    remote.add(urls(60, 100));
    await remote.settle();
    service.calls.length = 0;
    await poll();
    expect(service.calls.map((c) => c.op)).toEqual(['list', 'list']);
  });

  it('shows an unknown status as it comes and keeps polling it', async () => {
    remote.start();
    remote.add(urls(1));
    await remote.settle();
    service.set(service.items[0]!.id, 'transcoding_hd');
    await poll();
    expect(remote.list().items[0]).toMatchObject({ status: 'transcoding_hd', active: true });
    expect(timers.count).toBe(1);
  });

  it('waits while offline and sends when the connection comes back', async () => {
    connectivity.set('offline');
    remote.start();
    remote.add(urls(2));
    await remote.settle();
    expect(service.calls).toEqual([]);
    expect(timers.count).toBe(0);
    expect(statuses()).toEqual(['waiting', 'waiting']);

    connectivity.set('online');
    await remote.settle();
    expect(service.items.map((i) => i.url)).toEqual(urls(2));
    expect(remote.list().waitingLocally).toBe(0);
  });

  it('keeps items waiting when the request fails with offline, and retries on the next poll', async () => {
    remote.start();
    await remote.settle();
    service.offline = true;
    remote.add(urls(1));
    await remote.settle();
    expect(statuses()).toEqual(['waiting']);
    service.offline = false;
    await poll();
    expect(service.items).toHaveLength(1);
    expect(statuses()).toEqual(['pending']);
  });

  it('never submits twice when a reply is lost: it finds the item in the list first', async () => {
    remote.start();
    await remote.settle();
    service.loseReplies = 1;
    remote.add(urls(2));
    await remote.settle();
    expect(service.items).toHaveLength(1);
    expect(statuses()).toEqual(['waiting', 'waiting']);
    await poll();
    expect(service.calledOps('add')).toHaveLength(2);
    expect(service.items.map((i) => i.url)).toEqual(urls(2));
    expect(remote.list().items.map((i) => i.remoteId)).toEqual(service.items.map((i) => i.id).reverse());
  });

  it('keeps a refused URL with its message; retry failed sends it again', async () => {
    remote.start();
    service.refuse.set(urls(1)[0]!, 'The URL is not reachable');
    remote.add(urls(2));
    await remote.settle();
    expect(remote.list().items.find((i) => i.url === urls(1)[0])).toMatchObject({
      status: 'failed',
      active: false,
      error: 'The URL is not reachable',
      remoteId: null,
    });
    expect(service.items).toHaveLength(1);

    service.refuse.clear();
    const result = await remote.action('retry_failed');
    expect(result).toMatchObject({ affected: 0, localAffected: 1, queued: false });
    expect(service.items.map((i) => i.url).sort()).toEqual(urls(2).sort());
  });

  it('does what each action says, and the list shows it after', async () => {
    remote.start();
    remote.add(urls(4));
    await remote.settle();
    const [a, b, c, d] = service.items;
    const ids = () => remote.list().items.map((i) => i.remoteId);
    service.set(a!.id, 'failed');
    service.set(b!.id, 'failed');
    service.set(c!.id, 'completed');

    // Newest first: d, c, b, a.
    expect(await remote.action('retry_failed')).toMatchObject({ affected: 2, queued: false });
    expect(statuses()).toEqual(['pending', 'completed', 'pending', 'pending']);

    service.set(a!.id, 'failed');
    service.set(b!.id, 'completed');
    expect(await remote.action('delete_failed')).toMatchObject({ affected: 1 });
    expect(ids()).toEqual([d!.id, c!.id, b!.id]);

    expect(await remote.action('delete_inactive')).toMatchObject({ affected: 2 });
    expect(ids()).toEqual([d!.id]);

    const result = await remote.action('delete', d!.id);
    expect(result).toMatchObject({ affected: 1, localAffected: 1 });
    expect(result.view.items).toEqual([]);
    expect(service.items).toEqual([]);
    await expect(remote.action('delete')).rejects.toMatchObject({ code: 'validation' });
  });

  it('queues actions while offline and replays them in order', async () => {
    remote.start();
    remote.add(urls(2));
    await remote.settle();
    const [a, b] = service.items;
    service.set(a!.id, 'failed');
    await poll();

    connectivity.set('offline');
    const deleted = await remote.action('delete', b!.id);
    expect(deleted).toMatchObject({ queued: true, affected: null, localAffected: 1 });
    expect(deleted.view.items.map((i) => i.remoteId)).toEqual([a!.id]);
    await remote.action('delete_failed');
    expect(remote.list().items).toEqual([]);
    expect(service.calledOps('action')).toHaveLength(0);

    connectivity.set('online');
    await remote.settle();
    expect(service.calledOps('action').map((c) => c.input)).toEqual([{ action: 'delete', id: b!.id }, { action: 'delete_failed' }]);
    expect(service.items).toEqual([]);
    expect(remote.list().items).toEqual([]);
  });

  it('drops an item deleted elsewhere, and marks a link the service copied at once as completed', async () => {
    service.copyHosts.add('vidhost.example');
    remote.start();
    remote.add(['https://vidhost.example/e/abcdefabcdef', ...urls(1)]);
    await remote.settle();
    await poll();
    expect(remote.list().items.map((i) => [i.url, i.status])).toEqual([
      [urls(1)[0], 'pending'],
      ['https://vidhost.example/e/abcdefabcdef', 'completed'],
    ]);
    service.items = [];
    await poll();
    expect(remote.list().items.map((i) => [i.url, i.status])).toEqual([['https://vidhost.example/e/abcdefabcdef', 'completed']]);
    expect(timers.count).toBe(0);
  });

  it('refuses a URL already waiting or being imported, and reports why', async () => {
    remote.add(urls(1));
    const result = remote.add([...urls(2), 'ftp://x.example/a']);
    expect(result.accepted).toBe(1);
    expect(result.rejected).toEqual([
      { url: 'ftp://x.example/a', reason: { code: 'remote_url_scheme', params: { scheme: 'ftp:' } } },
      { url: urls(1)[0], reason: { code: 'remote_url_in_progress', params: {} } },
    ]);
    expect(sayInEnglish(result.rejected[1]!.reason)).toBe('already waiting or being imported');
  });

  it('emits remote:changed only when the view changed', async () => {
    remote.start();
    await remote.settle();
    const before = events.views.length;
    remote.add(urls(1));
    await remote.settle();
    expect(events.views.length).toBeGreaterThan(before);
    await poll(); // the first status reply brings `created`
    const settled = events.views.length;
    await poll();
    expect(events.views.length).toBe(settled);
    service.set(service.items[0]!.id, 'downloading');
    await poll();
    expect(events.views.length).toBe(settled + 1);
    expect(events.views.at(-1)?.items[0]?.status).toBe('downloading');
  });

  it('survives a restart: waiting rows stay, a row cut off mid-submit is looked for before resending', async () => {
    remote.start();
    await remote.settle();
    service.offline = true;
    remote.add(urls(1));
    await remote.settle();
    await remote.stop();
    // Simulate a crash while operation 5 was in flight: the service got it.
    db.prepare("UPDATE remote_items SET phase = 'submitting'").run();
    service.offline = false;
    service.items.push({ id: 'arrived00001', url: urls(1)[0]!, status: 'pending', created: 'x', folder: 0, bytes: { downloaded: 0, total: 0 } });

    remote = create();
    remote.start();
    await remote.settle();
    expect(service.calledOps('add')).toHaveLength(0);
    expect(remote.list().items).toEqual([expect.objectContaining({ remoteId: 'arrived00001', status: 'pending' })]);
  });
});
