import { describe, expect, it } from 'vitest';
import { ThumbnailWindow, THUMBNAIL_WINDOW_MS } from '../../../../electron/core/api/thumbnail-window.ts';

function windowAt(start: number) {
  let now = start;
  let saved: number[] = [];
  const window = new ThumbnailWindow({ load: () => [...saved], save: (t) => (saved = t) }, () => now);
  return { window, advance: (ms: number) => (now += ms), saved: () => saved };
}

describe('ThumbnailWindow', () => {
  it('lets three sends go within a minute, then waits for the oldest to leave the window', () => {
    const { window, advance } = windowAt(1_000_000);
    for (let i = 0; i < 3; i++) {
      expect(window.canSend()).toBe(true);
      window.record();
      advance(10_000);
    }
    expect(window.canSend()).toBe(false);
    expect(window.nextSlotAt()).toBe(1_000_000 + THUMBNAIL_WINDOW_MS);
    advance(1_000_000 + THUMBNAIL_WINDOW_MS - 1_030_000 - 1);
    expect(window.canSend()).toBe(false);
    advance(1);
    expect(window.canSend()).toBe(true);
  });

  it('keeps at most three send times', () => {
    const { window, advance, saved } = windowAt(0);
    for (let i = 0; i < 5; i++) {
      window.record();
      advance(30_000);
    }
    expect(saved().length).toBeLessThanOrEqual(3);
  });

  it('says a slot is free now when fewer than three sends are recent', () => {
    const { window } = windowAt(5_000);
    window.record();
    expect(window.nextSlotAt()).toBe(5_000);
  });
});
