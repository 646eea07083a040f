// A clock and timers the test moves by hand: no real waiting, no timing assertions.
import type { Timers } from '../../../../electron/core/timers.ts';

/** Lets every promise continuation queued so far run. */
export const flush = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** A clock and timers moved by hand: no real waiting, no timing assertions. */
export class ManualTime implements Timers {
  now = 0;
  #timers: { at: number; fn: () => void; id: number }[] = [];
  #next = 1;
  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.#next++;
    this.#timers.push({ at: this.now + ms, fn, id });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.#timers = this.#timers.filter((t) => t.id !== handle);
  }
  async advance(ms: number): Promise<void> {
    const end = this.now + ms;
    for (;;) {
      await flush();
      this.#timers.sort((a, b) => a.at - b.at);
      const due = this.#timers[0];
      if (!due || due.at > end) break;
      this.#timers.shift();
      this.now = due.at;
      due.fn();
      await flush();
    }
    this.now = end;
    await flush();
  }
  get pending(): number {
    return this.#timers.length;
  }
}

