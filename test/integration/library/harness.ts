// A library wired to a real sandbox host over loopback and a real SQLite file in a temp dir.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ServiceClient } from '../../../electron/core/api/client.ts';
import { ManualConnectivity } from '../../../electron/core/connectivity.ts';
import type { Db } from '../../../electron/core/db/database.ts';
import { Library } from '../../../electron/core/library/library.ts';
import { openLibraryDatabase } from '../../../electron/core/library/migrations.ts';
import type { Logger } from '../../../electron/core/log/logger.ts';
import { EventHub } from '../../../electron/core/rpc/events.ts';
import type { EventName } from '../../../shared/contract.ts';
import { startHost, type Host, type HostOptions } from '../../host/index.ts';

/** Safe retries (idempotent reads) without the production backoff, so offline tests stay fast. */
export const FAST_RETRY = { maxAttempts: 3, baseMs: 5, capMs: 20 };

export const quietLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };

export interface Env {
  host: Host;
  dir: string;
  file: string;
  db: Db;
  client: ServiceClient;
  connectivity: ManualConnectivity;
  events: Array<{ event: EventName; payload: unknown }>;
  library: Library;
  close(): Promise<void>;
}

export async function setup(options: HostOptions = {}): Promise<Env> {
  const host = await startHost({ seed: 'empty', ...options });
  const dir = mkdtempSync(join(tmpdir(), 'vidlift-lib-int-'));
  const file = join(dir, 'library.sqlite');
  const db = openLibraryDatabase(file);
  // The client reports to the connectivity, as in the app; tests flip it back with set('online').
  const connectivity = new ManualConnectivity('online');
  const client = new ServiceClient({ baseUrl: host.baseUrl, apiKey: host.apiKey, retry: FAST_RETRY, deadlineMs: 10_000, connection: connectivity });
  const hub = new EventHub();
  const events: Env['events'] = [];
  hub.subscribe((event, payload) => events.push({ event, payload }));
  const library = new Library({ db, api: client, events: hub, connectivity, logger: quietLogger, sync: { quickIntervalMs: 0 } });
  return {
    host,
    dir,
    file,
    db,
    client,
    connectivity,
    events,
    library,
    close: async () => {
      await library.stop();
      if (db.isOpen) db.close();
      await host.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The requests the host answered, as "METHOD /path", in order. */
export function requests(host: Host, filter?: RegExp): string[] {
  return host.control
    .requestLog()
    .map((e) => `${e.method} ${e.path}`)
    .filter((line) => filter === undefined || filter.test(line));
}

/**
 * What the connection monitor does once the service answers again: mark online, which
 * replays the outbox. A first request may still land on a socket the restart killed; the
 * monitor would probe again, and so does this (bounded).
 */
export async function reconnect(env: Env): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    env.connectivity.set('online');
    await env.library.outbox.replay();
    await env.library.outbox.idle();
    if (env.connectivity.state().state === 'online') return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the library never got back online');
}
