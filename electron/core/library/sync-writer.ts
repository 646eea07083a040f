// Where a sync's writes run: on a worker thread with its own connection to the account's
// database, so writing a listing overlaps reading the next pages.
//
// Why: the profile of a first sync of 1,000,000 videos (`npm run bench -- scale`, issue 16)
// had SQLite inserts and commits at ~10 µs per row on the one thread that also parses the
// replies and keeps four requests in flight. While the thread wrote, replies waited and no new
// request left: the sync took the network time plus the write time. On its own thread the
// write runs beside the network (WAL: one writer at a time, readers never wait).
//
// The worker starts with the first write and stops with close() (the next write starts it
// again). A worker that cannot start or dies fails the writes it held and the rest run on
// the sync's own connection, so a sync never depends on a thread. Databases in memory, and
// hosts that pass no way to start a worker, write inline.
import { Worker, type WorkerOptions } from 'node:worker_threads';
import type { Logger } from '../log/logger.ts';
import type { ServiceVideo } from '../api/schemas.ts';
import type { LibraryStore } from './store.ts';
import { applySyncWrite, rowsOf, type SyncWrite, type SyncWriteResult } from './sync-writes.ts';
import { WriteBatch } from './write-batch.ts';

export interface SyncWriter {
  /** Resolves when the writer can take more rows: read the next listing then. */
  capacity(): Promise<void>;
  write(write: SyncWrite): Promise<SyncWriteResult>;
  /** Waits for the writes held, then lets the thread go. */
  close(): Promise<void>;
}

/** Starts the writer thread's script with these options (the Electron bundle passes its own). */
export type StartSyncWorker = (options: WorkerOptions) => Worker;

/** Under Node (CLI, tests, benches) the script runs as TypeScript beside this file. */
export const startSyncWorkerFromSource: StartSyncWorker = (options) => new Worker(new URL('./sync-writer.worker.ts', import.meta.url), options);

/**
 * Rows sent to the thread and not yet written, at most: the sync waits (capacity()) before
 * reading more. Without it a thread slower than the network piled up listings in its message
 * queue (and a capped heap died deserializing them, taking the process with it).
 */
const MAX_ROWS_IN_FLIGHT = 20_000;

/** The data a worker is started with. */
export interface SyncWorkerData {
  file: string;
}

/** A write goes to the thread with its videos packed (packVideos): the listing's rows, not its objects. */
export type SyncWorkerRequest = { id: number; write: SyncWrite; packed: unknown[] } | { id: number; close: true };
export type SyncWorkerReply = { id: number; result: SyncWriteResult } | { id: number; error: string };

const PACKED_FIELDS = 12;

/**
 * The videos as one flat array of their values. Copying a listing to the thread as objects
 * cost ~1.6 ms per page of 500 (structured clone of nested objects); flat values ~0.27 ms.
 */
export function packVideos(videos: readonly ServiceVideo[]): unknown[] {
  const packed: unknown[] = [];
  for (const v of videos) {
    packed.push(v.id, v.createdAt, v.isPublic, v.views, v.name, v.size, v.skipIntro, v.links.download, v.links.embed, v.images.single, v.images.thumbnail, v.images.splash);
  }
  return packed;
}

export function unpackVideos(packed: readonly unknown[]): ServiceVideo[] {
  const videos: ServiceVideo[] = [];
  for (let i = 0; i + PACKED_FIELDS <= packed.length; i += PACKED_FIELDS) {
    const [id, createdAt, isPublic, views, name, size, skipIntro, download, embed, single, thumbnail, splash] = packed.slice(i, i + PACKED_FIELDS) as [
      string, string, boolean, number, string, number, number, string, string, string, string, string,
    ];
    videos.push({ id, createdAt, isPublic, views, name, size, skipIntro, links: { download, embed }, images: { single, thumbnail, splash } });
  }
  return videos;
}

/** Writes on the sync's own connection, a few listings per transaction (write-batch.ts). */
export class InlineSyncWriter implements SyncWriter {
  readonly #store: LibraryStore;
  readonly #batch: WriteBatch;

  constructor(store: LibraryStore) {
    this.#store = store;
    this.#batch = new WriteBatch(store.db);
  }

  capacity(): Promise<void> {
    return Promise.resolve();
  }

  write(write: SyncWrite): Promise<SyncWriteResult> {
    return this.#batch.run(rowsOf(write), () => applySyncWrite(this.#store, write));
  }

  close(): Promise<void> {
    this.#batch.flush();
    return Promise.resolve();
  }
}

interface Waiting {
  rows: number;
  resolve: (result: SyncWriteResult) => void;
  reject: (error: Error) => void;
}

export class ThreadSyncWriter implements SyncWriter {
  readonly #file: string;
  readonly #start: StartSyncWorker;
  readonly #logger: Logger;
  readonly #inline: InlineSyncWriter;
  #worker: Worker | null = null;
  #failed = false;
  #nextId = 1;
  readonly #waiting = new Map<number, Waiting>();
  #rowsInFlight = 0;
  #roomWaiters: (() => void)[] = [];

  constructor(store: LibraryStore, file: string, start: StartSyncWorker, logger: Logger) {
    this.#file = file;
    this.#start = start;
    this.#logger = logger;
    this.#inline = new InlineSyncWriter(store);
  }

  capacity(): Promise<void> {
    if (this.#rowsInFlight < MAX_ROWS_IN_FLIGHT) return Promise.resolve();
    return new Promise((resolve) => this.#roomWaiters.push(resolve));
  }

  write(write: SyncWrite): Promise<SyncWriteResult> {
    const worker = this.#failed ? null : this.#ensureWorker();
    if (worker === null) return this.#inline.write(write);
    const id = this.#nextId++;
    return new Promise<SyncWriteResult>((resolve, reject) => {
      const rows = rowsOf(write);
      this.#rowsInFlight += rows;
      this.#waiting.set(id, { rows, resolve, reject });
      // Held writes keep the process alive (a command-line run must not end before they land).
      if (this.#waiting.size === 1) worker.ref();
      const request: SyncWorkerRequest = write.kind === 'finish' ? { id, write, packed: [] } : { id, write: { ...write, videos: [] }, packed: packVideos(write.videos) };
      worker.postMessage(request);
    });
  }

  async close(): Promise<void> {
    await this.#inline.close();
    const worker = this.#worker;
    if (worker === null) return;
    this.#worker = null;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.ref(); // closing: this run waits for the thread to let go of the database
    // The worker answers every write it holds, closes its connection, then exits.
    worker.postMessage({ id: 0, close: true } satisfies SyncWorkerRequest);
    await exited;
  }

  #ensureWorker(): Worker | null {
    if (this.#worker !== null) return this.#worker;
    try {
      const worker = this.#start({ workerData: { file: this.#file } satisfies SyncWorkerData });
      worker.on('message', (reply: SyncWorkerReply) => this.#settle(reply));
      worker.on('error', (error) => this.#lost(worker, error));
      worker.on('exit', (code) => {
        if (this.#waiting.size > 0) this.#lost(worker, new Error(`the sync writer stopped (exit code ${code})`));
      });
      worker.unref(); // an idle thread must not keep a command-line run alive
      this.#worker = worker;
      return worker;
    } catch (error) {
      this.#logger.warn('sync: could not start the writer thread, writing on the main thread', { error });
      this.#failed = true;
      return null;
    }
  }

  #settle(reply: SyncWorkerReply): void {
    const waiting = this.#waiting.get(reply.id);
    if (waiting === undefined) return;
    this.#waiting.delete(reply.id);
    this.#released(waiting.rows);
    if (this.#waiting.size === 0) this.#worker?.unref();
    if ('result' in reply) waiting.resolve(reply.result);
    else waiting.reject(new Error(reply.error));
  }

  /** The thread died: what it held fails (the folder is swept again next pass), the rest goes inline. */
  #lost(worker: Worker, error: unknown): void {
    this.#logger.warn('sync: the writer thread failed, writing on the main thread from now on', { error });
    this.#failed = true;
    if (this.#worker === worker) this.#worker = null;
    const waiting = [...this.#waiting.values()];
    this.#waiting.clear();
    for (const { rows, reject } of waiting) {
      this.#released(rows);
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  #released(rows: number): void {
    this.#rowsInFlight -= rows;
    while (this.#rowsInFlight < MAX_ROWS_IN_FLIGHT && this.#roomWaiters.length > 0) this.#roomWaiters.shift()!();
  }
}

/** A thread writer for a database in a file when the host can start workers; inline otherwise. */
export function createSyncWriter(store: LibraryStore, start: StartSyncWorker | null, logger: Logger): SyncWriter {
  const file = store.db.location();
  if (start === null || file === null) return new InlineSyncWriter(store);
  return new ThreadSyncWriter(store, file, start, logger);
}
