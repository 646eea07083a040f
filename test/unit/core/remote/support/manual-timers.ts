// A Timers double: nothing fires until the test says so, so polling is driven step by step.
import type { Timers } from '../../../../../electron/core/timers.ts';

export class ManualTimers implements Timers {
  readonly #pending = new Map<number, { callback: () => void; ms: number }>();
  #next = 1;

  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.#next++;
    this.#pending.set(id, { callback, ms });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.#pending.delete(handle as number);
  }

  get count(): number {
    return this.#pending.size;
  }

  /** The delays of the timers now pending. */
  delays(): number[] {
    return [...this.#pending.values()].map((t) => t.ms);
  }

  /** Fires every pending timer once; returns how many fired. */
  fire(): number {
    const due = [...this.#pending.values()];
    this.#pending.clear();
    for (const timer of due) timer.callback();
    return due.length;
  }
}
