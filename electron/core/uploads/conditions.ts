// The conditions every account's queue runs under (issue 31): the bandwidth limit in force
// (the timetable, else the one limit of Settings), the upload windows, and the power source.
// One per app: it keeps one timer, to the next moment any of them changes, and tells the
// queues then, so a new limit reaches running transfers at the boundary (their token bucket
// takes the new rate; no transfer restarts) and a window that opens starts the waiting jobs.
//
// The clock is injected: tests move the wall clock (a boundary a second away) while the
// bytes still flow in real time. A timer that fires late (the computer slept) is harmless:
// every change is computed from the clock when it fires, and wake() recomputes at once.
import type { Settings } from '../../../shared/model.ts';
import { limitAt, parseTimetable } from '../../../shared/bandwidth-timetable.ts';
import type { UploadConditions, UploadsWaiting } from '../../../shared/upload-conditions.ts';
import { windowAt } from '../../../shared/upload-windows.ts';
import { Listeners } from '../listeners.ts';
import type { Timers } from '../timers.ts';

/** The settings these conditions are made of. */
export type ConditionSettings = Pick<Settings, 'bandwidthLimit' | 'bandwidthTimetable' | 'uploadWindows' | 'pauseOnBattery'>;

/** What a queue reads: the conditions now, and news of a change. */
export interface QueueConditions {
  current(): UploadConditions;
  onChange(listener: (conditions: UploadConditions) => void): () => void;
}

interface UploadConditionsOptions {
  settings: ConditionSettings;
  now: () => number;
  timers: Timers;
}

/** Node's timers take at most 2^31-1 ms; a boundary further away is looked at again then. */
const LONGEST_WAIT_MS = 2_147_483_647;

export class UploadConditionsWatch implements QueueConditions {
  #settings: ConditionSettings;
  #onBattery = false;
  #state: UploadConditions;
  #timer: unknown = null;
  #closed = false;
  readonly #now: () => number;
  readonly #timers: Timers;
  readonly #listeners = new Listeners<[UploadConditions]>();
  /** Called after the computer wakes: the queues send again at once and check the service. */
  readonly #wakeListeners = new Listeners<[]>();

  constructor(options: UploadConditionsOptions) {
    this.#settings = options.settings;
    this.#now = options.now;
    this.#timers = options.timers;
    this.#state = this.#compute();
    this.#schedule();
  }

  current(): UploadConditions {
    return this.#state;
  }

  onChange(listener: (conditions: UploadConditions) => void): () => void {
    return this.#listeners.add(listener);
  }

  onWake(listener: () => void): () => void {
    return this.#wakeListeners.add(listener);
  }

  setSettings(settings: ConditionSettings): void {
    this.#settings = settings;
    this.#refresh();
  }

  /** The power source changed (Electron's powerMonitor on-battery / on-ac). */
  setOnBattery(onBattery: boolean): void {
    if (onBattery === this.#onBattery) return;
    this.#onBattery = onBattery;
    this.#refresh();
  }

  /** The computer woke from sleep: the clock may have passed boundaries while the timer slept. */
  wake(): void {
    this.#refresh();
    this.#wakeListeners.notify();
  }

  close(): void {
    this.#closed = true;
    this.#clearTimer();
    this.#listeners.clear();
    this.#wakeListeners.clear();
  }

  #refresh(): void {
    if (this.#closed) return;
    const next = this.#compute();
    const changed = JSON.stringify(next) !== JSON.stringify(this.#state);
    this.#state = next;
    this.#schedule();
    if (changed) this.#listeners.notify(next);
  }

  #compute(): UploadConditions {
    const now = this.#now();
    const settings = this.#settings;
    const parsed = settings.bandwidthTimetable === null ? null : parseTimetable(settings.bandwidthTimetable);
    // The settings schema keeps only a timetable that parses; a bad one would mean the one limit.
    const limit =
      parsed?.ok === true ? { ...limitAt(parsed.timetable, now), source: 'timetable' as const } : { rate: settings.bandwidthLimit, until: null, source: 'limit' as const };
    const windowState = settings.uploadWindows.enabled ? windowAt(settings.uploadWindows, now) : null;
    const window = windowState === null ? null : { open: windowState.open, changesAt: windowState.open ? windowState.closesAt : windowState.opensAt };
    let waiting: UploadsWaiting | null = null;
    if (settings.pauseOnBattery && this.#onBattery) waiting = { code: 'on-battery', until: null };
    else if (window !== null && !window.open) waiting = { code: 'outside-window', until: window.changesAt };
    return { limit, window, onBattery: this.#onBattery, waiting };
  }

  #schedule(): void {
    this.#clearTimer();
    if (this.#closed) return;
    const moments = [this.#state.limit.until, this.#state.window?.changesAt ?? null].filter((at): at is number => at !== null);
    if (moments.length === 0) return;
    const wait = Math.min(LONGEST_WAIT_MS, Math.max(0, Math.min(...moments) - this.#now()));
    this.#timer = this.#timers.setTimeout(() => {
      this.#timer = null;
      this.#refresh();
    }, wait);
  }

  #clearTimer(): void {
    if (this.#timer !== null) this.#timers.clearTimeout(this.#timer);
    this.#timer = null;
  }
}

/** Conditions that never change: one limit, no windows (an engine on its own: tests, tools). */
export function fixedConditions(rate: number | null): QueueConditions & { setRate(rate: number | null): void } {
  const listeners = new Listeners<[UploadConditions]>();
  let state: UploadConditions = { limit: { rate, until: null, source: 'limit' }, window: null, onBattery: false, waiting: null };
  return {
    current: () => state,
    onChange: (listener) => listeners.add(listener),
    setRate(next) {
      state = { ...state, limit: { ...state.limit, rate: next } };
      listeners.notify(state);
    },
  };
}
