// The thread subtitle preparation runs on (subtitle-prepare.worker.ts): detecting, decoding,
// repairing and checking a file of up to 1 MB takes up to a second of CPU, which on the main
// process would stall the window, the uploads' progress and the sync for that long. One
// thread serves the files one after another; it is started with the first file, does not keep
// the process alive, and stops after a minute without work (on-demand-thread.ts). Its heap is
// bounded, so a file that needs more is refused instead of the app running out of memory.
import type { Worker } from 'node:worker_threads';
import { AppError, type ErrorShape } from '../../../shared/errors.ts';
import { said } from '../../../shared/said.ts';
import { OnDemandThread, type StartThread } from '../on-demand-thread.ts';
import type { PreparedSubtitle } from './subtitle.ts';

/** One file for the thread, and its answer. */
export interface SubtitleJob {
  id: number;
  raw: Uint8Array;
  name: string;
  encoding: string | undefined;
}
export type SubtitleJobReply = { id: number; prepared: PreparedSubtitle } | { id: number; refused: ErrorShape };

export type StartSubtitleWorker = StartThread;

interface Pending {
  thread: Worker;
  name: string;
  resolve: (prepared: PreparedSubtitle) => void;
  reject: (error: AppError) => void;
}

let nextId = 1;
const pending = new Map<number, Pending>();

const subtitleThread = new OnDemandThread<SubtitleJobReply>({
  source: new URL('./subtitle-prepare.worker.ts', import.meta.url),
  // Enough for a 1 MB file split into lines many times over.
  limits: { maxYoungGenerationSizeMb: 16, maxOldGenerationSizeMb: 256 },
  idleMs: 60_000,
  heard: (_thread, reply) => {
    const job = pending.get(reply.id);
    pending.delete(reply.id);
    if (!job) return;
    if ('refused' in reply) job.reject(AppError.fromShape(reply.refused));
    // Structured cloning hands the bytes back as a plain Uint8Array.
    else job.resolve({ ...reply.prepared, bytes: Buffer.from(reply.prepared.bytes.buffer, reply.prepared.bytes.byteOffset, reply.prepared.bytes.byteLength) });
  },
  lost: failFiles,
  busy: (thread) => [...pending.values()].some((job) => job.thread === thread),
});

/** Run from source (Node, tests, the command line from the source tree): the TypeScript file beside this one. */
export const startSubtitleWorkerFromSource: StartSubtitleWorker = subtitleThread.fromSource;

/**
 * How the thread is started in this process. The shell names the built script beside its
 * bundle (out/main/subtitle-prepare.js, electron/main/core-start.ts); from source the
 * TypeScript file is used. Where neither exists (the bundle run as the command line, with no
 * window to keep responsive), null: the preparation runs inline.
 */
export function useSubtitleWorker(next: StartSubtitleWorker | null): void {
  subtitleThread.use(next);
}

/** Prepares on the thread; null when this process has no thread script (the caller prepares inline). */
export function prepareOnThread(raw: Uint8Array, name: string, encoding: string | undefined): Promise<PreparedSubtitle> | null {
  if (!subtitleThread.available) return null;
  const thread = subtitleThread.forWork();
  const id = nextId++;
  return new Promise<PreparedSubtitle>((resolve, reject) => {
    pending.set(id, { thread, name, resolve, reject });
    thread.postMessage({ id, raw, name, encoding } satisfies SubtitleJob);
  });
}

/** The thread died (out of memory on a hostile file, or a bug): its files fail, the next file starts a new one. */
function failFiles(thread: Worker, error: Error): void {
  const outOfMemory = (error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY';
  for (const [id, job] of pending) {
    if (job.thread !== thread) continue;
    pending.delete(id);
    job.reject(
      outOfMemory
        ? new AppError('validation', said('subtitle_too_complex', { name: job.name }), { retryable: false })
        : new AppError('internal', said('subtitle_not_prepared', { name: job.name, detail: error.message }), { retryable: true, cause: error }),
    );
  }
}
