// Upload progress for the renderer: bytes handed to the socket per job, a smoothed speed
// (exponentially weighted, so one slow second does not make the ETA jump) and ETAs.
// Sampled on one timer for all jobs, so IPC carries at most one event per interval
// however many jobs run.
import type { JobProgress, UploadTotals } from '../../../shared/model.ts';
import type { Timers } from '../timers.ts';

/** Time constant of the speed average: older samples weigh e^(-age/τ). */
const SPEED_TAU_MS = 3000;

interface Sample {
  id: number;
  size: number;
  bytesSent: number;
  lastBytes: number;
  speed: number;
  /** Held by a pause (hold.ts): its row says paused, so the queue's figures leave it out. */
  held: boolean;
}

export interface ProgressSnapshot {
  jobs: JobProgress[];
  speed: number;
  activeBytesSent: number;
}

export class ProgressTracker {
  readonly #samples = new Map<number, Sample>();
  readonly #now: () => number;
  readonly #timers: Timers;
  readonly #intervalMs: number;
  readonly #publish: (snapshot: ProgressSnapshot) => void;
  #timer: unknown = null;
  #lastTickAt = 0;
  #totalSpeed = 0;

  constructor(options: { now: () => number; timers: Timers; intervalMs?: number; publish: (snapshot: ProgressSnapshot) => void }) {
    this.#now = options.now;
    this.#timers = options.timers;
    this.#intervalMs = options.intervalMs ?? 250;
    this.#publish = options.publish;
  }

  begin(id: number, size: number): void {
    this.#samples.set(id, { id, size, bytesSent: 0, lastBytes: 0, speed: 0, held: false });
    if (this.#timer === null) {
      this.#lastTickAt = this.#now();
      this.#schedule();
    }
  }

  set(id: number, bytesSent: number): void {
    const sample = this.#samples.get(id);
    if (sample) sample.bytesSent = bytesSent;
  }

  /** A held transfer counts neither in the queue's bytes (its file is paused) nor in its speed. */
  setHeld(id: number, held: boolean): void {
    const sample = this.#samples.get(id);
    if (sample) sample.held = held;
  }

  bytesSent(id: number): number {
    return this.#samples.get(id)?.bytesSent ?? 0;
  }

  end(id: number): void {
    this.#samples.delete(id);
    if (this.#samples.size === 0) {
      if (this.#timer !== null) this.#timers.clearTimeout(this.#timer);
      this.#timer = null;
      this.#totalSpeed = 0;
    }
  }

  /** Samples speeds and publishes one snapshot; runs on the timer, callable from tests. */
  tick(): void {
    const now = this.#now();
    const elapsed = Math.max(1, now - this.#lastTickAt);
    this.#lastTickAt = now;
    const weight = 1 - Math.exp(-elapsed / SPEED_TAU_MS);
    let total = 0;
    for (const sample of this.#samples.values()) {
      const instant = (Math.max(0, sample.bytesSent - sample.lastBytes) * 1000) / elapsed;
      sample.speed = sample.speed === 0 ? instant : sample.speed + weight * (instant - sample.speed);
      sample.lastBytes = sample.bytesSent;
      if (!sample.held) total += sample.speed;
    }
    this.#totalSpeed = total;
    this.#publish(this.snapshot());
  }

  snapshot(): ProgressSnapshot {
    const jobs: JobProgress[] = [];
    let activeBytesSent = 0;
    for (const sample of this.#samples.values()) {
      if (!sample.held) activeBytesSent += sample.bytesSent;
      jobs.push({
        id: sample.id,
        bytesSent: sample.bytesSent,
        size: sample.size,
        speed: Math.round(sample.speed),
        etaSeconds: eta(sample.size - sample.bytesSent, sample.speed),
      });
    }
    return { jobs, speed: Math.round(this.#totalSpeed), activeBytesSent };
  }

  #schedule(): void {
    this.#timer = this.#timers.setTimeout(() => {
      this.#timer = null;
      if (this.#samples.size === 0) return;
      this.tick();
      this.#schedule();
    }, this.#intervalMs);
  }
}

export function eta(remainingBytes: number, speed: number): number | null {
  if (remainingBytes <= 0) return 0;
  if (speed <= 0) return null;
  return Math.ceil(remainingBytes / speed);
}

export function withTotals(
  snapshot: ProgressSnapshot,
  counts: Omit<UploadTotals, 'speed' | 'etaSeconds' | 'bytesSent'> & { finishedBytes: number },
): { jobs: JobProgress[]; totals: UploadTotals } {
  const bytesSent = counts.finishedBytes + snapshot.activeBytesSent;
  return {
    jobs: snapshot.jobs,
    totals: {
      bytesSent,
      bytesTotal: counts.bytesTotal,
      speed: snapshot.speed,
      etaSeconds: eta(counts.bytesTotal - bytesSent, snapshot.speed),
      active: counts.active,
      waiting: counts.waiting,
      done: counts.done,
      failed: counts.failed,
    },
  };
}
