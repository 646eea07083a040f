// The thread subtitle preparation runs on (subtitle-prepare.worker.ts): detecting, decoding,
// repairing and checking a file of up to 1 MB takes up to a second of CPU, which on the main
// process would stall the window, the uploads' progress and the sync for that long. One
// thread serves the files one after another; it is started with the first file, does not keep
// the process alive, and stops after a minute without work. Its heap is bounded, so a file
// that needs more is refused instead of the app running out of memory.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { AppError, type ErrorShape } from '../../../shared/errors.ts';
import { said } from '../../../shared/said.ts';
import type { PreparedSubtitle } from './subtitle.ts';

/** One file for the thread, and its answer. */
export interface SubtitleJob {
  id: number;
  raw: Uint8Array;
  name: string;
  encoding: string | undefined;
}
export type SubtitleJobReply = { id: number; prepared: PreparedSubtitle } | { id: number; refused: ErrorShape };

export type StartSubtitleWorker = (options: WorkerOptions) => Worker;

const SOURCE_WORKER = new URL('./subtitle-prepare.worker.ts', import.meta.url);
/** Run from source (Node, tests, the command line from the source tree): the TypeScript file beside this one. */
export const startSubtitleWorkerFromSource: StartSubtitleWorker = (options) => new Worker(SOURCE_WORKER, options);

/** Enough for a 1 MB file split into lines many times over. */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 16, maxOldGenerationSizeMb: 256 };
const IDLE_MS = 60_000;

interface Pending {
  name: string;
  resolve: (prepared: PreparedSubtitle) => void;
  reject: (error: AppError) => void;
}

let start: StartSubtitleWorker | null = existsSync(fileURLToPath(SOURCE_WORKER)) ? startSubtitleWorkerFromSource : null;
let worker: Worker | null = null;
let idleTimer: NodeJS.Timeout | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

/**
 * How the thread is started in this process. The shell names the built script beside its
 * bundle (out/main/subtitle-prepare.js, electron/main/start.ts); from source the TypeScript
 * file is used. Where neither exists (the bundle run as the command line, with no window to
 * keep responsive), null: the preparation runs inline.
 */
export function useSubtitleWorker(next: StartSubtitleWorker | null): void {
  start = next;
  const old = worker;
  worker = null;
  // A thread with files under way answers them first (its message handler stops it after).
  if (old && pending.size === 0) void old.terminate();
}

/** Prepares on the thread; null when this process has no thread script (the caller prepares inline). */
export function prepareOnThread(raw: Uint8Array, name: string, encoding: string | undefined): Promise<PreparedSubtitle> | null {
  if (start === null) return null;
  const thread = running(start);
  const id = nextId++;
  return new Promise<PreparedSubtitle>((resolve, reject) => {
    pending.set(id, { name, resolve, reject });
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    thread.ref();
    thread.postMessage({ id, raw, name, encoding } satisfies SubtitleJob);
  });
}

function running(startWorker: StartSubtitleWorker): Worker {
  if (worker) return worker;
  const thread = startWorker({ resourceLimits: WORKER_LIMITS });
  worker = thread;
  thread.on('message', (reply: SubtitleJobReply) => {
    const job = pending.get(reply.id);
    pending.delete(reply.id);
    if (job) {
      if ('refused' in reply) job.reject(AppError.fromShape(reply.refused));
      // Structured cloning hands the bytes back as a plain Uint8Array.
      else job.resolve({ ...reply.prepared, bytes: Buffer.from(reply.prepared.bytes.buffer, reply.prepared.bytes.byteOffset, reply.prepared.bytes.byteLength) });
    }
    if (pending.size > 0) return;
    if (worker === thread) idle(thread);
    else void thread.terminate();
  });
  thread.once('error', (error) => lost(thread, error));
  thread.once('exit', (code) => lost(thread, new Error(`its thread stopped with code ${code}`)));
  return thread;
}

function idle(thread: Worker): void {
  thread.unref();
  idleTimer = setTimeout(() => {
    idleTimer = null;
    if (worker === thread && pending.size === 0) {
      worker = null;
      void thread.terminate();
    }
  }, IDLE_MS);
  idleTimer.unref();
}

/** The thread died (out of memory on a hostile file, or a bug): its files fail, the next file starts a new one. */
function lost(thread: Worker, error: Error): void {
  if (worker !== thread) return;
  worker = null;
  const outOfMemory = (error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY';
  for (const [id, job] of pending) {
    pending.delete(id);
    job.reject(
      outOfMemory
        ? new AppError('validation', said('subtitle_too_complex', { name: job.name }), { retryable: false })
        : new AppError('internal', said('subtitle_not_prepared', { name: job.name, detail: error.message }), { retryable: true, cause: error }),
    );
  }
}
