// The global bandwidth limit: one token bucket shared by every running upload. Waiters are
// served first come, first served and ask for small slices, so concurrent uploads take
// turns and share the rate fairly. Without a limit, `take` resolves at once.

import { realTimers, type Timers } from '../timers.ts';
import { Listeners } from '../listeners.ts';

interface Waiter {
  bytes: number;
  resolve: () => void;
  reject: (error: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

export class TokenBucket {
  #rate: number | null;
  #tokens = 0;
  #updatedAt: number;
  readonly #queue: Waiter[] = [];
  #timer: unknown = null;
  readonly #now: () => number;
  readonly #timers: Timers;
  readonly #rateListeners = new Listeners<[rate: number | null]>();

  constructor(rate: number | null, now: () => number, timers: Timers = realTimers) {
    this.#now = now;
    this.#timers = timers;
    this.#rate = rate;
    this.#updatedAt = now();
    this.#tokens = this.#burst();
  }

  get rate(): number | null {
    return this.#rate;
  }

  setRate(rate: number | null): void {
    this.#refill();
    this.#rate = rate;
    this.#tokens = Math.min(this.#tokens, this.#burst());
    this.#serve();
    this.#rateListeners.notify(rate);
  }

  /** Told each new rate (the transfer thread keeps its own bucket at it: transfer-thread.ts). */
  onRateChange(listener: (rate: number | null) => void): () => void {
    return this.#rateListeners.add(listener);
  }

  /** No limit and nobody waiting: `take` would resolve at once, so it need not be awaited. */
  get open(): boolean {
    return this.#rate === null && this.#queue.length === 0;
  }

  /** The largest slice one waiter should ask for: a quarter second of the rate. */
  sliceSize(): number {
    return this.#rate === null ? Number.POSITIVE_INFINITY : Math.max(1024, Math.floor(this.#rate / 4));
  }

  take(bytes: number, signal?: AbortSignal): Promise<void> {
    if (this.#rate === null && this.#queue.length === 0) return Promise.resolve();
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        bytes,
        resolve,
        reject,
        signal,
        onAbort: () => {
          const index = this.#queue.indexOf(waiter);
          if (index >= 0) this.#queue.splice(index, 1);
          reject(signal?.reason);
          this.#serve();
        },
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      this.#queue.push(waiter);
      this.#serve();
    });
  }

  #burst(): number {
    return this.#rate === null ? 0 : Math.max(this.sliceSize(), Math.floor(this.#rate / 2));
  }

  #refill(): void {
    const now = this.#now();
    if (this.#rate !== null) this.#tokens = Math.min(this.#burst(), this.#tokens + ((now - this.#updatedAt) * this.#rate) / 1000);
    this.#updatedAt = now;
  }

  #serve(): void {
    if (this.#timer !== null) {
      this.#timers.clearTimeout(this.#timer);
      this.#timer = null;
    }
    this.#refill();
    for (;;) {
      const head = this.#queue[0];
      if (!head) return;
      if (this.#rate !== null) {
        // A slice bigger than the burst could never be served: it may overdraw the bucket.
        const need = Math.min(head.bytes, this.#burst());
        if (this.#tokens < need) {
          const waitMs = Math.ceil(((need - this.#tokens) * 1000) / this.#rate);
          this.#timer = this.#timers.setTimeout(() => {
            this.#timer = null;
            this.#serve();
          }, waitMs);
          return;
        }
        this.#tokens -= head.bytes;
      }
      this.#queue.shift();
      head.signal?.removeEventListener('abort', head.onAbort);
      head.resolve();
    }
  }
}
