// Virtual time for the simulation: one clock and one queue of timers, driven by the
// simulator (never by the wall clock), so a schedule runs in milliseconds and the same seed
// fires the same timers in the same order. The clock may jump (sleep and wake, a clock set
// back); timers keep their order by due time, then by when they were set.
import type { Timers } from '../../electron/core/timers.ts';

interface Pending {
  seq: number;
  due: number;
  callback: () => void;
  /** The process that set it: a crash drops its timers with it. */
  owner: number;
}

/** The handle a timer answers: what Node's Timeout offers that the core calls (unref). */
export class SimTimeout {
  readonly seq: number;
  constructor(seq: number) {
    this.seq = seq;
  }
  unref(): this {
    return this;
  }
  ref(): this {
    return this;
  }
  hasRef(): boolean {
    return false;
  }
  refresh(): this {
    return this;
  }
  [Symbol.toPrimitive](): number {
    return this.seq;
  }
}

export class SimTime {
  /** What the app reads as now (jumps included). */
  #now: number;
  /** Monotonic: how far the world has run, for ordering timers (a jump back does not re-fire them). */
  #elapsed = 0;
  #seq = 0;
  readonly #pending = new Map<number, Pending>();
  /** Which process sets timers now (SimWorld bumps it at every start after a crash). */
  owner = 0;

  constructor(start: number) {
    this.#now = start;
  }

  now = (): number => this.#now;

  /** The person's computer slept (forward) or its clock was set back. */
  jump(ms: number): void {
    this.#now += ms;
  }

  setTimeout(callback: () => void, ms: number): SimTimeout {
    const seq = ++this.#seq;
    const delay = Number.isFinite(ms) && ms > 0 ? ms : 0;
    this.#pending.set(seq, { seq, due: this.#elapsed + delay, callback, owner: this.owner });
    return new SimTimeout(seq);
  }

  clearTimeout(handle: unknown): void {
    if (handle instanceof SimTimeout) this.#pending.delete(handle.seq);
  }

  /** The core's Timers port, on this clock. */
  readonly timers: Timers = {
    setTimeout: (callback, ms) => this.setTimeout(callback, ms),
    clearTimeout: (handle) => this.clearTimeout(handle),
  };

  get pendingCount(): number {
    return this.#pending.size;
  }

  /** Milliseconds until the next timer, or null when none waits. */
  nextDue(): number | null {
    let next: Pending | null = null;
    for (const timer of this.#pending.values()) if (next === null || timer.due < next.due || (timer.due === next.due && timer.seq < next.seq)) next = timer;
    return next === null ? null : next.due - this.#elapsed;
  }

  /** Moves time to the next timer and fires it; false when none waits. */
  fireNext(): boolean {
    let next: Pending | null = null;
    for (const timer of this.#pending.values()) if (next === null || timer.due < next.due || (timer.due === next.due && timer.seq < next.seq)) next = timer;
    if (next === null) return false;
    this.#pending.delete(next.seq);
    const advance = next.due - this.#elapsed;
    this.#elapsed = next.due;
    this.#now += advance;
    next.callback();
    return true;
  }

  /** A crash: the dead process's timers never fire. */
  dropOwner(owner: number): void {
    for (const [seq, timer] of this.#pending) if (timer.owner === owner) this.#pending.delete(seq);
  }
}

/**
 * Routes the process's global timers and Date.now to the simulated clock while a schedule
 * runs. The core takes `now` and `timers` where it waits on purpose; a few waits are on the
 * global timers on purpose too (the sync's write batch, the client's deadline), and those
 * must run on the same clock, or a 40 ms batch would cost 40 real ms and fire in any order.
 */
export function installVirtualTime(time: SimTime): () => void {
  const saved = { setTimeout: globalThis.setTimeout, clearTimeout: globalThis.clearTimeout, setInterval: globalThis.setInterval, clearInterval: globalThis.clearInterval, now: Date.now, abortAfter: AbortSignal.timeout };
  const g = globalThis as unknown as Record<string, unknown>;
  g.setTimeout = (callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => time.setTimeout(() => callback(...args), ms ?? 0);
  g.clearTimeout = (handle: unknown) => time.clearTimeout(handle);
  g.setInterval = () => {
    throw new Error('setInterval is not simulated: the core does not use it');
  };
  g.clearInterval = (handle: unknown) => time.clearTimeout(handle);
  Date.now = time.now;
  // The client's error probe bounds its calls with AbortSignal.timeout: on the same clock.
  AbortSignal.timeout = (ms: number) => {
    const controller = new AbortController();
    time.setTimeout(() => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), ms);
    return controller.signal;
  };
  return () => {
    AbortSignal.timeout = saved.abortAfter;
    Object.assign(globalThis, { setTimeout: saved.setTimeout, clearTimeout: saved.clearTimeout, setInterval: saved.setInterval, clearInterval: saved.clearInterval });
    Date.now = saved.now;
  };
}
