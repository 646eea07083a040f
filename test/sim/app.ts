// One run of Vidlift's core for one account, as accounts/session.ts composes it (library with
// its sync and outbox, upload engine, remote imports, the key gate), on the simulated
// clock, timers and network, over a real SQLite file. A crash drops this object whole
// (nothing is closed, nothing flushed) and a new one opens the same file.
import { ServiceClient } from '../../electron/core/api/client.ts';
import { ConnectionMonitor } from '../../electron/core/api/connection.ts';
import { KeyGatedConnectivity } from '../../electron/core/accounts/key-gate.ts';
import { openAccountDatabase } from '../../electron/core/accounts/database.ts';
import type { Db } from '../../electron/core/db/database.ts';
import { Library } from '../../electron/core/library/library.ts';
import { RedactingLogger, type LogRecord } from '../../electron/core/log/redacting.ts';
import { RemoteImports } from '../../electron/core/remote/index.ts';
import type { EventSink } from '../../electron/core/rpc/events.ts';
import { UploadEngine } from '../../electron/core/uploads/engine.ts';
import type { Rng } from '../host/rng.ts';
import type { SimNetwork } from './network.ts';
import { BASE_URL } from './service.ts';
import type { SimTime } from './time.ts';

/** What every process of one schedule shares: the world outside the app. */
export interface AppWorld {
  dbFile: string;
  time: SimTime;
  network: SimNetwork;
  /** The key the app holds (the person may replace it). */
  appKey: () => string;
  /** Every log line and event, as text, for the secrets check. */
  observe: (what: 'log' | 'event', text: string) => void;
  rng: Rng;
}

/** The key verdict of accounts/key-check.ts for one account: refused by the service, or accepted again. */
class KeyVerdict {
  refused = false;
  readonly #listeners = new Set<() => void>();
  set(refused: boolean): void {
    if (this.refused === refused) return;
    this.refused = refused;
    for (const listener of this.#listeners) listener();
  }
  on(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

export class SimApp {
  readonly owner: number;
  readonly db: Db;
  library!: Library;
  uploads!: UploadEngine;
  remote!: RemoteImports;
  connection!: ConnectionMonitor;
  readonly verdict = new KeyVerdict();

  constructor(world: AppWorld, owner: number) {
    this.owner = owner;
    const { time } = world;
    const random = (): number => world.rng.next();
    const logger = new RedactingLogger({
      now: time.now,
      sinks: [{ write: (record: LogRecord) => world.observe('log', record.line) }],
    });
    const events: EventSink = {
      emit: (event, payload) => world.observe('event', `${event} ${JSON.stringify(payload)}`),
    };
    this.db = openAccountDatabase(world.dbFile, { onDamaged: () => world.observe('log', 'the database was damaged') });
    try {
      this.#compose(world, owner, logger, events, random);
    } catch (error) {
      this.db.close();
      throw error;
    }
  }

  #compose(world: AppWorld, owner: number, logger: RedactingLogger, events: EventSink, random: () => number): void {
    const { time } = world;
    let client: InstanceType<typeof ServiceClient> | null = null;
    this.connection = new ConnectionMonitor({
      probe: (signal) => (client ? client.slots({ signal }) : Promise.resolve()),
      events,
      logger,
      now: time.now,
      timers: time.timers,
      random,
    });
    client = new ServiceClient({
      transport: world.network.transport(owner),
      baseUrl: BASE_URL,
      apiKey: world.appKey,
      logger,
      secrets: logger,
      connection: this.connection,
      keyHealth: { refused: () => this.verdict.set(true), accepted: () => this.verdict.set(false) },
      now: time.now,
      random,
      sleep: (ms, signal) =>
        new Promise<void>((resolve, reject) => {
          const handle = time.setTimeout(() => {
            signal?.removeEventListener('abort', aborted);
            resolve();
          }, ms);
          const aborted = (): void => {
            time.clearTimeout(handle);
            reject(signal?.reason);
          };
          signal?.addEventListener('abort', aborted, { once: true });
        }),
    });
    const api = client;
    const connectivity = new KeyGatedConnectivity(this.connection, () => this.verdict.refused, (listener) => this.verdict.on(listener));
    this.library = new Library({ db: this.db, api, events, connectivity, logger, now: time.now, timers: time.timers, startSyncWorker: null });
    this.uploads = new UploadEngine({
      db: this.db,
      api,
      connectivity,
      events,
      logger,
      secrets: logger,
      onVideoUploaded: (video, folderId) => this.library.upsertUploadedVideo(video, folderId),
      now: time.now,
      timers: time.timers,
      random,
      concurrency: 2,
      sendFile: world.network.fileServer(owner),
    });
    this.remote = new RemoteImports({ api, db: this.db, outbox: this.library.outbox, events, connectivity, logger, now: time.now, timers: time.timers });
    this.library.onFolderIdAssigned((tempId, realId) => this.uploads.folderIdAssigned(tempId, realId));
  }

  start(): void {
    this.library.start();
    this.uploads.start();
    this.remote.start();
  }
}
