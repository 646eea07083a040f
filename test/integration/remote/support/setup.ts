// One remote-imports stack for a test: the sandbox host over loopback, the real service
// client, a real SQLite file in a temp folder, and poll timers fired by hand.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ServiceClient } from '../../../../electron/core/api/client.ts';
import type { ServiceApi } from '../../../../electron/core/api/service-api.ts';
import { openDatabase, type Db } from '../../../../electron/core/db/database.ts';
import { ManualConnectivity } from '../../../../electron/core/connectivity.ts';
import { RemoteImports } from '../../../../electron/core/remote/remote-imports.ts';
import type { EventSink } from '../../../../electron/core/rpc/events.ts';
import type { RemoteView } from '../../../../shared/model.ts';
import { startHost, type Host, type HostOptions } from '../../../host/index.ts';
import { ManualTimers } from '../../../unit/core/remote/support/manual-timers.ts';
import { outboxFor } from '../../../unit/core/remote/support/outbox.ts';
import type { Outbox } from '../../../../electron/core/library/outbox/outbox.ts';

export class RecordedEvents implements EventSink {
  views: RemoteView[] = [];
  emit(event: string, payload: unknown): void {
    if (event === 'remote:changed') this.views.push(payload as RemoteView);
  }
}

export interface Stack {
  host: Host;
  client: ServiceClient;
  db: Db;
  timers: ManualTimers;
  events: RecordedEvents;
  remote: RemoteImports;
  /** The account's outbox: the queue actions asked for offline wait and replay here. */
  outbox: Outbox;
  /** Fires the pending poll and waits for it to finish. */
  poll(): Promise<void>;
  close(): Promise<void>;
}

export interface StackOptions {
  /** Writes to the fresh database before anything opens it (a file as an older version left it). */
  prepareDb?: (db: Db) => void;
}

export async function createStack(hostOptions: HostOptions = {}, wrapApi?: (api: ServiceApi) => ServiceApi, options: StackOptions = {}): Promise<Stack> {
  const host = await startHost({ seed: 'empty', rngSeed: 11, remoteWorker: { tickMs: 10, concurrency: 8 }, ...hostOptions });
  const dir = mkdtempSync(join(tmpdir(), 'vidlift-remote-'));
  const db = openDatabase(join(dir, 'account.sqlite'));
  options.prepareDb?.(db);
  // Short retries: a stopped host must fail fast, not after the default backoff.
  const client = new ServiceClient({ baseUrl: host.baseUrl, apiKey: host.apiKey, deadlineMs: 10_000, retry: { maxAttempts: 2, baseMs: 1, capMs: 5 } });
  const timers = new ManualTimers();
  const events = new RecordedEvents();
  const api = wrapApi ? wrapApi(client) : client;
  const connectivity = new ManualConnectivity('online');
  const outbox = outboxFor(db, { api, events, connectivity, timers });
  const remote = new RemoteImports({ api, db, outbox, events, timers, pollMs: 1000, hiddenPollMs: 10_000 });
  return {
    host,
    client,
    db,
    timers,
    events,
    remote,
    outbox,
    poll: async () => {
      if (timers.fire() === 0) throw new Error('no poll was scheduled');
      await remote.settle();
    },
    close: async () => {
      await remote.stop();
      await outbox.stop();
      db.close();
      await host.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Waits (bounded) for a condition that depends on the host's worker, which runs on real time. */
export async function until(condition: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
