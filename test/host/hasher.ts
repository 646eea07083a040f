// sha256 of uploads, computed off the main thread: the file server's event loop then only
// parses multipart, so an in-process client (tests, benchmarks) is not starved by hashing.
// Bytes go to the worker in 1 MiB transferred buffers, with flow control so a slow hasher
// pauses the upload instead of queueing memory. Falls back to inline hashing if no worker.
import { createHash } from 'node:crypto';
import type { Hash } from 'node:crypto';
import { Worker } from 'node:worker_threads';

const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const jobs = new Map();
parentPort.on('message', (m) => {
  if (m.op === 'start') jobs.set(m.id, createHash('sha256'));
  else if (m.op === 'data') { const h = jobs.get(m.id); if (h) h.update(new Uint8Array(m.buf, 0, m.n)); parentPort.postMessage({ op: 'ack', id: m.id, n: m.n, buf: m.buf }, [m.buf]); }
  else if (m.op === 'end') { const h = jobs.get(m.id); jobs.delete(m.id); parentPort.postMessage({ op: 'done', id: m.id, hex: h ? h.digest('hex') : '' }); }
  else if (m.op === 'abort') jobs.delete(m.id);
});
`;

const BATCH = 1024 * 1024;
const HIGH = 4 * BATCH;
const LOW = 2 * BATCH;

export interface HashJob {
  /** false: stop feeding until `onDrain` fires. */
  update(chunk: Buffer): boolean;
  onDrain(fn: () => void): void;
  digest(): Promise<string>;
  abort(): void;
}

type WorkerMsg = { op: 'ack'; id: number; n: number; buf: ArrayBuffer } | { op: 'done'; id: number; hex: string };

interface Remote {
  inFlight: number;
  drain?: () => void;
  done?: (hex: string) => void;
  fail?: (e: Error) => void;
}

export class Hasher {
  private worker: Worker | undefined;
  private broken = false;
  private nextId = 1;
  private readonly jobs = new Map<number, Remote>();
  private readonly useWorker: boolean;
  /** Batches come back from the worker with each ack and are reused: no per-MiB garbage. */
  private readonly free: ArrayBuffer[] = [];

  constructor(useWorker: boolean) {
    this.useWorker = useWorker;
  }

  private ensureWorker(): Worker | undefined {
    if (!this.useWorker || this.broken) return undefined;
    if (this.worker) return this.worker;
    try {
      const w = new Worker(WORKER_SOURCE, { eval: true });
      w.unref();
      w.on('message', (m: WorkerMsg) => {
        if (m.op === 'ack' && this.free.length < 8) this.free.push(m.buf);
        const job = this.jobs.get(m.id);
        if (!job) return;
        if (m.op === 'ack') {
          job.inFlight -= m.n;
          if (job.drain && job.inFlight <= LOW) {
            const d = job.drain;
            delete job.drain;
            d();
          }
        } else {
          this.jobs.delete(m.id);
          job.done?.(m.hex);
        }
      });
      w.on('error', (e) => this.crash(e));
      w.on('exit', () => {
        if (this.worker === w) this.crash(new Error('hash worker exited'));
      });
      this.worker = w;
      return w;
    } catch {
      this.broken = true;
      return undefined;
    }
  }

  private crash(e: Error): void {
    this.worker = undefined;
    this.broken = true;
    for (const job of this.jobs.values()) job.fail?.(e);
    this.jobs.clear();
  }

  start(): HashJob {
    const worker = this.ensureWorker();
    if (!worker) return inlineJob(createHash('sha256'));
    const id = this.nextId++;
    const remote: Remote = { inFlight: 0 };
    this.jobs.set(id, remote);
    worker.postMessage({ op: 'start', id });
    const take = (): Uint8Array => new Uint8Array(this.free.pop() ?? new ArrayBuffer(BATCH));
    let batch = take();
    let filled = 0;
    const flush = (): void => {
      if (filled === 0) return;
      const buf = batch.buffer as ArrayBuffer;
      remote.inFlight += filled;
      worker.postMessage({ op: 'data', id, buf, n: filled }, [buf]);
      batch = take();
      filled = 0;
    };
    return {
      update(chunk) {
        let offset = 0;
        while (offset < chunk.length) {
          const n = Math.min(BATCH - filled, chunk.length - offset);
          batch.set(chunk.subarray(offset, offset + n), filled);
          filled += n;
          offset += n;
          if (filled === BATCH) flush();
        }
        return remote.inFlight < HIGH;
      },
      onDrain(fn) {
        if (remote.inFlight <= LOW) fn();
        else remote.drain = fn;
      },
      digest: () => {
        flush();
        if (this.free.length < 8) this.free.push(batch.buffer as ArrayBuffer);
        return new Promise<string>((resolve, reject) => {
          remote.done = resolve;
          remote.fail = reject;
          worker.postMessage({ op: 'end', id });
        });
      },
      abort: () => {
        this.jobs.delete(id);
        worker.postMessage({ op: 'abort', id });
      },
    };
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = undefined;
    this.broken = true;
    this.jobs.clear();
    if (w) await w.terminate();
  }
}

function inlineJob(hash: Hash): HashJob {
  return {
    update(chunk) {
      hash.update(chunk);
      return true;
    },
    onDrain(fn) {
      fn();
    },
    digest: () => Promise.resolve(hash.digest('hex')),
    abort() {},
  };
}
