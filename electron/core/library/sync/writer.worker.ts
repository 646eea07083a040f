// The sync writer thread (see sync/writer.ts): its own connection to the account's database,
// the library's tables already migrated by the main thread. It decodes listings sent as bytes,
// writes a sweep's pages as they come, and keeps a quick refresh's pages until its write takes them. Writes that arrive together are committed
// together (sync/write-batch.ts); each is answered when its transaction has committed.
import { parentPort, workerData } from 'node:worker_threads';
import { interpret } from '../../api/interpret.ts';
import * as s from '../../api/schemas.ts';
import type { ServiceVideoPage } from '../../api/schemas.ts';
import { openDatabase, WRITER_CONNECTION } from '../../db/database.ts';
import { LibraryStore } from '../store.ts';
import { unpackVideos, type SyncWorkerData, type SyncWorkerReply, type SyncWorkerRequest, type WirePage } from './worker-protocol.ts';
import { applySyncWrite, holdsKnown, rowsOf, sweepPageWrite, writeOfListing, type SyncWrite, type SyncWriteResult } from './writes.ts';
import { WriteBatch } from './write-batch.ts';

const port = parentPort;
if (port === null) throw new Error('sync/writer.worker.ts runs as a worker thread');
const { file } = workerData as SyncWorkerData;
const db = openDatabase(file, WRITER_CONNECTION);
const store = new LibraryStore(db);
// Short transactions: the main thread's own writes (queue, outbox) wait for this one's lock.
const batch = new WriteBatch(db, { maxRows: 5_000, maxDelayMs: 5 });
/** Decoded pages of quick refreshes waiting for their listing's write (a few small pages at most). */
const pages = new Map<number, ServiceVideoPage>();
let nextToken = 1;
const reply = (message: SyncWorkerReply, transfer: ArrayBuffer[] = []): void => port.postMessage(message, transfer);

port.on('message', (request: SyncWorkerRequest) => {
  if ('close' in request) {
    batch.flush();
    pages.clear();
    // Replies of the last batch are settled in microtasks: let them go out first.
    setImmediate(() => {
      db.close();
      port.close();
    });
    return;
  }
  if ('drop' in request) {
    for (const token of request.drop) pages.delete(token);
    return;
  }
  if ('decode' in request) {
    decode(request.id, request.decode);
    return;
  }
  const { id } = request;
  let write: SyncWrite;
  try {
    write = 'listing' in request ? writeOfListing(request.listing, request.pages.map(pageOf)) : unpacked(request.write, request.packed);
  } catch (error) {
    failed(id)(error);
    return;
  }
  inNextBatch(write).then((result) => reply({ id, result }), failed(id));
});

/** Runs a write in the next batch; it resolves once its transaction has committed. */
function inNextBatch(write: SyncWrite): Promise<SyncWriteResult> {
  return batch.run(rowsOf(write), () => applySyncWrite(store, write));
}

/** Answers request `id` with why it failed. */
function failed(id: number): (error: unknown) => void {
  return (error) => reply({ id, error: error instanceof Error ? error.message : String(error) });
}

/**
 * Parses and checks a reply of operation 14 exactly as the client does (interpret). A sweep's
 * page is written at once (answered once committed); another is kept for its listing's write.
 */
function decode(id: number, { status, body, knownIn, sweepPage }: Extract<SyncWorkerRequest, { decode: unknown }>['decode']): void {
  let page: ServiceVideoPage;
  let known = false;
  try {
    page = interpret('videos', { status, body: Buffer.from(body) }, s.videoList);
    if (knownIn !== null) known = holdsKnown(store, knownIn, page);
  } catch {
    // Why it was refused is the main thread's to say: the bytes go back, interpret() there
    // throws the same error for them (a service error, a reply cut off...).
    reply({ id, refused: body }, [body]);
    return;
  }
  const figures = { pagination: page.pagination, count: page.list.length, known };
  if (sweepPage !== null) {
    inNextBatch(sweepPageWrite(sweepPage, page)).then((written) => reply({ id, listed: { ...figures, token: 0, written } }), failed(id));
    return;
  }
  const token = nextToken++;
  pages.set(token, page);
  reply({ id, listed: { ...figures, token } });
}

function pageOf(wire: WirePage): ServiceVideoPage {
  if (!('token' in wire)) return { pagination: wire.pagination, folder: wire.folder, list: unpackVideos(wire.packed) };
  const page = pages.get(wire.token);
  if (page === undefined) throw new Error('a page of this listing is no longer held by the sync writer');
  pages.delete(wire.token);
  return page;
}

function unpacked(write: SyncWrite, packed: unknown[]): SyncWrite {
  return 'videos' in write ? { ...write, videos: unpackVideos(packed) } : write;
}
