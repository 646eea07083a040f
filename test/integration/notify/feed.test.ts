// What becomes a notification besides a batch (automation.test.ts has that one): a refused
// key while uploads wait, told once per refusal; and the takedown watch's
// `links:takedownsFound` (issue 29), followed by name. The sources are stand-ins (an account
// refused, an event the takedown watch emits on another branch); the notifier, its outbox and
// the receiver are real.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { nodeTransport } from '../../../electron/core/api/http.ts';
import { RedactingLogger } from '../../../electron/core/log/redacting.ts';
import { DestinationList } from '../../../electron/core/notify/destinations.ts';
import { feedNotifications, TAKEDOWNS_EVENT } from '../../../electron/core/notify/feed.ts';
import { Notifier } from '../../../electron/core/notify/notifier.ts';
import { NotifyOutbox } from '../../../electron/core/notify/outbox.ts';
import type { EventListener } from '../../../electron/core/rpc/events.ts';
import { MemorySecretStore } from '../../../electron/core/secrets/memory-store.ts';
import { SettingsStore } from '../../../electron/core/settings/settings-store.ts';
import { realTimers } from '../../../electron/core/timers.ts';
import type { EventName } from '../../../shared/contract.ts';
import type { FinishedJob } from '../../../electron/core/uploads/engine.ts';
import { until } from '../../support/core-rig.ts';
import { startReceiver, type Receiver } from './receivers.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setUp() {
  const dir = mkdtempSync(join(tmpdir(), 'vidlift-feed-'));
  const settings = new SettingsStore({ file: join(dir, 'settings.json') });
  const secrets = new MemorySecretStore();
  const logger = new RedactingLogger({ sinks: [] });
  const outbox = new NotifyOutbox(join(dir, 'outbox.sqlite'));
  const notifier = new Notifier({ outbox, destinations: () => settings.get().notifyDestinations, secrets, registry: logger, transport: nodeTransport, logger, timers: realTimers });
  const receiver: Receiver = await startReceiver();
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }), () => outbox.close(), () => notifier.close(), () => receiver.close());
  await new DestinationList({ settings, secrets, registry: logger, outbox }).save(
    { kind: 'webhook', name: 'All', url: `${receiver.base}/in`, chatId: null, events: ['queueBlocked', 'takedownsFound', 'uploadFailed'], format: 'download' },
    'feed-signing-secret-0123456',
  );
  let refused = false;
  let waiting = 2;
  const verdicts = new Set<(accountId: string) => void>();
  const eventListeners = new Set<EventListener>();
  const jobListeners = new Set<(finished: FinishedJob) => void>();
  let storageLeftKb: number | null = null;
  // The account's session as the feed reads it: its queue's figures and finished jobs, its storage as last fetched.
  const session = {
    uploads: { totals: () => ({ waiting, active: 0 }), onJobFinished: (l: (f: FinishedJob) => void) => (jobListeners.add(l), () => jobListeners.delete(l)), onBatchFinished: () => () => undefined },
    library: { account: { accountView: () => ({ account: { storageLeftKb } }) } },
  };
  const stop = feedNotifications({
    pool: { onOpen: (listener: (s: never) => void) => listener(session as never), openAccounts: () => [{ id: 'acc-1', session }] as never },
    notifier,
    events: { subscribe: (listener) => (eventListeners.add(listener), () => eventListeners.delete(listener)) },
    accountName: () => 'Work',
    keyRefused: () => refused,
    onKeyVerdict: (listener) => (verdicts.add(listener), () => verdicts.delete(listener)),
    sessionStartedAt: Date.now(),
  });
  cleanups.push(stop);
  notifier.start();
  const bodies = () => receiver.received.map((r) => JSON.parse(r.body) as Record<string, unknown>);
  return {
    bodies,
    refuse: (value: boolean) => {
      refused = value;
      for (const listener of verdicts) listener('acc-1');
    },
    setWaiting: (count: number) => (waiting = count),
    setStorageLeft: (kb: number | null) => (storageLeftKb = kb),
    fail: (name: string, size: number) => {
      const job = { name, path: `/v/${name}`, size, finishedAt: Date.now(), error: { code: 'server', message: 'The file server refused the upload: disk quota', retryable: false } };
      for (const listener of jobListeners) listener({ job: job as never, outcome: 'failed', startedAt: null });
    },
    emit: (name: string, payload: unknown, accountId: string | null) => {
      for (const listener of eventListeners) listener(name as EventName, payload, accountId);
    },
  };
}

describe('the notification feed', () => {
  it('an upload that failed for good is told; with no room left for it, the queue is told blocked, once', async () => {
    const feed = await setUp();
    feed.fail('roomy.mp4', 5_000);
    await until('told', () => feed.bodies().length === 1);
    expect(feed.bodies()[0]).toMatchObject({ event: 'uploadFailed', account: 'Work', file: 'roomy.mp4', code: 'server' });
    feed.setStorageLeft(100);
    feed.fail('big.mp4', 10_000_000);
    feed.fail('bigger.mp4', 20_000_000);
    await until('told', () => feed.bodies().length === 4);
    expect(feed.bodies().map((b) => [b.event, b.file ?? b.reason])).toEqual([
      ['uploadFailed', 'roomy.mp4'],
      ['uploadFailed', 'big.mp4'],
      ['queueBlocked', 'storage-full'],
      ['uploadFailed', 'bigger.mp4'],
    ]);
  });

  it('a refused key blocks a waiting queue: told once per refusal, again after a new key is refused', async () => {
    const feed = await setUp();
    feed.refuse(true);
    feed.refuse(true);
    await until('told', () => feed.bodies().length === 1);
    expect(feed.bodies()[0]).toMatchObject({ event: 'queueBlocked', account: 'Work', reason: 'key-refused' });
    feed.refuse(false);
    feed.setWaiting(0);
    feed.refuse(true);
    feed.setWaiting(3);
    feed.refuse(false);
    feed.refuse(true);
    await until('told again', () => feed.bodies().length === 2);
    expect(feed.bodies()[1]).toMatchObject({ event: 'queueBlocked', reason: 'key-refused' });
  });

  it('takedowns found by the takedown watch reach the destinations that receive them', async () => {
    const feed = await setUp();
    feed.emit(TAKEDOWNS_EVENT, { count: 2, videos: [{ id: 'v1', title: 'Holiday' }, { id: 'v2', title: null }] }, 'acc-1');
    feed.emit(TAKEDOWNS_EVENT, { count: 'two' }, 'acc-1');
    feed.emit(TAKEDOWNS_EVENT, { count: 1, videos: [{ id: 'v3', title: 'x' }] }, null);
    await until('told', () => feed.bodies().length === 1);
    expect(feed.bodies()[0]).toMatchObject({ event: 'takedownsFound', account: 'Work', count: 2, videos: [{ id: 'v1', title: 'Holiday' }, { id: 'v2', title: null }] });
    expect(feed.bodies()[0]!.text).toBe('Vidlift: 2 videos were taken down on “Work”');
  });
});
