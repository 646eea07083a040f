// Where uploads' bytes move: one worker thread runs every transfer's exchange (transfer.ts)
// and reads the files with blocking reads, each piece just before it is sent (pump.ts).
//
// Why (issue 33, uploads at wire speed): on the main thread the reads go through libuv's pool
// and are read ahead, and the profile of a 2 GiB upload put most of the gap to curl there:
// the read's copy on the pool threads and the hash, both on buffers gone cold in the caches,
// and the wake-ups of each hand-off. Against one loopback sink, CPU seconds per GB: the pump
// on the main thread 0.78-0.82, the same exchange on this thread 0.51-0.60, curl 0.46-0.64.
// Blocking reads are no harm here (nothing else waits on this thread) and would be on the
// main one (a slow disk or a dead network share would stall the window).
//
// The main thread keeps what the rest of the engine shares: the job's rows, the hold, the
// bandwidth limit's setting, the progress the window shows. The thread is told each hold and
// release and each new rate; it reports progress at most every PROGRESS_EVERY_MS (transfer-protocol.ts), asks before
// the last chunk (so "maybe received" is written and the hold sealed before those bytes leave,
// exactly as inline), and answers the reply with the content digest it took.
//
// The thread starts with the first transfer, does not keep the process alive, and stops after
// a minute without work. A thread that dies fails its transfers as retryable, saying whether
// their last chunk had left, so a file is looked for before it is sent again.
import type { Worker } from 'node:worker_threads';
import { said } from '../../../shared/said.ts';
import { OnDemandThread, type StartThread } from '../on-demand-thread.ts';
import type { TokenBucket } from './throttle.ts';
import { letLastChunkGo, sendFile, TransferError, type SendFile, type SentFile, type TransferInput } from './transfer.ts';
import type { FromTransferThread, ToTransferThread, WireTransfer } from './transfer-protocol.ts';

export type StartTransferWorker = StartThread;

interface Pending {
  thread: Worker;
  input: TransferInput;
  resolve: (sent: SentFile) => void;
  reject: (error: TransferError) => void;
  /** The main thread let the last chunk go: if the thread dies now, the body may have arrived. */
  lastChunkThrough: boolean;
  reported: number;
  /** Undoes the listeners this transfer added (abort, hold, rate). */
  cleanup: () => void;
}

let nextId = 1;
const pending = new Map<number, Pending>();
const bucketIds = new WeakMap<TokenBucket, number>();
let nextBucketId = 1;

const transferThread = new OnDemandThread<FromTransferThread>({
  source: new URL('./transfer.worker.ts', import.meta.url),
  // A few pieces of 512 KiB per transfer, the http and proxy modules: far below these.
  limits: { maxYoungGenerationSizeMb: 16, maxOldGenerationSizeMb: 128 },
  idleMs: 60_000,
  heard,
  lost: failTransfers,
  busy: (thread) => [...pending.values()].some((transfer) => transfer.thread === thread),
});

/** Run from source (Node, tests, the command line from the source tree): the TypeScript file beside this one. */
export const startTransferWorkerFromSource: StartTransferWorker = transferThread.fromSource;

/**
 * How the thread is started in this process. The shell names the built script beside its
 * bundle (out/main/upload-transfer.js, core-start.ts); from source the TypeScript file is
 * used. Where neither exists (the bundle run as the command line), null: transfers run inline.
 */
export function useTransferWorker(next: StartTransferWorker | null): void {
  transferThread.use(next);
}

/** The engine's default file-server port: on the transfer thread where this process has one, else inline. */
export const sendFileHere: SendFile = (input) => (transferThread.available ? sendOnThread(input) : sendFile(input));

function sendOnThread(input: TransferInput): Promise<SentFile> {
  if (input.signal.aborted) return Promise.reject(new TransferError('aborted', said('upload_stopped'), false));
  const thread = transferThread.forWork();
  const id = nextId++;
  let bucket = bucketIds.get(input.bucket);
  if (bucket === undefined) bucketIds.set(input.bucket, (bucket = nextBucketId++));
  return new Promise<SentFile>((resolve, reject) => {
    const onAbort = (): void => {
      // Settled here at once, as inline; the thread closes its request.
      settle(id)?.reject(new TransferError('aborted', said('upload_stopped'), false));
      thread.postMessage({ type: 'abort', id } satisfies ToTransferThread);
    };
    const unwatchHold = input.hold?.onChange((held) => thread.postMessage({ type: 'hold', id, held } satisfies ToTransferThread));
    const unwatchRate = input.bucket.onRateChange((rate) => thread.postMessage({ type: 'rate', bucket, rate } satisfies ToTransferThread));
    input.signal.addEventListener('abort', onAbort, { once: true });
    pending.set(id, {
      thread,
      input,
      resolve,
      reject,
      lastChunkThrough: false,
      reported: 0,
      cleanup: () => {
        input.signal.removeEventListener('abort', onAbort);
        unwatchHold?.();
        unwatchRate();
      },
    });
    thread.postMessage({ type: 'send', id, transfer: wireOf(input), held: input.hold?.held ?? false, bucket, rate: input.bucket.rate } satisfies ToTransferThread);
  });
}

function wireOf(input: TransferInput): WireTransfer {
  const { bucket: _bucket, signal: _signal, onProgress: _progress, onLastChunk: _last, onBodySent: _sent, hold: _hold, route, ...values } = input;
  return { ...values, ...(route ? { route: route.route } : {}) };
}

/** The transfer's entry, taken out and its listeners undone; undefined when it has settled already. */
function settle(id: number): Pending | undefined {
  const transfer = pending.get(id);
  if (!transfer) return undefined;
  pending.delete(id);
  transfer.cleanup();
  return transfer;
}

function heard(thread: Worker, message: FromTransferThread): void {
  const transfer = pending.get(message.id);
  if (!transfer) return;
  const progressed = (bytes: number): void => {
    if (bytes <= transfer.reported) return;
    transfer.reported = bytes;
    transfer.input.onProgress(bytes);
  };
  switch (message.type) {
    case 'progress':
      progressed(message.bytes);
      return;
    case 'last-chunk': {
      // As inline (sendFile): the thread may send the last bytes only once this says so.
      let through: boolean;
      try {
        through = letLastChunkGo(transfer.input);
      } catch (error) {
        settle(message.id)?.reject(new TransferError('network', said('upload_internal_see_log'), false, error));
        thread.postMessage({ type: 'abort', id: message.id } satisfies ToTransferThread);
        return;
      }
      transfer.lastChunkThrough = through;
      thread.postMessage({ type: 'last-chunk', id: message.id, through } satisfies ToTransferThread);
      return;
    }
    case 'body-sent':
      transfer.input.onBodySent();
      return;
    case 'done':
      progressed(message.bytes);
      settle(message.id)?.resolve(message.sent);
      return;
    case 'failed': {
      progressed(message.bytes);
      const { kind, said: why, maybeReceived, message: text } = message.failure;
      settle(message.id)?.reject(new TransferError(kind, why, maybeReceived, new Error(text)));
      return;
    }
  }
}

/** The thread died (a bug, or out of memory): its transfers fail as worth another try; the next transfer starts a new thread. */
function failTransfers(thread: Worker, error: Error): void {
  for (const [id, { thread: itsThread }] of [...pending]) {
    if (itsThread !== thread) continue;
    const transfer = settle(id)!;
    transfer.reject(new TransferError('network', said('upload_internal_see_log'), transfer.lastChunkThrough, error));
  }
}
