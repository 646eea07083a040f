// The video list over a folder of 1,000,000 videos, in Chromium (issue 33): 56,000,000 px of
// rows is past the tallest box Chromium lays out (about 33,554,428 px), so a spacer of the full
// height would be cut short and the last ~400,000 videos could not be reached. Each test reads
// where rows are drawn on screen, so a list that scrolls to the wrong row fails.
import { describe, expect, it } from 'vitest';
import { flushSync, mount } from 'svelte';
import VideoList from '../../../../renderer/src/components/library/VideoList.svelte';
import { library } from '../../../../renderer/src/lib/state/library.svelte.ts';
import type { Video } from '../../../../shared/model.ts';
import { fresh, installAsWindowApi, stubBridge } from '../bridge-stub.ts';
import { mountPlace } from '../mount-place.ts';

const place = mountPlace('height: 600px; width: 900px; display: flex;');

const ROW = 56;
const video = (i: number): Video => ({ id: `v${String(i).padStart(11, '0')}`, folderId: 0, name: `Video number ${i}`, createdAt: '2024-05-01 10:00:00', isPublic: true, views: i, size: 1_000_000 + i, skipIntro: 0, downloadUrl: '', embedUrl: '', thumbnailUrl: '', splashUrl: '', pending: null });


/** A folder of `total` videos, each page made when asked for. */
function folderOf(total: number): void {
  const stub = stubBridge();
  installAsWindowApi(stub);
  stub.handle('folders:list', () => ({ folders: [], freshness: fresh }));
  stub.handle('videos:list', (input) => {
    const { offset, limit } = input as { offset: number; limit: number };
    return { items: Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => video(offset + i)), total, offset, freshness: fresh };
  });
}

const frame = async (): Promise<void> => {
  await new Promise((resolve) => requestAnimationFrame(resolve));
  flushSync();
};

/** Waits (up to ~2 s of frames) until row `index` is drawn with its video loaded. */
async function rowDrawn(index: number): Promise<HTMLElement | null> {
  for (let i = 0; i < 120; i++) {
    const row = place.target.querySelector<HTMLElement>(`[data-index="${index}"]`);
    if (row?.querySelector('[data-video-id]')) return row;
    await frame();
  }
  return null;
}

async function open(total: number): Promise<HTMLElement> {
  folderOf(total);
  await library.openFolder(0);
  place.component = mount(VideoList, { target: place.target });
  await rowDrawn(0);
  return place.target.querySelector<HTMLElement>('.viewport > div')!;
}

async function scrollTo(scroller: HTMLElement, top: number): Promise<void> {
  scroller.scrollTop = top;
  scroller.dispatchEvent(new Event('scroll'));
  await frame();
}

/** Where row `index` is, relative to the list's visible top edge (CSS px), or null when not drawn. */
function rowTop(scroller: HTMLElement, index: number): number | null {
  const row = place.target.querySelector<HTMLElement>(`[data-index="${index}"]`);
  return row ? row.getBoundingClientRect().top - scroller.getBoundingClientRect().top : null;
}

/** The first row whose top edge is on screen. */
function firstRowOnScreen(scroller: HTMLElement): number {
  const onScreen = Array.from(place.target.querySelectorAll<HTMLElement>('[data-index]'))
    .filter((row) => row.getBoundingClientRect().top >= scroller.getBoundingClientRect().top - 0.5)
    .map((row) => Number(row.dataset.index));
  return Math.min(...onScreen);
}

async function press(key: string): Promise<void> {
  const focused = document.activeElement as HTMLElement;
  focused.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  for (let i = 0; i < 5; i++) await frame();
}

const focusedRow = (): number | null => {
  const row = (document.activeElement as HTMLElement | null)?.closest<HTMLElement>('[data-index]');
  return row ? Number(row.dataset.index) : null;
};

/** Whether row `index` is wholly inside the list's visible area. */
function wholeOnScreen(scroller: HTMLElement, index: number): boolean {
  const top = rowTop(scroller, index);
  return top !== null && top >= -0.5 && top + ROW <= scroller.clientHeight + 0.5;
}


describe('VideoList over 1,000,000 videos', () => {
  const TOTAL = 1_000_000;

  it('the bottom of the scroll shows the last video, its bottom edge on the list\'s', async () => {
    const scroller = await open(TOTAL);
    // Laid out whole: the spacer is inside what Chromium can lay out.
    expect(scroller.scrollHeight).toBeLessThan(33_554_428);
    await scrollTo(scroller, scroller.scrollHeight);
    expect(await rowDrawn(TOTAL - 1)).not.toBeNull();
    expect(rowTop(scroller, TOTAL - 1)).toBeCloseTo(scroller.clientHeight - ROW, 0);
    expect(place.target.textContent).toContain(`Video number ${TOTAL - 1}`);
  });

  it('the top of the scroll shows the first video at the top, and the middle about the middle video', async () => {
    const scroller = await open(TOTAL);
    expect(rowTop(scroller, 0)).toBe(0);
    await scrollTo(scroller, (scroller.scrollHeight - scroller.clientHeight) / 2);
    const first = firstRowOnScreen(scroller);
    // Half-way through the scroll is half-way through the rows, within a screen.
    expect(Math.abs(first - (TOTAL - scroller.clientHeight / ROW) / 2)).toBeLessThan(scroller.clientHeight / ROW);
    await scrollTo(scroller, 0);
    expect(rowTop(scroller, 0)).toBe(0);
  });

  it('End selects and shows the last video, Home the first, and arrows keep the focused row whole on screen', async () => {
    const scroller = await open(TOTAL);
    place.target.querySelector<HTMLElement>('[data-index="0"] button')!.focus();
    await press('End');
    expect(focusedRow()).toBe(TOTAL - 1);
    expect(wholeOnScreen(scroller, TOTAL - 1)).toBe(true);
    expect(library.anchor).toBe(TOTAL - 1);

    // Up past the top edge of the screen: each row lands whole on screen as it is reached.
    const onScreen = Math.floor(scroller.clientHeight / ROW);
    for (let step = 1; step <= onScreen + 2; step++) {
      await press('ArrowUp');
      expect(focusedRow()).toBe(TOTAL - 1 - step);
      expect(wholeOnScreen(scroller, TOTAL - 1 - step)).toBe(true);
    }
    // The last steps scrolled: the row brought in from above is exactly at the top edge, not a
    // few pixels off (a scrolled pixel is several pixels of rows here, and scrollTop is rounded).
    expect(rowTop(scroller, TOTAL - 1 - (onScreen + 2))).toBeCloseTo(0, 1);

    await press('Home');
    expect(focusedRow()).toBe(0);
    expect(rowTop(scroller, 0)).toBe(0);
  });

  it('a row in the middle reached by the keyboard is drawn where it is focused (PageDown from the middle)', async () => {
    const scroller = await open(TOTAL);
    await scrollTo(scroller, (scroller.scrollHeight - scroller.clientHeight) / 2);
    const first = firstRowOnScreen(scroller);
    await rowDrawn(first);
    place.target.querySelector<HTMLElement>(`[data-index="${first}"] button`)!.focus();
    await press('PageDown');
    const page = Math.floor(scroller.clientHeight / ROW) - 1;
    expect(focusedRow()).toBe(first + page);
    expect(wholeOnScreen(scroller, first + page)).toBe(true);
    // Down, one at a time past the bottom edge: each row brought in sits exactly on that edge.
    for (let step = 1; step <= 3; step++) {
      await press('ArrowDown');
      expect(focusedRow()).toBe(first + page + step);
      expect(rowTop(scroller, first + page + step)! + ROW).toBeCloseTo(scroller.clientHeight, 1);
    }
  });
});

describe('VideoList under the cap (50,000 videos)', () => {
  it('scrolls pixel for pixel: the spacer is every row, and row n is n × 56 px down', async () => {
    const scroller = await open(50_000);
    expect(scroller.scrollHeight).toBe(50_000 * ROW);
    await scrollTo(scroller, 30_000 * ROW + 20);
    expect(await rowDrawn(30_000)).not.toBeNull();
    expect(rowTop(scroller, 30_000)).toBe(-20);
    expect(rowTop(scroller, 30_001)).toBe(ROW - 20);
    place.target.querySelector<HTMLElement>('[data-index="30001"] button')!.focus();
    await press('End');
    expect(focusedRow()).toBe(49_999);
    expect(scroller.scrollTop).toBe(50_000 * ROW - scroller.clientHeight);
  });
});
