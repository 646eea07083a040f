// Issue 17, minor items, in Chromium against a stand-in bridge: a WebP dropped on the
// thumbnail panel gets the thumbnail check's answer (not the upload queue's "not a video");
// the skipped-files notice lists every file with its reason.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flushSync, mount, unmount } from 'svelte';
import ThumbnailPanel from '../../../../renderer/src/components/thumbnails/ThumbnailPanel.svelte';
import NoticeArea from '../../../../renderer/src/components/shell/NoticeArea.svelte';
import { thumbnails } from '../../../../renderer/src/lib/state/thumbnails.svelte.ts';
import { notices } from '../../../../renderer/src/lib/state/notices.svelte.ts';
import { drop } from '../../../../renderer/src/lib/state/drop.svelte.ts';
import Remote from '../../../../renderer/src/views/Remote.svelte';
import { remote } from '../../../../renderer/src/lib/state/remote.svelte.ts';
import { session } from '../../../../renderer/src/lib/state/session.svelte.ts';
import type { Video } from '../../../../shared/model.ts';
import { installAsWindowApi, stubBridge, type StubBridge } from '../bridge-stub.ts';
import { mountPlace } from '../mount-place.ts';

let stub: StubBridge;

const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 10));
  flushSync();
};

beforeEach(() => {
  stub = stubBridge();
  installAsWindowApi(stub);
});

// Registered before mountPlace, so it runs after the unmount (see mount-place.ts).
afterEach(() => {
  thumbnails.discard();
  notices.clear();
});

const place = mountPlace();

const video: Video = { id: 'abcdefghijkl', folderId: 0, name: 'Trip', createdAt: '2024-01-01 00:00:00', isPublic: true, views: 0, size: 1, skipIntro: 0, downloadUrl: '', embedUrl: '', thumbnailUrl: '', splashUrl: '', pending: null };

describe('a WebP dropped on the thumbnail panel', () => {
  it('gets the thumbnail’s own answer, and nothing goes to the upload queue', async () => {
    stub.fail('videos:checkThumbnail', { code: 'validation', message: '“cover.webp” is a WebP image; the service takes JPEG or PNG only.', retryable: false });
    // The window's drop zone would queue it as an upload if the panel let it through.
    let fellThrough = false;
    place.target.addEventListener('drop', () => (fellThrough = true));
    place.component = mount(ThumbnailPanel, { target: place.target, props: { video } });
    flushSync();
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(12)], 'cover.webp', { type: 'image/webp' }));
    place.target.querySelector('section')!.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: transfer }));
    await settle();
    expect(fellThrough).toBe(false);
    expect(place.target.textContent).toContain('JPEG or PNG only');
    expect(stub.calls.map((c) => c.method)).not.toContain('uploads:add');
  });
});

describe('Remove custom', () => {
  it('is offered only when a custom thumbnail is known', () => {
    const label = (): string[] => Array.from(place.target.querySelectorAll('button')).map((b) => b.textContent?.trim() ?? '');
    place.component = mount(ThumbnailPanel, { target: place.target, props: { video } });
    flushSync();
    expect(label()).not.toContain('Remove custom');
    unmount(place.component);
    place.component = mount(ThumbnailPanel, { target: place.target, props: { video: { ...video, customThumbnail: true } } });
    flushSync();
    expect(label()).toContain('Remove custom');
  });
});

describe('the skipped-files notice', () => {
  it('lists every skipped file with its reason, on request', async () => {
    stub.handle('uploads:add', () => ({
      added: [],
      skipped: [
        { path: '/d/notes.txt', reason: { code: 'skip_not_video', params: {} } },
        { path: '/d/.DS_Store', reason: { code: 'skip_hidden', params: {} } },
        { path: '/d/empty.mp4', reason: { code: 'skip_empty', params: {} } },
      ],
    }));
    place.component = mount(NoticeArea, { target: place.target });
    await drop.uploadPaths(['/d'], 0);
    await settle();
    expect(place.target.textContent).toContain('3 files skipped');
    expect(place.target.textContent).not.toContain('more)');
    const details = place.target.querySelector('details')!;
    expect(details.querySelector('summary')?.textContent).toBe('Show all 3');
    expect(Array.from(details.querySelectorAll('li')).map((li) => li.textContent)).toEqual([
      'notes.txt: Not a video file.',
      '.DS_Store: A hidden or system file.',
      'empty.mp4: The file is empty.',
    ]);
  });
});

describe('a finished remote import', () => {
  it('links to the video it became (shown in the library) and copies its link', async () => {
    const item = {
      localId: 1,
      remoteId: 'abcdefghijkl',
      url: 'https://cdn.example/Harbour%20at%20dawn.mp4',
      folderId: 0,
      status: 'completed',
      active: false,
      bytesDownloaded: 10,
      bytesTotal: 10,
      created: '2026-11-23 04:00:00',
      error: null,
      video: { id: 'zyxwvutsrqpo', name: 'Harbour at dawn.mp4', downloadUrl: 'https://video.example/d/zyxwvutsrqpo', embedUrl: 'https://video.example/e/zyxwvutsrqpo' },
    };
    stub.handle('remote:list', () => ({ items: [item], slots: null, waitingLocally: 0 }));
    stub.handle('clipboard:writeText', () => ({ ok: true }));
    stub.handle('videos:list', () => ({ items: [], total: 0, offset: 0, freshness: { fetchedAt: 1, stale: false } }));
    place.component = mount(Remote, { target: place.target });
    await settle();
    Array.from(place.target.querySelectorAll('button')).find((b) => b.textContent === 'Copy link')!.click();
    await settle();
    expect(stub.calls.find((c) => c.method === 'clipboard:writeText')?.input).toEqual({ text: 'https://video.example/d/zyxwvutsrqpo' });
    Array.from(place.target.querySelectorAll('button')).find((b) => b.textContent === 'Harbour at dawn.mp4')!.click();
    await settle();
    expect(session.screen).toBe('library');
    remote.reset();
    session.reset();
  });
});
