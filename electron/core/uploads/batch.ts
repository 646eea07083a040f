// Batch bookkeeping: the jobs added (or resumed, or retried) since the queue was last idle
// form one batch; when nothing is left to run, the shell shows one notification for it.
import type { UploadStore } from './store.ts';
import { Listeners } from '../listeners.ts';

export interface BatchResult {
  done: number;
  failed: number;
}

type Figures = ReturnType<UploadStore['figures']>;

export class BatchTracker {
  readonly #store: UploadStore;
  readonly #now: () => number;
  readonly #listeners = new Listeners<[result: BatchResult]>();
  #batch: (BatchResult & { startedAt: number }) | null = null;

  constructor(store: UploadStore, now: () => number) {
    this.#store = store;
    this.#now = now;
  }

  onFinished(listener: (result: BatchResult) => void): () => void {
    return this.#listeners.add(listener);
  }

  open(): void {
    this.#batch ??= { done: 0, failed: 0, startedAt: this.#now() };
  }

  count(outcome: 'done' | 'failed'): void {
    this.open();
    if (this.#batch) this.#batch[outcome]++;
  }

  /** Ends the batch when nothing runs and nothing waits: its listeners hear the result once. */
  settle(running: number): void {
    const batch = this.#batch;
    if (!batch || running > 0) return;
    const figures = this.#store.figures(batch.startedAt);
    if (figures.waiting > 0 || figures.active > 0) return;
    this.#batch = null;
    if (batch.done + batch.failed === 0) return;
    this.#listeners.notify({ done: batch.done, failed: batch.failed });
  }

  /** The queue's figures, with this batch's finished jobs counted in (none while there is no batch). */
  figures(): Figures {
    // Not "since now" while idle: the figures are kept until a job changes (store.ts), and a
    // time that moves with every call read the sums again each time (~9 ms on 10,000 jobs, in
    // each list of the accounts at start with a paused queue; issue 33).
    return this.#store.figures(this.#batch?.startedAt ?? null);
  }
}
