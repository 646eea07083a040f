// What crosses between the main thread and the transfer thread (transfer-thread.ts,
// transfer.worker.ts): a transfer's values out, and back its progress, the question before the
// last chunk, the body's end and the outcome. Callbacks stay on the main thread.
import type { Said } from '../../../shared/said.ts';
import type { ProxyRoute } from '../net/proxy-route.ts';
import type { SentFile, TransferError, TransferInput } from './transfer.ts';

/** A transfer's input as it crosses to the thread: the values, not the callbacks. */
export type WireTransfer = Omit<TransferInput, 'bucket' | 'signal' | 'onProgress' | 'onLastChunk' | 'onBodySent' | 'hold' | 'route'> & {
  route?: ProxyRoute;
};

/** A TransferError as it crosses back. */
export interface WireFailure {
  kind: TransferError['kind'];
  said: Said;
  maybeReceived: boolean;
  message: string;
}

export type ToTransferThread =
  | { type: 'send'; id: number; transfer: WireTransfer; held: boolean; bucket: number; rate: number | null }
  | { type: 'abort'; id: number }
  | { type: 'hold'; id: number; held: boolean }
  | { type: 'rate'; bucket: number; rate: number | null }
  | { type: 'last-chunk'; id: number; through: boolean };

export type FromTransferThread =
  | { type: 'progress'; id: number; bytes: number }
  | { type: 'last-chunk'; id: number }
  | { type: 'body-sent'; id: number }
  | { type: 'done'; id: number; sent: SentFile; bytes: number }
  | { type: 'failed'; id: number; failure: WireFailure; bytes: number };

/** Progress reports from the thread, at most one per transfer this often (the window redraws every 250 ms). */
export const PROGRESS_EVERY_MS = 100;
