// Moves a file's bytes from disk onto a request body: reads of a piece each (transfer.ts's
// READ_CHUNK) into a small pool of buffers that are reused once the socket has written them.
// Profiling a 1 GiB upload showed a third of the engine's CPU in the garbage collector when
// every read allocated a fresh buffer (a stream's way); reusing a few (two on the transfer
// thread, four with the pool's reads ahead) removes that work and keeps memory flat whatever
// the file size.
//
// The main thread is the upload's narrowest point (issue 33's profile of a 1 GiB upload on
// loopback: the socket writes ~0.5 and the SHA-256 tap ~0.6 CPU seconds per GB, both on this
// thread, against ~0.65 for all of curl; the tap is XXH3 since, ~0.07), and it waited seconds
// per GB for reads on a busy machine (libuv's pool threads wait their turn for a core). So the
// next pieces are read while this one is written and hashed, and each piece is handed to the
// socket before it is hashed, so the receiving end works on it meanwhile.
//
// On the transfer thread (transfer-thread.ts) reads block instead, each piece read just before
// it is sent: nothing else waits on that thread, and a 2 GiB upload on loopback cost 0.51-0.60
// CPU seconds per GB that way against 0.78-0.82 with the pool's reads ahead (the hand-offs to
// libuv's pool threads, and buffers gone cold in the caches by the time they are sent).
import { readSync } from 'node:fs';
import { openIdentified } from '../files/file-identity.ts';
import type { Writable } from 'node:stream';
import type { TokenBucket } from './throttle.ts';
import type { TransferHold } from './hold.ts';
import { said, type Said } from '../../../shared/said.ts';
import { sayInEnglish } from '../../../shared/i18n/say-english.ts';

export interface PumpInput {
  path: string;
  /** The file the job was queued with: the handle read must be that file (issue 18 item 5). Without it, only the size is checked. */
  identity?: { dev: string | null; ino: string | null; mtimeMs: number };
  /** Bytes to send: the size the job was queued with. */
  size: number;
  chunkSize: number;
  bucket: TokenBucket;
  signal: AbortSignal;
  /** Bytes the socket has written so far (each call after a write completed). */
  onProgress: (bytesWritten: number) => void;
  /**
   * Asked once the last slice is through the gate, before its bytes are handed to the socket:
   * seals the hold and records that the body may arrive, together; false when a pause came
   * first (then the slice waits at the hold and asks again).
   */
  lastChunk: () => boolean | Promise<boolean>;
  /** A pause that keeps the connection: no slice is written while it holds (hold.ts). */
  hold?: TransferHold;
  /** Read with blocking reads, each piece just before it is sent (only off the main thread: see above). */
  blockingReads?: boolean;
  /** Each piece as it is sent, in file order, before its buffer is reused (the content hash). */
  onRead?: (bytes: Uint8Array) => void;
}

/** The file got shorter while it was being read: what is sent would not be the file. */
export class FileShrankError extends Error {
  readonly said: Said = said('file_shrank');
  constructor() {
    super(sayInEnglish(said('file_shrank')));
    this.name = 'FileShrankError';
  }
}

/** Pieces read ahead of the one being sent, with the pool's reads. */
const READ_AHEAD = 2;

export async function pumpFile(target: Writable, input: PumpInput): Promise<void> {
  // Never through a link; the queued file's identity when known (a shrink while reading is
  // FileShrankError below).
  const handle = await openIdentified(input.path, input.identity ? { ...input.identity, size: input.size } : {});
  // Pieces being read or sent at once; their buffers, and one the socket has not finished writing.
  const inFlight = input.blockingReads ? 1 : READ_AHEAD + 1;
  const pool = new BufferPool(inFlight + 1, input.chunkSize, input.signal);
  // A piece is read whole at its offset, so reads ahead need not wait for the ones before
  // them; a read that comes up short is continued, and one that finds the end early means the
  // file got shorter.
  const readPiece = async (position: number): Promise<{ buffer: Buffer; bytesRead: number }> => {
    const buffer = await pool.take();
    const want = Math.min(input.chunkSize, input.size - position);
    let bytesRead = 0;
    while (bytesRead < want) {
      const read = input.blockingReads
        ? readSync(handle.fd, buffer, bytesRead, want - bytesRead, position + bytesRead)
        : (await handle.read(buffer, bytesRead, want - bytesRead, position + bytesRead)).bytesRead;
      if (read === 0) throw new FileShrankError();
      bytesRead += read;
    }
    return { buffer, bytesRead };
  };
  const ahead: Array<Promise<{ buffer: Buffer; bytesRead: number }>> = [];
  let readFrom = 0;
  const readAhead = (): void => {
    while (ahead.length < inFlight && readFrom < input.size) {
      const reading = readPiece(readFrom);
      // It may fail while an earlier piece waits for the bucket or the hold: it is awaited
      // (and its failure thrown) in its turn, never left unhandled.
      reading.catch(() => {});
      ahead.push(reading);
      readFrom += Math.min(input.chunkSize, input.size - readFrom);
    }
  };
  let written = 0;
  let failure: Error | null = null;
  const socket = new SocketRoom(target, input.signal);
  try {
    for (let position = 0; ; ) {
      readAhead();
      if (ahead.length === 0) break;
      input.signal.throwIfAborted();
      if (failure) throw failure;
      const { buffer, bytesRead } = await ahead.shift()!;
      position += bytesRead;
      const sliceSize = Math.min(bytesRead, input.bucket.sliceSize());
      for (let offset = 0; offset < bytesRead; offset += sliceSize) {
        const slice = buffer.subarray(offset, Math.min(bytesRead, offset + sliceSize));
        const endOfBuffer = offset + slice.length === bytesRead;
        // Without a limit or a pause nothing is awaited: a wait per piece costs CPU on every GB.
        if (!input.bucket.open) await input.bucket.take(slice.length, input.signal);
        for (;;) {
          // After the bucket: a pause that came while waiting for it holds this very slice.
          if (input.hold?.held) await input.hold.passage(input.signal);
          if (!(endOfBuffer && position >= input.size)) break;
          // Asked at once after the gate; it says no when a pause slipped in before it.
          if (await input.lastChunk()) break;
        }
        const ready = target.write(slice, (error) => {
          if (error) failure ??= error;
          else {
            written += slice.length;
            input.onProgress(written);
          }
          // Writes complete in order: after the buffer's last slice, all of it is written.
          if (endOfBuffer) pool.give(buffer);
        });
        // The whole piece is handed on and its buffer is still ours (a write's callback never
        // runs synchronously): hashed now, before anything can be awaited and it be reused.
        if (endOfBuffer) input.onRead?.(buffer.subarray(0, bytesRead));
        if (!ready) await socket.room();
      }
    }
    await pool.all();
    if (failure) throw failure;
  } finally {
    socket.close();
    await handle.close();
  }
}

/**
 * Waits until the socket takes more: one set of listeners for the whole file, not one per
 * piece (adding and removing four listeners for each MiB showed in the upload's profile).
 */
class SocketRoom {
  readonly #target: Writable;
  readonly #signal: AbortSignal;
  #waiting: (() => void) | null = null;
  readonly #wake = (): void => {
    const waiting = this.#waiting;
    this.#waiting = null;
    waiting?.();
  };

  constructor(target: Writable, signal: AbortSignal) {
    this.#target = target;
    this.#signal = signal;
    target.on('drain', this.#wake);
    // A destroyed request never drains: the transfer's own error path reports why.
    target.on('close', this.#wake);
    signal.addEventListener('abort', this.#wake);
  }

  async room(): Promise<void> {
    this.#signal.throwIfAborted();
    if (!this.#target.writableNeedDrain || this.#target.destroyed) return;
    await new Promise<void>((resolve) => {
      this.#waiting = resolve;
    });
    this.#signal.throwIfAborted();
  }

  close(): void {
    this.#target.off('drain', this.#wake);
    this.#target.off('close', this.#wake);
    this.#signal.removeEventListener('abort', this.#wake);
  }
}

/** A few reusable buffers; taking one waits until the socket has given one back. */
class BufferPool {
  readonly #free: Buffer[];
  readonly #size: number;
  readonly #signal: AbortSignal;
  /** Takers waiting for a buffer, served in order. */
  readonly #waiters: Array<(buffer: Buffer) => void> = [];

  constructor(count: number, bytes: number, signal: AbortSignal) {
    this.#free = Array.from({ length: count }, () => Buffer.allocUnsafe(bytes));
    this.#size = count;
    this.#signal = signal;
  }

  take(): Promise<Buffer> {
    const buffer = this.#free.pop();
    if (buffer) return Promise.resolve(buffer);
    // Already stopped: a buffer the socket will never give back must not be waited for.
    if (this.#signal.aborted) return Promise.reject(this.#signal.reason);
    return new Promise((resolve, reject) => {
      const waiter = (given: Buffer) => {
        this.#signal.removeEventListener('abort', aborted);
        resolve(given);
      };
      const aborted = () => {
        this.#waiters.splice(this.#waiters.indexOf(waiter), 1);
        reject(this.#signal.reason);
      };
      this.#signal.addEventListener('abort', aborted, { once: true });
      this.#waiters.push(waiter);
    });
  }

  give(buffer: Buffer): void {
    const waiter = this.#waiters.shift();
    if (waiter) waiter(buffer);
    else this.#free.push(buffer);
  }

  /** Resolves once every buffer is back: every write has completed. */
  async all(): Promise<void> {
    const taken: Buffer[] = [];
    while (taken.length < this.#size) taken.push(await this.take());
    for (const buffer of taken) this.give(buffer);
  }
}
