// Where the files of a drop or a watched folder are checked before they are queued
// (file-check.ts): on a worker thread, with blocking calls.
//
// Why (issue 33, a drop of 10,000 files): checked on the main thread through fs/promises, each
// file took four hand-offs to libuv's pool and back (lstat, open, read, close); the CPU
// profile of the drop put ~1.07 s of its ~1.8 s in that walk, the main thread 92% busy, most
// of it in the hand-offs themselves. The same checks as blocking calls cost a fifth of the CPU
// and a quarter of the time (10,000 files of a folder tree, this machine: 160-200 ms against
// 560-780 ms). Blocking calls are no harm on this thread and would be on the main one (a slow
// disk or a dead network share would stall the window).
//
// The paths go in chunks, answered in order. The thread starts with the first chunk, does not
// keep the process alive, and stops after a minute without work (on-demand-thread.ts). Where
// no thread script is set (the bundle run as the command line, which has no window to keep
// responsive; the simulation, which sets none so that its schedules replay from their seed
// alone, test/sim/run.ts), or a thread dies with chunks under way, those chunks are checked
// inline.
import type { Worker } from 'node:worker_threads';
import { OnDemandThread, type StartThread } from '../on-demand-thread.ts';
import { checkFileBlocking, type Checked } from './file-check.ts';

/** Paths per message: small enough for the first answers to come soon, large enough that messages cost nothing. */
const CHUNK_PATHS = 256;

export interface FileCheckChunk {
  id: number;
  paths: string[];
  /** ExpandOptions.within, or null. */
  within: string | null;
}
export interface FileCheckReply {
  id: number;
  checked: Checked[];
}

export type StartFileCheckWorker = StartThread;

interface Pending {
  thread: Worker;
  chunk: FileCheckChunk;
  resolve: (checked: Checked[]) => void;
}

let nextId = 1;
const pending = new Map<number, Pending>();

const fileCheckThread = new OnDemandThread<FileCheckReply>({
  source: new URL('./file-check.worker.ts', import.meta.url),
  // 256 paths and their answers at a time: far below these.
  limits: { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 64 },
  idleMs: 60_000,
  heard: (_thread, reply) => {
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    waiting?.resolve(reply.checked);
  },
  lost: checkLostChunksInline,
  busy: (thread) => [...pending.values()].some((waiting) => waiting.thread === thread),
});

/** Run from source (Node, tests, the command line from the source tree): the TypeScript file beside this one. */
export const startFileCheckWorkerFromSource: StartFileCheckWorker = fileCheckThread.fromSource;

/**
 * How the thread is started in this process. The shell names the built script beside its
 * bundle (out/main/file-check.js, electron/main/core-start.ts); from source the TypeScript
 * file is used; null: the files are checked inline.
 */
export function useFileCheckWorker(next: StartFileCheckWorker | null): void {
  fileCheckThread.use(next);
}

/** Checks `paths` (see checkFileBlocking), answered in their order. */
export async function checkFiles(paths: readonly string[], within: string | undefined): Promise<Checked[]> {
  const chunks: FileCheckChunk[] = [];
  for (let at = 0; at < paths.length; at += CHUNK_PATHS) chunks.push({ id: nextId++, paths: paths.slice(at, at + CHUNK_PATHS), within: within ?? null });
  const answers = await Promise.all(chunks.map((chunk) => (fileCheckThread.available ? checkOnThread(chunk) : checkInline(chunk))));
  return answers.flat();
}

function checkOnThread(chunk: FileCheckChunk): Promise<Checked[]> {
  const thread = fileCheckThread.forWork();
  return new Promise<Checked[]>((resolve) => {
    pending.set(chunk.id, { thread, chunk, resolve });
    thread.postMessage(chunk);
  });
}

/** The same blocking checks on this thread. */
function checkInline(chunk: FileCheckChunk): Promise<Checked[]> {
  const within = chunk.within ?? undefined;
  return Promise.resolve(chunk.paths.map((path) => checkFileBlocking(path, within)));
}

/** The thread died (a bug, or out of memory): its chunks are checked inline; the next drop starts a new thread. */
function checkLostChunksInline(thread: Worker): void {
  for (const [id, waiting] of pending) {
    if (waiting.thread !== thread) continue;
    pending.delete(id);
    void checkInline(waiting.chunk).then(waiting.resolve);
  }
}
