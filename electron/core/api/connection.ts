// Whether the service can be reached, from real outcomes only: the client reports every
// finished call (reached, or a network failure/timeout), nothing is guessed from timing or
// from the OS's idea of "online". While offline, a probe (a cheap read such as operation
// 10, injected) runs with a short capped delay until the service answers again: the window
// must read Online within 5 s of the service answering (issue 26), so the delay never grows
// past 3 s (3.6 s with jitter) and a probe that hangs counts as failed after 3 s.
// Other core services (uploads, library sync, the outbox) resume through onChange.
import type { Connection } from '../../../shared/model.ts';
import { AppError, saidOfError } from '../../../shared/errors.ts';
import { said, type Said } from '../../../shared/said.ts';
import { sayInEnglish } from '../../../shared/i18n/say-english.ts';
import type { Logger } from '../log/logger.ts';
import type { EventSink } from '../rpc/events.ts';
import { ConnectionListeners, type ConnectionListener, type Connectivity, type Outcome } from '../connectivity.ts';
import { isNetworkFailure } from './errors.ts';
import { backgroundTimers, type Timers } from '../timers.ts';

export interface ConnectionMonitorOptions {
  /**
   * A cheap read that reaches the service (operation 10 or 1). It may be a closure over a
   * client created after the monitor: it is only called once the monitor goes offline.
   */
  probe: (signal: AbortSignal) => Promise<unknown>;
  events?: EventSink;
  logger?: Logger;
  now?: () => number;
  timers?: Timers;
  /** Spreads probes of many clients: the delay is scaled by 0.8-1.2 (random in [0, 1)). */
  random?: () => number;
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** A probe not answered by then counts as failed (a service that swallows connections). */
  probeTimeoutMs?: number;
}

export class ConnectionMonitor implements Connectivity {
  readonly #probe: (signal: AbortSignal) => Promise<unknown>;
  readonly #events: EventSink | undefined;
  readonly #logger: Logger | undefined;
  readonly #now: () => number;
  readonly #timers: Timers;
  readonly #random: () => number;
  readonly #firstDelayMs: number;
  readonly #maxDelayMs: number;
  readonly #probeTimeoutMs: number;
  readonly #listeners: ConnectionListeners;
  #state: Connection;
  #failedProbes = 0;
  #timer: unknown = null;
  #probing = false;
  #stopped = false;

  constructor(options: ConnectionMonitorOptions) {
    this.#probe = options.probe;
    this.#events = options.events;
    this.#logger = options.logger;
    this.#listeners = new ConnectionListeners((error) => this.#logger?.error('connection listener failed', { error }));
    this.#now = options.now ?? Date.now;
    // Waiting to probe must never keep the process alive.
    this.#timers = options.timers ?? backgroundTimers;
    this.#random = options.random ?? Math.random;
    this.#firstDelayMs = options.firstDelayMs ?? 1_000;
    this.#maxDelayMs = options.maxDelayMs ?? 3_000;
    this.#probeTimeoutMs = options.probeTimeoutMs ?? 3_000;
    this.#state = { state: 'unknown', since: this.#now(), reason: null, nextAttemptAt: null };
  }

  state(): Connection {
    return { ...this.#state };
  }

  onChange(listener: ConnectionListener): () => void {
    return this.#listeners.add(listener);
  }

  report(outcome: Outcome): void {
    if (outcome.reached) this.#markOnline();
    else this.#markOffline(outcome.reason);
  }

  #markOnline(): void {
    this.#cancelTimer();
    this.#failedProbes = 0;
    if (this.#state.state === 'online') return;
    this.#set({ state: 'online', since: this.#now(), reason: null, nextAttemptAt: null });
  }

  #markOffline(reason: Said): void {
    if (this.#stopped) return;
    if (this.#state.state === 'offline') {
      // Already offline: keep the backoff where it is, only the latest reason changes.
      if (!sameSaid(reason, this.#state.reason)) this.#set({ ...this.#state, reason });
      if (this.#timer === null && !this.#probing) this.#schedule();
      return;
    }
    this.#failedProbes = 0;
    this.#set({ state: 'offline', since: this.#now(), reason, nextAttemptAt: null });
    this.#schedule();
  }

  /** Probes at once (a "Try again" button); answers the state after the probe. */
  async checkNow(): Promise<Connection> {
    this.#cancelTimer();
    await this.#runProbe();
    return this.state();
  }

  stop(): void {
    this.#stopped = true;
    this.#cancelTimer();
    this.#listeners.clear();
  }

  /** The wait before the next probe: first delay, doubled per failed probe, capped, jittered. */
  delayFor(failedProbes: number): number {
    const exact = Math.min(this.#maxDelayMs, this.#firstDelayMs * 2 ** failedProbes);
    return Math.round(exact * (0.8 + 0.4 * this.#random()));
  }

  #schedule(): void {
    if (this.#stopped) return;
    this.#cancelTimer();
    const delay = this.delayFor(this.#failedProbes);
    this.#timer = this.#timers.setTimeout(() => {
      this.#timer = null;
      void this.#runProbe();
    }, delay);
    this.#set({ ...this.#state, nextAttemptAt: this.#now() + delay });
  }

  async #runProbe(): Promise<void> {
    if (this.#probing || this.#stopped) return;
    this.#probing = true;
    const deadline = new AbortController();
    const timer = this.#timers.setTimeout(() => deadline.abort(), this.#probeTimeoutMs);
    try {
      // Raced with its deadline: a probe that ignores the signal still ends here.
      const timedOut = new Promise<never>((_, reject) => deadline.signal.addEventListener('abort', () => reject(new Error('probe deadline')), { once: true }));
      await Promise.race([this.#probe(deadline.signal), timedOut]);
      this.#markOnline();
    } catch (error) {
      if (deadline.signal.aborted || isNetworkFailure(error) || (error instanceof AppError && error.code === 'offline')) {
        this.#failedProbes++;
        const reason = deadline.signal.aborted ? (this.#state.reason ?? said('service_not_reached_deadline', { seconds: this.#probeTimeoutMs / 1000 })) : saidOfError(error);
        this.#probing = false;
        if (this.#state.state !== 'offline') this.#markOffline(reason);
        else {
          if (!sameSaid(reason, this.#state.reason)) this.#state = { ...this.#state, reason };
          this.#schedule();
        }
        return;
      }
      // The service answered (even with an error such as a refused key): it is reachable.
      this.#logger?.debug('connection probe reached the service with an error', { error });
      this.#markOnline();
    } finally {
      this.#timers.clearTimeout(timer);
      this.#probing = false;
    }
  }

  #cancelTimer(): void {
    if (this.#timer !== null) this.#timers.clearTimeout(this.#timer);
    this.#timer = null;
  }

  #set(next: Connection): void {
    const previous = this.#state;
    this.#state = next;
    if (previous.state !== next.state) this.#logger?.info('connection changed', { state: next.state, reason: next.reason && sayInEnglish(next.reason) });
    this.#events?.emit('connection:changed', this.state());
    this.#listeners.notify(this.state(), previous);
  }
}

/** Two failures say the same when code and params match: a new object for the same words is no change. */
function sameSaid(a: Said, b: Said | null): boolean {
  return b !== null && JSON.stringify(a) === JSON.stringify(b);
}
