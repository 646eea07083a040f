// The transfer thread (see transfer-thread.ts): each upload's exchange with its file server,
// its file read with blocking reads, and what the main thread must hear of it.
import { parentPort } from 'node:worker_threads';
import { said } from '../../../shared/said.ts';
import { ProxyAgents } from '../net/proxy-agents.ts';
import { TransferHold } from './hold.ts';
import { TokenBucket } from './throttle.ts';
import { exchange, TransferError } from './transfer.ts';
import { PROGRESS_EVERY_MS, type FromTransferThread, type ToTransferThread, type WireFailure } from './transfer-protocol.ts';

const port = parentPort;
if (port === null) throw new Error('transfer.worker.ts runs as a worker thread');
const tell = (message: FromTransferThread): void => port.postMessage(message);

interface Running {
  controller: AbortController;
  hold: TransferHold;
  /** The main thread's answer to "may the last chunk go?", awaited by the pump. */
  answerLastChunk: ((through: boolean) => void) | null;
}

const running = new Map<number, Running>();
/** The main thread's buckets (an engine's bandwidth limit each), kept at their rates here. */
const buckets = new Map<number, TokenBucket>();
/** Upload connections are fresh ones (never pooled); through a proxy, a tunnel each. */
const agents = new ProxyAgents();

port.on('message', (message: ToTransferThread) => {
  switch (message.type) {
    case 'send':
      send(message);
      return;
    case 'abort':
      running.get(message.id)?.controller.abort();
      return;
    case 'hold': {
      const hold = running.get(message.id)?.hold;
      if (message.held) hold?.hold();
      else hold?.release();
      return;
    }
    case 'rate':
      buckets.get(message.bucket)?.setRate(message.rate);
      return;
    case 'last-chunk': {
      const transfer = running.get(message.id);
      const answer = transfer?.answerLastChunk;
      if (!transfer || !answer) return;
      transfer.answerLastChunk = null;
      if (message.through) transfer.hold.seal();
      answer(message.through);
      return;
    }
  }
});

function bucketFor(id: number, rate: number | null): TokenBucket {
  let bucket = buckets.get(id);
  if (!bucket) buckets.set(id, (bucket = new TokenBucket(rate, Date.now)));
  else if (bucket.rate !== rate) bucket.setRate(rate);
  return bucket;
}

function send({ id, transfer, held, bucket, rate }: Extract<ToTransferThread, { type: 'send' }>): void {
  const self: Running = { controller: new AbortController(), hold: new TransferHold(), answerLastChunk: null };
  if (held) self.hold.hold();
  running.set(id, self);
  let written = 0;
  let reportedAt = 0;
  const { route, ...values } = transfer;
  exchange(
    {
      ...values,
      ...(route ? { route: { route, agent: agents.agentFor(route, 'fresh') } } : {}),
      bucket: bucketFor(bucket, rate),
      signal: self.controller.signal,
      hold: self.hold,
      onProgress: (bytes) => {
        written = bytes;
        const now = Date.now();
        if (now - reportedAt < PROGRESS_EVERY_MS) return;
        reportedAt = now;
        tell({ type: 'progress', id, bytes });
      },
      onBodySent: () => tell({ type: 'body-sent', id }),
    },
    {
      blockingReads: true,
      // The exchange may end while the question is out (stopped, timed out): the pump then
      // stops waiting for an answer that may never come.
      lastChunk: (signal) =>
        new Promise<boolean>((resolve, reject) => {
          if (signal.aborted) return reject(signal.reason);
          const aborted = (): void => {
            self.answerLastChunk = null;
            reject(signal.reason);
          };
          signal.addEventListener('abort', aborted, { once: true });
          self.answerLastChunk = (through) => {
            signal.removeEventListener('abort', aborted);
            resolve(through);
          };
          tell({ type: 'last-chunk', id });
        }),
    },
  ).then(
    (sent) => {
      running.delete(id);
      tell({ type: 'done', id, sent, bytes: written });
    },
    (error: unknown) => {
      running.delete(id);
      tell({ type: 'failed', id, failure: wireFailure(error), bytes: written });
    },
  );
}

function wireFailure(error: unknown): WireFailure {
  if (error instanceof TransferError) return { kind: error.kind, said: error.said, maybeReceived: error.maybeReceived, message: error.message };
  // exchange() fails with TransferErrors only; anything else is a bug here, worth another try.
  const message = error instanceof Error ? error.message : String(error);
  return { kind: 'network', said: said('upload_internal_see_log'), maybeReceived: true, message };
}
