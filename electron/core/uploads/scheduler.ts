// The scheduler: starts due jobs up to the concurrency limit, wakes when the next retry is
// due, holds the queue while the service cannot be reached (the one connectivity view: the
// monitor probes and says when it is back; nothing here keeps a clock of its own), and turns
// each run's outcome into batch counts. The commands (engine.ts) say when to look again.
// Outside an upload window or on battery (conditions.ts) nothing new starts, but what runs
// finishes; a job the person started "now anyway" goes regardless.
import { sayInEnglish } from '../../../shared/i18n/say-english.ts';
import type { Logger } from '../log/logger.ts';
import { isReachable, onBackOnline, type Connectivity } from '../connectivity.ts';
import type { Timers } from '../timers.ts';
import type { BatchTracker } from './batch.ts';
import type { StopIntent } from './job-transitions.ts';
import type { JobRunner, RunOutcome, Running } from './job-runner.ts';
import type { ProgressTracker } from './progress.ts';
import type { UploadStore } from './store.ts';
import type { JobRow } from './job-row.ts';
import { TransferHold } from './hold.ts';
import type { UploadsWaiting } from '../../../shared/upload-conditions.ts';

interface SchedulerOptions {
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
  /** How long a paused transfer keeps its connection open before the file starts again. */
  pausePatienceMs: number;
  /** Why new jobs may not start now (outside the upload windows, on battery); null: they may. */
  waiting: () => UploadsWaiting | null;
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
  /** See SchedulerOptions.pausePatienceMs; a change applies to the holds that start after it. */
  pausePatienceMs: number;
  /** Jobs the person started "now anyway": they start while the queue waits for a window or power. */
  readonly #startAnyway = new Set<number>();

  constructor(options: SchedulerOptions) {
    this.#o = options;
    this.#concurrency = options.concurrency;
    this.pausePatienceMs = options.pausePatienceMs;
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

  /**
   * Holds a running transfer: it stops sending and keeps its request open, for at most the
   * patience; then it lets go and the file starts again. False when there is nothing to hold
   * (not sending yet, or every byte already out: the reply is waited for instead).
   */
  hold(id: number): boolean {
    const run = this.running.get(id);
    if (!run || run.hold.held || this.#o.store.get(id)?.state !== 'uploading') return false;
    if (!run.hold.hold()) return false;
    const now = this.#o.now();
    const patience = this.pausePatienceMs;
    this.#o.store.apply(id, { type: 'held', bytesSent: this.#o.progress.bytesSent(id), now, until: now + patience });
    this.#o.progress.setHeld(id, true);
    run.patienceTimer = this.#o.timers.setTimeout(() => {
      run.patienceTimer = null;
      this.#o.logger.info('a paused upload waited longer than the file server is taken to wait; it starts again from the beginning when resumed', { jobId: id, patienceMs: patience });
      this.stopRun(run, 'pause-expired');
    }, patience);
    // A held transfer sends nothing: its slot goes to the next file.
    this.pump();
    return true;
  }

  /** Lets a held transfer go on in the same request; false when it is not held (any more). */
  release(id: number): boolean {
    const run = this.running.get(id);
    if (!run?.hold.held || run.intent !== null) return false;
    this.#clearPatience(run);
    this.#o.store.apply(id, { type: 'unheld', now: this.#o.now() });
    this.#o.progress.setHeld(id, false);
    run.hold.release();
    return true;
  }

  /** Whether this job's transfer is held by a pause (its request open). */
  isHeld(id: number): boolean {
    return this.running.get(id)?.hold.held ?? false;
  }

  /** Runs that take a slot: a held one sends nothing, so it takes none. */
  #sending(): number {
    let count = 0;
    for (const run of this.running.values()) if (!run.hold.held) count++;
    return count;
  }

  #clearPatience(run: Running): void {
    if (run.patienceTimer !== null) this.#o.timers.clearTimeout(run.patienceTimer);
    run.patienceTimer = null;
  }

  /** These jobs start even while the queue waits for a window or for power (the person's "Start now anyway"). */
  startAnyway(ids: readonly number[]): void {
    for (const id of ids) if (this.#o.store.get(id)?.state === 'waiting') this.#startAnyway.add(id);
    this.pump();
  }

  pump(): void {
    if (!this.#started || this.#stopped || !isReachable(this.#o.connectivity)) return;
    const now = this.#o.now();
    // A cancel waiting for the look for its video: it only asks the service (engine.cancel).
    for (const row of this.#o.store.cancelChecksDue(now)) if (!this.running.has(row.id)) this.#launch(row);
    if (this.paused) {
      this.#scheduleWake(false);
      return;
    }
    const free = this.#concurrency - this.#sending();
    const held = this.#o.waiting() !== null;
    if (free > 0) {
      const candidates = held ? this.#dueAnyway(now) : this.#o.store.due(now, free + this.running.size).filter((row) => !this.running.has(row.id));
      for (const row of candidates.slice(0, free)) this.#launch(row);
    }
    this.#scheduleWake(held);
    this.#o.batch.settle(this.running.size);
  }

  /**
   * The jobs started "now anyway" that are due, in queue order. One stays started anyway through
   * its retries (a cut transfer goes again regardless); once it ends or is paused it is forgotten.
   */
  #dueAnyway(now: number): JobRow[] {
    const due: JobRow[] = [];
    for (const id of [...this.#startAnyway].sort((a, b) => a - b)) {
      const row = this.#o.store.get(id);
      if (row?.state !== 'waiting') {
        if (row?.state !== 'uploading' && row?.state !== 'finishing') this.#startAnyway.delete(id);
      } else if (!this.running.has(id) && row.next_attempt_at <= now && row.folder_id >= 0 && row.media_pending === 0) due.push(row);
    }
    return due;
  }

  #scheduleWake(held: boolean): void {
    this.#clearWake();
    const running = [...this.running.keys()];
    const checkAt = this.#o.store.nextDueAt(running, 'cancelling');
    // While the queue waits for a window or power, only the jobs started anyway may wake it; the
    // conditions' own change pumps the rest (waking for them would only find them held again).
    // Paused, or every slot taken: only a cancel's look may.
    const sendAt = this.paused || this.#sending() >= this.#concurrency ? null : held ? this.#nextAnywayAt() : this.#o.store.nextDueAt(running);
    const at = checkAt === null ? sendAt : sendAt === null ? checkAt : Math.min(checkAt, sendAt);
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
    const run: Running = { controller, intent: null, done: Promise.resolve(), hold: new TransferHold(), patienceTimer: null };
    this.running.set(row.id, run);
    run.done = this.#o.runner
      .run(row, run)
      .then((outcome) => this.#settle(outcome))
      .catch((error: unknown) => this.#o.logger.error('upload job crashed', { jobId: row.id, error }))
      .finally(() => {
        this.#clearPatience(run);
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
        if (!this.#waitingLogged) this.#o.logger.info('the service cannot be reached; uploads wait', { reason: sayInEnglish(outcome.reason) });
        this.#waitingLogged = true;
        return;
      case 'retry-later':
      case 'stopped':
        return;
    }
  }

  #nextAnywayAt(): number | null {
    let at: number | null = null;
    for (const id of this.#startAnyway) {
      const row = this.#o.store.get(id);
      if (row?.state === 'waiting' && !this.running.has(id)) at = Math.min(at ?? row.next_attempt_at, row.next_attempt_at);
    }
    return at;
  }

  #clearWake(): void {
    if (this.#wakeTimer !== null) this.#o.timers.clearTimeout(this.#wakeTimer);
    this.#wakeTimer = null;
  }
}
