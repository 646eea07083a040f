// The scheduler: starts due jobs up to the concurrency limit, wakes when the next retry is
// due, holds the queue while the service cannot be reached (the one connectivity view: the
// monitor probes and says when it is back; nothing here keeps a clock of its own), and turns
// each run's outcome into batch counts. The commands (engine.ts) say when to look again.
import type { Logger } from '../log/logger.ts';
import { isReachable, onBackOnline, type Connectivity } from '../connectivity.ts';
import type { Timers } from '../timers.ts';
import type { BatchTracker } from './batch.ts';
import type { StopIntent } from './job-transitions.ts';
import type { JobRunner, RunOutcome, Running } from './job-runner.ts';
import type { ProgressTracker } from './progress.ts';
import type { JobRow, UploadStore } from './store.ts';

export interface SchedulerOptions {
  store: UploadStore;
  runner: JobRunner;
  batch: BatchTracker;
  progress: ProgressTracker;
  connectivity: Pick<Connectivity, 'state' | 'onChange'>;
  logger: Logger;
  timers: Timers;
  now: () => number;
  changed: () => void;
  concurrency: number;
}

export class Scheduler {
  readonly #o: SchedulerOptions;
  readonly running = new Map<number, Running>();
  #concurrency: number;
  /** The queue is held: by the person (pause all) or until started / after stopped. */
  paused = false;
  #started = false;
  #stopped = false;
  /** Said once per outage in the log, not once per job. */
  #waitingLogged = false;
  #wakeTimer: unknown = null;
  #unsubscribeOnline: (() => void) | null = null;

  constructor(options: SchedulerOptions) {
    this.#o = options;
    this.#concurrency = options.concurrency;
  }

  get stopped(): boolean {
    return this.#stopped;
  }

  get concurrency(): number {
    return this.#concurrency;
  }

  set concurrency(value: number) {
    this.#concurrency = value;
    this.pump();
  }

  start(): void {
    this.#started = true;
    this.#unsubscribeOnline = onBackOnline(this.#o.connectivity, () => {
      this.#waitingLogged = false;
      this.pump();
    });
    this.pump();
  }

  /** Stops every transfer (they restart from byte 0 next time) and every timer. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#unsubscribeOnline?.();
    this.#clearWake();
    const pending = [...this.running.values()].map((run) => {
      this.stopRun(run, 'shutdown');
      return run.done;
    });
    await Promise.all(pending);
  }

  stopRun(run: Running, intent: StopIntent): void {
    run.intent ??= intent;
    run.controller.abort();
  }

  pump(): void {
    if (!this.#started || this.#stopped || this.paused || !isReachable(this.#o.connectivity)) return;
    const free = this.#concurrency - this.running.size;
    if (free > 0) {
      const now = this.#o.now();
      const candidates = this.#o.store.due(now, free + this.running.size).filter((row) => !this.running.has(row.id));
      for (const row of candidates.slice(0, free)) this.#launch(row);
    }
    this.#scheduleWake();
    this.#o.batch.settle(this.running.size);
  }

  #scheduleWake(): void {
    this.#clearWake();
    if (this.running.size >= this.#concurrency) return;
    const at = this.#o.store.nextDueAt([...this.running.keys()]);
    if (at === null) return;
    // The clock may have moved past `at` since pump() looked: then wake at once, never skip.
    this.#wakeTimer = this.#o.timers.setTimeout(
      () => {
        this.#wakeTimer = null;
        this.pump();
      },
      Math.max(0, at - this.#o.now()),
    );
  }

  #launch(row: JobRow): void {
    const controller = new AbortController();
    const run: Running = { controller, intent: null, done: Promise.resolve() };
    this.running.set(row.id, run);
    run.done = this.#o.runner
      .run(row, run)
      .then((outcome) => this.#settle(outcome))
      .catch((error: unknown) => this.#o.logger.error('upload job crashed', { jobId: row.id, error }))
      .finally(() => {
        this.running.delete(row.id);
        this.#o.progress.end(row.id);
        this.#o.changed();
        this.pump();
      });
  }

  #settle(outcome: RunOutcome): void {
    switch (outcome.kind) {
      case 'done':
        this.#o.batch.count('done');
        return;
      case 'failed':
        this.#o.batch.count('failed');
        return;
      case 'offline':
        // The client has told the connection monitor; pump() holds the queue until it is back.
        if (!this.#waitingLogged) this.#o.logger.info('the service cannot be reached; uploads wait', { reason: outcome.reason });
        this.#waitingLogged = true;
        return;
      case 'retry-later':
      case 'stopped':
        return;
    }
  }

  #clearWake(): void {
    if (this.#wakeTimer !== null) this.#o.timers.clearTimeout(this.#wakeTimer);
    this.#wakeTimer = null;
  }
}
