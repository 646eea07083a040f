// The file-check thread (see file-check-thread.ts): a chunk of paths in, each checked with
// blocking calls, the chunk answered in its order.
import { parentPort } from 'node:worker_threads';
import { checkFileBlocking } from './file-check.ts';
import type { FileCheckChunk, FileCheckReply } from './file-check-thread.ts';

const port = parentPort;
if (port === null) throw new Error('file-check.worker.ts runs as a worker thread');
port.on('message', (chunk: FileCheckChunk) => {
  const within = chunk.within ?? undefined;
  port.postMessage({ id: chunk.id, checked: chunk.paths.map((path) => checkFileBlocking(path, within)) } satisfies FileCheckReply);
});
