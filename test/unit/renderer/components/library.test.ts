// Library components mounted in Chromium against a stand-in bridge: the tree as a drop
// target and rename form, and the virtual list over a very large folder.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushSync, mount } from 'svelte';
import FolderTree from '../../../../renderer/src/components/library/FolderTree.svelte';
import VideoList from '../../../../renderer/src/components/library/VideoList.svelte';
import { library } from '../../../../renderer/src/lib/state/library.svelte.ts';
import { drop } from '../../../../renderer/src/lib/state/drop.svelte.ts';
import type { Folder, Video } from '../../../../shared/model.ts';
import { fresh, installAsWindowApi, stubBridge, type StubBridge } from '../bridge-stub.ts';
import { mountPlace } from '../mount-place.ts';

const folder = (id: number, name: string, parent = 0, pending: Folder['pending'] = null): Folder => ({ id, name, parent, code: `c${id}`, isPublic: false, openEmbed: false, files: id * 10, color: '', pending });
const video = (i: number): Video => ({ id: `v${String(i).padStart(11, '0')}`, folderId: 0, name: `Video number ${i}`, createdAt: '2024-05-01 10:00:00', isPublic: true, views: i, size: 1_000_000 + i, skipIntro: 0, downloadUrl: '', embedUrl: '', thumbnailUrl: '', splashUrl: '', pending: null });

let stub: StubBridge;

const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 10));
  flushSync();
};

beforeEach(() => {
  stub = stubBridge();
  installAsWindowApi(stub);
  stub.handle('folders:list', () => ({ folders: [folder(1, 'Travel'), folder(2, 'Japan', 1), folder(3, 'Drafts', 0, 'pending')], freshness: fresh }));
  stub.handle('videos:list', (input) => {
    const { offset, limit } = input as { offset: number; limit: number };
    const total = 50_000;
    return { items: Array.from({ length: Math.min(limit, total - offset) }, (_, i) => video(offset + i)), total, offset, freshness: fresh };
  });
});

// Registered before mountPlace, so it runs after the unmount (see mount-place.ts).
afterEach(() => {
  drop.end();
});

const place = mountPlace('height: 600px; width: 900px; display: flex;');

describe('FolderTree', () => {
  it('shows nesting, counts and pending folders', async () => {
    await library.load();
    place.component = mount(FolderTree, { target: place.target });
    flushSync();
    const names = Array.from(place.target.querySelectorAll('button.folder .name')).map((n) => n.textContent);
    expect(names).toEqual(['Home', 'Drafts', 'Travel', 'Japan']);
    // A mark with words for screen readers, not a word badge that takes the name's room (issue 26).
    expect(place.target.querySelector('button.folder .mark .visually-hidden')?.textContent).toBe('change pending');
  });

  it('files dropped on a folder upload into that folder, not the one on screen', async () => {
    stub.handle('uploads:add', () => ({ added: [], skipped: [] }));
    await library.load();
    place.component = mount(FolderTree, { target: place.target });
    flushSync();
    const japan = Array.from(place.target.querySelectorAll<HTMLButtonElement>('button.folder')).find((b) => b.textContent?.includes('Japan'));
    const transfer = new DataTransfer();
    transfer.items.add(new File(['x'], 'clip.mp4'));
    japan?.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: transfer }));
    expect(drop.targetName).toBe('Japan');
    japan?.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: transfer }));
    await settle();
    expect(stub.calls.find((c) => c.method === 'uploads:add')?.input).toEqual({ paths: ['/granted/clip.mp4'], folderId: 2 });
  });

  it('warns before creating a second folder with a name already in use (issue 17 minor)', async () => {
    stub.handle('folders:create', (input) => folder(9, (input as { name: string }).name));
    await library.load();
    place.component = mount(FolderTree, { target: place.target });
    flushSync();
    Array.from(place.target.querySelectorAll('button')).find((b) => b.textContent === '+ New folder')!.click();
    flushSync();
    const input = place.target.querySelector<HTMLInputElement>('#new-folder')!;
    input.value = ' travel ';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    flushSync();
    expect(place.target.querySelector('.clash')?.textContent).toContain('A folder named “Travel” already exists');
    expect(place.target.querySelector<HTMLButtonElement>('form.edit button[type="submit"]')?.textContent).toBe('Create anyway');
    input.value = 'Holidays';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    flushSync();
    expect(place.target.querySelector('.clash')).toBeNull();
    expect(place.target.querySelector<HTMLButtonElement>('form.edit button[type="submit"]')?.textContent).toBe('Create');
  });

  it('F2 renames a folder', async () => {
    stub.handle('folders:rename', (input) => ({ ...folder(2, (input as { name: string }).name, 1) }));
    await library.load();
    place.component = mount(FolderTree, { target: place.target });
    flushSync();
    const japan = Array.from(place.target.querySelectorAll<HTMLButtonElement>('button.folder')).find((b) => b.textContent?.includes('Japan'));
    japan?.dispatchEvent(new KeyboardEvent('keydown', { key: 'F2', bubbles: true }));
    flushSync();
    const input = place.target.querySelector<HTMLInputElement>('#rename-folder');
    expect(document.activeElement).toBe(input);
    input!.value = 'Japan 2024';
    input!.dispatchEvent(new Event('input', { bubbles: true }));
    input!.form?.requestSubmit();
    await settle();
    expect(stub.calls.find((c) => c.method === 'folders:rename')?.input).toEqual({ id: 2, name: 'Japan 2024' });
    expect(Array.from(place.target.querySelectorAll('button.folder .name')).map((n) => n.textContent)).toContain('Japan 2024');
    expect((document.activeElement as HTMLElement | null)?.dataset.folderId).toBe('2');
  });

  it('Escape after F2 puts keyboard focus back on the folder\'s row (issue 26)', async () => {
    await library.load();
    place.component = mount(FolderTree, { target: place.target });
    flushSync();
    const japan = () => place.target.querySelector<HTMLElement>('[data-folder-id="2"]')!;
    japan().focus();
    japan().dispatchEvent(new KeyboardEvent('keydown', { key: 'F2', bubbles: true }));
    flushSync();
    const input = place.target.querySelector<HTMLInputElement>('#rename-folder')!;
    expect(document.activeElement).toBe(input);
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await settle();
    expect(place.target.querySelector('#rename-folder')).toBeNull();
    expect(document.activeElement).toBe(japan());
    expect(stub.calls.some((c) => c.method === 'folders:rename')).toBe(false);
  });
});

describe('VideoList', () => {
  it('renders a window of rows for 50,000 videos and loads pages as it scrolls', async () => {
    await library.openFolder(0);
    place.component = mount(VideoList, { target: place.target });
    await settle();
    const rows = place.target.querySelectorAll('[data-video-id]');
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(60);
    expect(place.target.textContent).toContain('50,000 videos');

    const viewport = place.target.querySelector<HTMLElement>('.viewport > div')!;
    viewport.scrollTop = 56 * 30_000;
    viewport.dispatchEvent(new Event('scroll'));
    await settle();
    const offsets = stub.calls.filter((c) => c.method === 'videos:list').map((c) => (c.input as { offset: number }).offset);
    expect(offsets).toContain(30_000 - (30_000 % 200));
    await settle();
    expect(place.target.textContent).toContain('Video number 300');
  });

  it('rows that appear while the list scrolls show their thumbnails once it rests, and keep them (issue 33)', async () => {
    stub.handle('videos:list', (input) => {
      const { offset, limit } = input as { offset: number; limit: number };
      const total = 50_000;
      // A data: image: the rows' thumbnails without a server (the CSP allows data: images).
      const items = Array.from({ length: Math.min(limit, total - offset) }, (_, i) => ({ ...video(offset + i), thumbnailUrl: 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7' }));
      return { items, total, offset, freshness: fresh };
    });
    await library.openFolder(0);
    place.component = mount(VideoList, { target: place.target });
    await settle();
    // At rest: the first screen's rows show theirs.
    for (let i = 0; i < 50 && place.target.querySelectorAll('.thumb img').length === 0; i++) await settle();
    expect(place.target.querySelectorAll('.thumb img').length).toBe(place.target.querySelectorAll('[data-video-id]').length);

    const viewport = place.target.querySelector<HTMLElement>('.viewport > div')!;
    const frame = async () => {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      flushSync();
    };
    const images = () => place.target.querySelectorAll('.thumb img').length;
    // The list's rest timer held still: "moving" lasts until the test says the time has passed.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      viewport.scrollTop = 56 * 20_000;
      viewport.dispatchEvent(new Event('scroll'));
      for (let i = 0; i < 200 && !place.target.textContent?.includes('Video number 20001'); i++) await frame();
      // Still moving: the rows that flew in have no image yet.
      expect(place.target.textContent).toContain('Video number 20001');
      expect(images()).toBe(0);
      // At rest: every row shown fetches its thumbnail.
      vi.advanceTimersByTime(150);
      await frame();
      expect(images()).toBe(place.target.querySelectorAll('[data-video-id]').length);
      // Moving a little again: rows that had theirs keep them.
      viewport.scrollTop += 56;
      viewport.dispatchEvent(new Event('scroll'));
      await frame();
      await frame();
    } finally {
      vi.useRealTimers();
    }
    const kept = Array.from(place.target.querySelectorAll('[data-video-id]')).filter((row) => row.querySelector('.thumb img')).length;
    expect(kept).toBeGreaterThan(5);
  });

  it('click, ctrl-click and shift-click select like a desktop list', async () => {
    await library.openFolder(0);
    place.component = mount(VideoList, { target: place.target });
    await settle();
    const buttons = () => Array.from(place.target.querySelectorAll<HTMLButtonElement>('[data-video-id]'));
    buttons()[1]!.click();
    buttons()[3]!.dispatchEvent(new MouseEvent('click', { bubbles: true, shiftKey: true }));
    flushSync();
    expect(buttons().filter((b) => b.getAttribute('aria-pressed') === 'true')).toHaveLength(3);
    buttons()[2]!.dispatchEvent(new MouseEvent('click', { bubbles: true, ctrlKey: true }));
    flushSync();
    expect(buttons().filter((b) => b.getAttribute('aria-pressed') === 'true').map((b) => b.dataset.videoId)).toEqual([video(1).id, video(3).id]);
  });
});
