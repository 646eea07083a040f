import { describe, expect, it } from 'vitest';
import { ProgressReporter, progressFor } from '../../../electron/main/progress.ts';
import { totals } from './fakes.ts';

function reporter() {
  let now = 0;
  const timers: { at: number; callback: () => void }[] = [];
  const drawn: [number, string | undefined][] = [];
  const progress = new ProgressReporter({
    setProgressBar: (value, options) => drawn.push([value, options.mode]),
    now: () => now,
    minIntervalMs: 250,
    setTimer: (callback, ms) => {
      const timer = { at: now + ms, callback };
      timers.push(timer);
      return timer;
    },
    clearTimer: (handle) => {
      const index = timers.indexOf(handle as (typeof timers)[number]);
      if (index >= 0) timers.splice(index, 1);
    },
  });
  const advance = (ms: number) => {
    now += ms;
    for (const timer of timers.filter((t) => t.at <= now)) {
      timers.splice(timers.indexOf(timer), 1);
      timer.callback();
    }
  };
  return { progress, drawn, advance, timers };
}

describe('progressFor', () => {
  it('removes the bar when nothing runs, shows the fraction while uploading', () => {
    expect(progressFor(totals(), false)).toEqual({ value: -1, mode: 'none' });
    expect(progressFor(totals({ active: 1, bytesSent: 25, bytesTotal: 100 }), false)).toEqual({ value: 0.25, mode: 'normal' });
    expect(progressFor(totals({ active: 1, bytesSent: 25, bytesTotal: 100 }), true)).toEqual({ value: 0.25, mode: 'paused' });
    expect(progressFor(totals({ waiting: 2 }), false)).toEqual({ value: 0, mode: 'indeterminate' });
    expect(progressFor(totals({ active: 1, bytesSent: 150, bytesTotal: 100 }), false).value).toBe(1);
  });
});

describe('ProgressReporter', () => {
  it('draws at most once per interval and always lands the last value', () => {
    const { progress, drawn, advance } = reporter();
    progress.update(totals({ active: 1, bytesSent: 10, bytesTotal: 100 }), false);
    for (let sent = 11; sent <= 20; sent++) {
      advance(10);
      progress.update(totals({ active: 1, bytesSent: sent, bytesTotal: 100 }), false);
    }
    expect(drawn).toEqual([[0.1, 'normal']]);
    advance(250);
    expect(drawn).toEqual([
      [0.1, 'normal'],
      [0.2, 'normal'],
    ]);
  });

  it('draws the end of a batch at once, and never a stale figure after it', () => {
    const { progress, drawn, advance, timers } = reporter();
    progress.update(totals({ active: 1, bytesSent: 10, bytesTotal: 100 }), false);
    advance(10);
    progress.update(totals({ active: 1, bytesSent: 50, bytesTotal: 100 }), false);
    advance(10);
    progress.update(totals({ done: 1 }), false);
    expect(drawn.at(-1)).toEqual([-1, 'none']);
    expect(timers).toHaveLength(0);
    advance(1000);
    expect(drawn.at(-1)).toEqual([-1, 'none']);
  });

  it('does not redraw an unchanged value', () => {
    const { progress, drawn, advance } = reporter();
    progress.update(totals(), false);
    advance(1000);
    progress.update(totals(), false);
    expect(drawn).toEqual([[-1, 'none']]);
  });
});
