// Dock (macOS) and taskbar (Windows, Linux) progress while uploads run. uploads:progress
// arrives many times a second; the bar is redrawn at most every `minIntervalMs`, and the
// last value always lands (a trailing update), so the bar never sticks at a stale figure.
import type { ProgressBarOptions } from 'electron';
import type { UploadTotals } from '../../shared/model.ts';

export interface ProgressValue {
  /** 0..1, or -1 to remove the bar. */
  value: number;
  mode: NonNullable<ProgressBarOptions['mode']>;
}

export function progressFor(totals: UploadTotals, paused: boolean): ProgressValue {
  if (totals.active + totals.waiting === 0) return { value: -1, mode: 'none' };
  if (totals.bytesTotal <= 0) return { value: 0, mode: paused ? 'paused' : 'indeterminate' };
  const fraction = Math.min(1, Math.max(0, totals.bytesSent / totals.bytesTotal));
  return { value: fraction, mode: paused ? 'paused' : 'normal' };
}

export interface ProgressReporterDeps {
  setProgressBar: (value: number, options: ProgressBarOptions) => void;
  now?: () => number;
  minIntervalMs?: number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export class ProgressReporter {
  readonly #deps: Required<ProgressReporterDeps>;
  #lastDrawnAt = Number.NEGATIVE_INFINITY;
  #last: ProgressValue | null = null;
  #pending: ProgressValue | null = null;
  #timer: unknown = null;

  constructor(deps: ProgressReporterDeps) {
    this.#deps = {
      now: Date.now,
      minIntervalMs: 250,
      setTimer: (callback, ms) => setTimeout(callback, ms),
      clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      ...deps,
    };
  }

  update(totals: UploadTotals, paused: boolean): void {
    const next = progressFor(totals, paused);
    const wait = this.#lastDrawnAt + this.#deps.minIntervalMs - this.#deps.now();
    // Starting, finishing and pausing are drawn at once; only the figures in between wait.
    if (wait <= 0 || next.mode !== this.#last?.mode) {
      this.#draw(next);
      return;
    }
    this.#pending = next;
    if (this.#timer === null) {
      this.#timer = this.#deps.setTimer(() => {
        this.#timer = null;
        if (this.#pending) this.#draw(this.#pending);
      }, wait);
    }
  }

  dispose(): void {
    if (this.#timer !== null) this.#deps.clearTimer(this.#timer);
    this.#timer = null;
    this.#pending = null;
  }

  #draw(value: ProgressValue): void {
    this.#pending = null;
    if (this.#timer !== null) {
      this.#deps.clearTimer(this.#timer);
      this.#timer = null;
    }
    this.#lastDrawnAt = this.#deps.now();
    if (this.#last && this.#last.mode === value.mode && this.#last.value === value.value) return;
    this.#last = value;
    this.#deps.setProgressBar(value.value, { mode: value.mode });
  }
}
