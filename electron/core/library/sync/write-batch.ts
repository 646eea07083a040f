// Groups the sync's cache writes into fewer, larger transactions.
//
// Why: videos are keyed by the service's random ids, so the UNIQUE id index takes each new
// row on a random leaf page. A commit writes every page it dirtied to the WAL, so a
// transaction per folder page (~250 rows) wrote most of that index again each time: COMMIT
// was ~40% of a first sync's CPU in the profile of `npm run bench -- library` (issue 16).
// Batching several folders' writes into one transaction writes each page once per batch.
//
// Each queued write runs in its own SAVEPOINT inside the batch's transaction: one that throws
// is undone alone and its caller gets the error; the others commit. Writes run in the order
// queued, when `maxRows` rows are waiting or `maxDelayMs` after the first one was queued.
import type { Db } from '../../db/database.ts';
import { cacheWrite } from '../store-rows.ts';

interface Queued {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export interface WriteBatchOptions {
  /** Flush at once when this many rows are waiting (default 5,000). */
  maxRows?: number;
  /** Otherwise flush this long after the first queued write (default 40 ms). */
  maxDelayMs?: number;
}

export class WriteBatch {
  readonly #db: Db;
  readonly #maxRows: number;
  readonly #maxDelayMs: number;
  #queue: Queued[] = [];
  #rows = 0;
  #timer: NodeJS.Timeout | null = null;

  constructor(db: Db, options: WriteBatchOptions = {}) {
    this.#db = db;
    this.#maxRows = options.maxRows ?? 5_000;
    this.#maxDelayMs = options.maxDelayMs ?? 40;
  }

  /** Runs `work` in the next batch; `rows` is about how many rows it writes. */
  run<T>(rows: number, work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      this.#rows += Math.max(1, rows);
      if (this.#rows >= this.#maxRows) this.flush();
      else if (this.#timer === null) {
        // A real timer that keeps the process alive: queued writes must land before a CLI exits.
        this.#timer = setTimeout(() => this.flush(), this.#maxDelayMs);
      }
    });
  }

  /** Runs every queued write now, in one transaction. */
  flush(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    const queue = this.#queue;
    this.#queue = [];
    this.#rows = 0;
    if (queue.length === 0) return;
    const outcomes: (() => void)[] = [];
    try {
      cacheWrite(this.#db, () => {
        for (const item of queue) {
          this.#db.exec('SAVEPOINT batch_write');
          try {
            const value = item.work();
            this.#db.exec('RELEASE batch_write');
            outcomes.push(() => item.resolve(value));
          } catch (error) {
            this.#db.exec('ROLLBACK TO batch_write');
            this.#db.exec('RELEASE batch_write');
            outcomes.push(() => item.reject(error));
          }
        }
      });
    } catch (error) {
      // The commit itself failed (disk full...): nothing of the batch was written.
      for (const item of queue) item.reject(error);
      return;
    }
    for (const settle of outcomes) settle();
  }
}
