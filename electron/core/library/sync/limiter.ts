// At most N requests at a time, first come first served. A sync launches every folder's
// work at once and this keeps the service (and the person's connection) at N.
export class Limiter {
  readonly #max: number;
  #active = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(max: number) {
    if (!(max >= 1)) throw new Error('a limiter needs at least one slot');
    this.#max = max;
  }

  /**
   * Runs `work` in a slot. `release` lets the slot go before `work` ends: the sync's reply is
   * in and what is left is decoding it on the writer thread, which must not hold up the next
   * request. Called or not, the slot is let go once.
   */
  async run<T>(work: (release: () => void) => Promise<T>): Promise<T> {
    if (this.#active >= this.#max) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else this.#active++;
    let held = true;
    const release = (): void => {
      if (!held) return;
      held = false;
      const next = this.#waiting.shift();
      // The slot passes straight to the next in line, so the count never dips and overshoots.
      if (next) next();
      else this.#active--;
    };
    try {
      return await work(release);
    } finally {
      release();
    }
  }
}
