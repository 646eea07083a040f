// The folder tree in Chromium (issue 17 items 8 and 10): one Tab stop whatever the number of
// folders, the WAI-ARIA tree keys, and a 100-character name clamped with its count in view.
import { beforeEach, describe, expect, it } from 'vitest';
import { flushSync, mount } from 'svelte';
import FolderTree from '../../../../renderer/src/components/library/FolderTree.svelte';
import { library } from '../../../../renderer/src/lib/state/library.svelte.ts';
import type { Folder } from '../../../../shared/model.ts';
import { fresh, installAsWindowApi, stubBridge } from '../bridge-stub.ts';
import { mountPlace } from '../mount-place.ts';

const LONG = 'A very long folder name that somebody typed to describe everything in it, and then some more words';
const folder = (id: number, name: string, parent = 0): Folder => ({ id, name, parent, code: `c${id}`, isPublic: false, openEmbed: false, files: id * 7, color: '', pending: null });
const folders = [folder(1, 'Travel'), folder(2, 'Japan', 1), folder(3, 'Iceland', 1), folder(4, LONG), ...Array.from({ length: 60 }, (_, i) => folder(10 + i, `Project ${i}`))];

const place = mountPlace('height: 600px; width: 220px; display: flex;');
const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 10));
  flushSync();
};

beforeEach(async () => {
  const stub = stubBridge();
  installAsWindowApi(stub);
  stub.handle('folders:list', () => ({ folders, freshness: fresh }));
  stub.handle('videos:list', (input) => ({ items: [], total: 0, offset: (input as { offset: number }).offset, freshness: fresh }));
  await library.load();
  place.component = mount(FolderTree, { target: place.target });
  await settle();
});

const items = (): HTMLElement[] => Array.from(place.target.querySelectorAll<HTMLElement>('[role="treeitem"]'));
const named = (name: string): HTMLElement => items().find((i) => i.querySelector('.name')?.textContent === name)!;
const press = async (key: string): Promise<void> => {
  (document.activeElement as HTMLElement).dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  await settle();
};

describe('FolderTree: keyboard and long names', () => {
  it('is one Tab stop, however many folders', () => {
    expect(items().length).toBeGreaterThan(60);
    expect(items().filter((i) => i.tabIndex === 0)).toHaveLength(1);
    expect(place.target.querySelectorAll('button.rename[tabindex="0"]')).toHaveLength(0);
    expect(place.target.querySelector('[role="tree"]')).not.toBeNull();
  });

  it('moves with the arrows, closes and opens a branch, and shows a folder with Enter', async () => {
    named('Home').focus();
    await press('ArrowDown');
    expect(document.activeElement?.textContent).toContain('A very long');
    await press('End');
    expect(document.activeElement?.textContent).toContain('Japan');
    await press('ArrowLeft');
    expect(document.activeElement?.textContent).toContain('Travel');
    expect(document.activeElement?.getAttribute('aria-expanded')).toBe('true');
    await press('ArrowLeft');
    expect(named('Travel').getAttribute('aria-expanded')).toBe('false');
    expect(items().some((i) => i.textContent?.includes('Japan'))).toBe(false);
    await press('ArrowRight');
    expect(items().some((i) => i.textContent?.includes('Japan'))).toBe(true);
    await press('ArrowRight');
    expect(document.activeElement?.textContent).toContain('Iceland');
    await press('Enter');
    expect(library.folderId).toBe(3);
    expect(items().filter((i) => i.tabIndex === 0)).toEqual([named('Iceland')]);
    await press('ArrowLeft');
    expect(document.activeElement?.textContent).toContain('Travel');
    await press('p');
    expect(document.activeElement?.textContent).toContain('Project 0');
  });

  // Arabic: <html dir="rtl"> (applyDocumentLocale). The WAI-ARIA tree pattern swaps the
  // horizontal arrows right to left: ArrowLeft opens a branch and steps into it, ArrowRight
  // closes it and steps out to the parent.
  it('swaps ArrowLeft and ArrowRight when the window reads right to left', async () => {
    document.documentElement.dir = 'rtl';
    try {
      named('Travel').focus();
      await press('ArrowRight');
      expect(named('Travel').getAttribute('aria-expanded')).toBe('false');
      expect(items().some((i) => i.textContent?.includes('Japan'))).toBe(false);
      await press('ArrowLeft');
      expect(named('Travel').getAttribute('aria-expanded')).toBe('true');
      await press('ArrowLeft');
      expect(document.activeElement?.textContent).toContain('Iceland');
      await press('ArrowRight');
      expect(document.activeElement?.textContent).toContain('Travel');
      expect(named('Travel').getAttribute('aria-expanded')).toBe('true');
    } finally {
      document.documentElement.dir = 'ltr';
    }
  });

  it('clamps a 100-character name with an ellipsis and a tooltip, and keeps its count in view', () => {
    const tree = place.target.querySelector<HTMLElement>('.tree')!;
    const long = named(LONG);
    expect(tree.scrollWidth).toBeLessThanOrEqual(tree.clientWidth + 1);
    expect(long.getAttribute('title')).toBe(LONG);
    const count = long.querySelector<HTMLElement>('.files')!.getBoundingClientRect();
    expect(count.right).toBeLessThanOrEqual(tree.getBoundingClientRect().right);
    expect(count.width).toBeGreaterThan(0);
  });
});
