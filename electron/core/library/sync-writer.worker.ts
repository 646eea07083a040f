// The sync writer thread (see sync-writer.ts): its own connection to the account's database,
// the library's tables already migrated by the main thread. Writes that arrive together are
// committed together (write-batch.ts); each is answered when its transaction has committed.
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from './db.ts';
import { LibraryStore } from './store.ts';
import { unpackVideos, type SyncWorkerData, type SyncWorkerReply, type SyncWorkerRequest } from './sync-writer.ts';
import { applySyncWrite, rowsOf } from './sync-writes.ts';
import { WriteBatch } from './write-batch.ts';

const port = parentPort;
if (port === null) throw new Error('sync-writer.worker.ts runs as a worker thread');
const { file } = workerData as SyncWorkerData;
const db = openDatabase(file);
const store = new LibraryStore(db);
// Short transactions: the main thread's own writes (queue, outbox) wait for this one's lock.
const batch = new WriteBatch(db, { maxRows: 5_000, maxDelayMs: 5 });
const reply = (message: SyncWorkerReply): void => port.postMessage(message);

port.on('message', (request: SyncWorkerRequest) => {
  if ('close' in request) {
    batch.flush();
    // Replies of the last batch are settled in microtasks: let them go out first.
    setImmediate(() => {
      db.close();
      port.close();
    });
    return;
  }
  const { id, packed } = request;
  const write = request.write.kind === 'finish' ? request.write : { ...request.write, videos: unpackVideos(packed) };
  batch
    .run(rowsOf(write), () => applySyncWrite(store, write))
    .then(
      (result) => reply({ id, result }),
      (error: unknown) => reply({ id, error: error instanceof Error ? error.message : String(error) }),
    );
});
