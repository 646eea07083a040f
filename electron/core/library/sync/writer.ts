// Where a sync's writes run: on a worker thread with its own connection to the account's
// database, so writing a listing overlaps reading the next pages.
//
// Why: the profile of a first sync of 1,000,000 videos (`npm run bench -- scale`, issue 16)
// had SQLite inserts and commits at ~10 µs per row on the one thread that also parses the
// replies and keeps four requests in flight. While the thread wrote, replies waited and no new
// request left: the sync took the network time plus the write time. On its own thread the
// write runs beside the network (WAL: one writer at a time, readers never wait).
//
// The thread also decodes the listings (readPage): a reply's bytes go to it, it parses them,
// checks them against the schema and writes a sweep's page at once (a quick refresh's few
// pages wait there for their write). Parsed on this thread, a first sync of 1,000,000 videos
// made ~3 GB of short-lived objects here and V8 grew this thread's young generation to its
// 128 MiB maximum (issue 16: the core's RSS).
//
// The worker starts when a pass that will read listings begins (prepare()), or with the first
// write, and stops with close() (the next write starts it again). A worker that cannot start
// or dies fails the writes it held and the rest run on the sync's own connection, so a sync
// never depends on a thread. Databases in memory, and hosts that pass no way to start a
// worker, write inline.
import { Worker, type WorkerOptions } from 'node:worker_threads';
import type { Logger } from '../../log/logger.ts';
import type { HttpResponse } from '../../api/http.ts';
import { interpret } from '../../api/interpret.ts';
import * as s from '../../api/schemas.ts';
import type { ServiceVideoPage } from '../../api/schemas.ts';
import type { ServiceApi } from '../../api/service-api.ts';
import type { LibraryStore } from '../store.ts';
import { ownBytes, packVideos, type SyncWorkerData, type SyncWorkerReply, type SyncWorkerRequest, type WirePage } from './worker-protocol.ts';
import {
  applySyncWrite,
  holdsKnown,
  listingMeta,
  rowsOf,
  sweepPageWrite,
  writeOfListing,
  type ListedPage,
  type ListingWrite,
  type SweepPageMeta,
  type SyncWrite,
  type SyncWriteResult,
} from './writes.ts';
import { WriteBatch } from './write-batch.ts';

export interface PageInput {
  folder: number;
  page: number;
  perPage: number;
}

export interface ReadOptions {
  /** Say whether a video on the page is stored in this folder already (a quick refresh). */
  knownIn?: number;
  /** Called when a good reply is in and only decoding it is left: the next request may go. */
  received?: () => void;
  /** A sweep's page: written as it is read, nothing held (`at` is asked then). */
  sweepPage?: Omit<SweepPageMeta, 'at'> & { at: () => number };
}

export interface SyncWriter {
  /**
   * A pass begins that will read listings through `api`: the writer gets ready meanwhile. A
   * thread's start (its modules: about 0.2-0.3 s of CPU here) then overlaps the folder tree's
   * request; started by the first page, the pages waited for it (the 50k first sync's profile).
   */
  prepare(api: ServiceApi): void;
  /** Resolves when the writer can take more rows: read the next listing then. */
  capacity(): Promise<void>;
  /**
   * Reads a page of a folder's listing (operation 14): a sweep's is written (resolves once it
   * is), another is kept where its listing's write will use it.
   */
  readPage(api: ServiceApi, input: PageInput, options?: ReadOptions): Promise<ListedPage>;
  /** Writes a quick refresh's listing whose pages readPage() read. */
  writeListing(write: ListingWrite): Promise<SyncWriteResult>;
  /** Pages read that no write will take (their listing failed part way). */
  drop(pages: readonly ListedPage[]): void;
  write(write: SyncWrite): Promise<SyncWriteResult>;
  /** Waits for the writes held, then lets the thread go. */
  close(): Promise<void>;
}

/** Starts the writer thread's script with these options (the Electron bundle passes its own). */
export type StartSyncWorker = (options: WorkerOptions) => Worker;

/** Under Node (CLI, tests, benches) the script runs as TypeScript beside this file. */
export const startSyncWorkerFromSource: StartSyncWorker = (options) => new Worker(new URL('./writer.worker.ts', import.meta.url), options);

/**
 * Rows sent to the thread and not yet written or decoded, at most: the sync waits (capacity())
 * before reading more. Without it a thread slower than the network piled up listings in its
 * message queue (and a capped heap died deserializing them, taking the process with it). 5,000
 * (10 pages) keeps the thread busy: 20,000 was no faster at 1M and held ~40 MiB more. A
 * sweep's page counts until it is written: the thread holds no more than this of any listing.
 */
const MAX_ROWS_IN_FLIGHT = 5_000;

/**
 * The thread's heap. V8 sizes the young generation by the machine (128 MiB here) and a thread
 * that allocates without pause grows it to the maximum. 32 MiB: a batch's decoded pages (up to
 * MAX_ROWS_IN_FLIGHT rows) then die young. With 24 MiB they outlived the scavenges and were
 * promoted, and V8's helper threads (the old generation's marking) took a quarter of the core's
 * CPU (perf, 2 cores). The 1M first sync, runs alternated: 1.95-2.27x its lower bound with 24 MiB
 * (five runs, 22.5-26.4 CPU seconds, peak RSS 266-269 MiB), 1.51-1.72 with 32 (six, 16.5-19.3 s,
 * 255-261 MiB), 1.59-1.75 with 48 (nine); 64 MiB and more held 30-90 MiB more for no time.
 * The old generation: under 2 GiB V8 lets it grow to at most twice what was live at the last
 * full collection instead of four times (the 1M sync's peak RSS 309-313 MiB uncapped, 279-284
 * with this cap). A thread that reaches the cap ends with ERR_WORKER_OUT_OF_MEMORY like any
 * thread that dies: the process goes on (measured with a 128 MiB cap), the folder is swept
 * again, on the main thread.
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 32, maxOldGenerationSizeMb: 2047 };

/** A listed page whose videos no one holds (a sweep's, written as it was read). */
const NOTHING_HELD = { token: 0 } as const;

/** Writes on the sync's own connection, a few listings per transaction (sync/write-batch.ts). */
export class InlineSyncWriter implements SyncWriter {
  readonly #store: LibraryStore;
  readonly #batch: WriteBatch;

  constructor(store: LibraryStore) {
    this.#store = store;
    this.#batch = new WriteBatch(store.db);
  }

  prepare(): void {}

  capacity(): Promise<void> {
    return Promise.resolve();
  }

  async readPage(api: ServiceApi, input: PageInput, options: ReadOptions = {}): Promise<ListedPage> {
    return this.listed(await api.videos(input), options);
  }

  /** A page read on this thread: a sweep's written, another kept here. */
  async listed(page: ServiceVideoPage, { knownIn, sweepPage }: ReadOptions): Promise<ListedPage> {
    const known = knownIn !== undefined && holdsKnown(this.#store, knownIn, page);
    const figures = { pagination: page.pagination, count: page.list.length, known };
    if (sweepPage === undefined) return { ...figures, ref: { page } };
    const written = await this.write(sweepPageWrite({ ...sweepPage, at: sweepPage.at() }, page));
    return { ...figures, ref: NOTHING_HELD, written };
  }

  writeListing(write: ListingWrite): Promise<SyncWriteResult> {
    const pages: ServiceVideoPage[] = [];
    for (const { ref } of write.pages) {
      // A page the writer thread held, and the thread stopped: the listing is lost, read again next pass.
      if (!('page' in ref)) return Promise.reject(new Error('the sync writer thread that held this listing stopped'));
      pages.push(ref.page);
    }
    return this.write(writeOfListing(listingMeta(write), pages));
  }

  drop(): void {}

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
  resolve: (reply: SyncWorkerReply) => void;
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

  prepare(api: ServiceApi): void {
    // Only where readPage() would use the thread (a double without the decoding call reads inline).
    if (!this.#failed && api.videosDecoded !== undefined) this.#ensureWorker();
  }

  capacity(): Promise<void> {
    if (this.#rowsInFlight < MAX_ROWS_IN_FLIGHT) return Promise.resolve();
    return new Promise((resolve) => this.#roomWaiters.push(resolve));
  }

  readPage(api: ServiceApi, input: PageInput, options: ReadOptions = {}): Promise<ListedPage> {
    // A double of the service without the decoding call: its pages are read here and packed for the write.
    if (this.#failed || api.videosDecoded === undefined) return this.#inline.readPage(api, input, options);
    return api.videosDecoded(input, (response) => this.#decode(response, input.perPage, options));
  }

  async #decode(response: HttpResponse, perPage: number, options: ReadOptions): Promise<ListedPage> {
    const { knownIn, received, sweepPage } = options;
    const worker = this.#failed ? null : this.#ensureWorker();
    if (worker === null) return this.#inline.listed(interpret('videos', response, s.videoList), options);
    // Only a 200 frees the request's slot early: an error reply may be sent again (retry.ts),
    // and that must happen inside the slot.
    if (response.status === 200) received?.();
    const body = ownBytes(response.body);
    const sweep = sweepPage ? { sweep: sweepPage.sweep, folderId: sweepPage.folderId, startedAt: sweepPage.startedAt, offset: sweepPage.offset, at: sweepPage.at() } : null;
    // Counted as a page of rows until decoded (a sweep's: written): replies waiting for the thread are held to the same bound as writes.
    const request: SyncWorkerRequest = { id: this.#nextId++, decode: { status: response.status, body, knownIn: knownIn ?? null, sweepPage: sweep } };
    const reply = await this.#send(worker, request, perPage, [body]);
    if ('listed' in reply) {
      const { token, ...figures } = reply.listed;
      return { ...figures, ref: { token } };
    }
    // The thread refused the reply: the same bytes here give the error interpret() gives.
    if ('refused' in reply) return this.#inline.listed(interpret('videos', { status: response.status, body: Buffer.from(reply.refused) }, s.videoList), options);
    // The page was read but writing it failed: the folder is swept again next pass.
    throw new Error('error' in reply ? reply.error : 'the sync writer thread answered a page with something else');
  }

  async writeListing(write: ListingWrite): Promise<SyncWriteResult> {
    const worker = this.#failed ? null : this.#ensureWorker();
    if (worker === null) return this.#inline.writeListing(write);
    const pages = write.pages.map(({ ref }): WirePage => ('token' in ref ? ref : { pagination: ref.page.pagination, folder: ref.page.folder, packed: packVideos(ref.page.list) }));
    return this.#result(await this.#send(worker, { id: this.#nextId++, listing: listingMeta(write), pages }, rowsOf(write)));
  }

  drop(pages: readonly ListedPage[]): void {
    const tokens = pages.flatMap(({ ref }) => ('token' in ref && ref.token !== NOTHING_HELD.token ? [ref.token] : []));
    if (tokens.length > 0) this.#worker?.postMessage({ id: 0, drop: tokens } satisfies SyncWorkerRequest);
  }

  async write(write: SyncWrite): Promise<SyncWriteResult> {
    const worker = this.#failed ? null : this.#ensureWorker();
    if (worker === null) return this.#inline.write(write);
    const request: SyncWorkerRequest =
      'videos' in write ? { id: this.#nextId++, write: { ...write, videos: [] }, packed: packVideos(write.videos) } : { id: this.#nextId++, write, packed: [] };
    return this.#result(await this.#send(worker, request, rowsOf(write)));
  }

  #result(reply: SyncWorkerReply): SyncWriteResult {
    if ('result' in reply) return reply.result;
    throw new Error('error' in reply ? reply.error : 'the sync writer thread answered a write with something else');
  }

  #send(worker: Worker, request: SyncWorkerRequest, rows: number, transfer: ArrayBuffer[] = []): Promise<SyncWorkerReply> {
    return new Promise<SyncWorkerReply>((resolve, reject) => {
      this.#rowsInFlight += rows;
      this.#waiting.set(request.id, { rows, resolve, reject });
      // Held requests keep the process alive (a command-line run must not end before they land).
      if (this.#waiting.size === 1) worker.ref();
      worker.postMessage(request, transfer);
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
      const worker = this.#start({ workerData: { file: this.#file } satisfies SyncWorkerData, resourceLimits: WORKER_LIMITS });
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
    waiting.resolve(reply);
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
