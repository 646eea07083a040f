// Welcome, thumbnail and upload components in Chromium against a stand-in bridge.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flushSync, mount, unmount } from 'svelte';
import Welcome from '../../../../renderer/src/views/Welcome.svelte';
import ThumbnailPanel from '../../../../renderer/src/components/thumbnails/ThumbnailPanel.svelte';
import UploadRow from '../../../../renderer/src/components/uploads/UploadRow.svelte';
import { session } from '../../../../renderer/src/lib/state/session.svelte.ts';
import { thumbnails } from '../../../../renderer/src/lib/state/thumbnails.svelte.ts';
import type { UploadJob, Video } from '../../../../shared/model.ts';
import { accountsViewOf, installAsWindowApi, stubBridge, type StubBridge } from '../bridge-stub.ts';
import { mountPlace } from '../mount-place.ts';

let stub: StubBridge;

beforeEach(() => {
  stub = stubBridge();
  installAsWindowApi(stub);
});

// Registered before mountPlace, so it runs after the unmount (see mount-place.ts).
afterEach(() => {
  thumbnails.discard();
});

const place = mountPlace();

const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 10));
  flushSync();
};

function type(selector: string, value: string): void {
  const input = place.target.querySelector<HTMLInputElement>(selector)!;
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

describe('Welcome', () => {
  async function mountWelcome(packaged: boolean): Promise<void> {
    stub.handle('app:info', () => ({ name: 'Vidlift', version: '1', platform: 'linux', packaged, sandboxAvailable: !packaged }));
    stub.handle('accounts:list', () => accountsViewOf(null));
    await session.load();
    place.component = mount(Welcome, { target: place.target });
    flushSync();
  }

  it('says in words why a key was refused, by its code', async () => {
    await mountWelcome(false);
    type('input[name="baseUrl"]', 'https://api.example.test');
    type('input[name="key"]', 'WRONGKEY00000000');
    flushSync();
    for (const [code, words] of [
      ['unauthorized', /did not accept this API key/],
      ['offline', /Nothing answered at this address/],
      ['unavailable', /no keychain is available/],
    ] as const) {
      stub.fail('accounts:add', { code, message: 'service text', retryable: false });
      place.target.querySelector('form')!.requestSubmit();
      await settle();
      const alert = place.target.querySelector('[role="alert"]');
      expect(alert?.getAttribute('data-code')).toBe(code);
      expect(alert?.textContent).toMatch(words);
    }
    expect(stub.calls.find((c) => c.method === 'accounts:add')?.input).toEqual({ baseUrl: 'https://api.example.test', key: 'WRONGKEY00000000' });
  });

  it('takes the problem away once another address is typed (issue 26: no stale message)', async () => {
    await mountWelcome(false);
    type('input[name="baseUrl"]', 'https://api.wrong.test');
    type('input[name="key"]', 'SOMEKEY000000000');
    flushSync();
    stub.fail('accounts:add', { code: 'offline', message: 'service text', retryable: true });
    place.target.querySelector('form')!.requestSubmit();
    await settle();
    expect(place.target.querySelector('[role="alert"]')?.textContent).toMatch(/Nothing answered at this address/);
    type('input[name="baseUrl"]', 'https://api.example.test');
    flushSync();
    expect(place.target.querySelector('[role="alert"]')).toBeNull();
  });

  it('offers the sandbox only in the source tree', async () => {
    await mountWelcome(false);
    expect(place.target.textContent).toContain('Try with the local sandbox');
    unmount(place.component!);
    place.component = null;
    await mountWelcome(true);
    expect(place.target.textContent).not.toContain('Try with the local sandbox');
  });
});

const video: Video = { id: 'abcdefghijkl', folderId: 0, name: 'Trip', createdAt: '2024-01-01 00:00:00', isPublic: true, views: 0, size: 1, skipIntro: 0, downloadUrl: '', embedUrl: '', thumbnailUrl: '', splashUrl: '', pending: null };

describe('ThumbnailPanel', () => {
  it('previews a dropped image, shows its check, queues it and counts down', async () => {
    stub.handle('videos:checkThumbnail', () => ({ type: 'png', width: 640, height: 360, size: 2048 }));
    stub.handle('videos:setThumbnail', () => ({ waiting: 1, nextSlotAt: Date.now() + 42_000 }));
    place.component = mount(ThumbnailPanel, { target: place.target, props: { video } });
    flushSync();
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(8)], 'cover.png', { type: 'image/png' }));
    place.target.querySelector('section')!.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: transfer }));
    await settle();
    expect(place.target.querySelector<HTMLImageElement>('img[alt^="New thumbnail"]')?.src).toMatch(/^blob:/);
    expect(place.target.textContent).toContain('PNG · 640 × 360');
    const use = Array.from(place.target.querySelectorAll('button')).find((b) => b.textContent === 'Use this image')!;
    use.click();
    await settle();
    // (The frame picker, back once the draft is gone, also asks for the video's local file.)
    expect(stub.calls.filter((c) => c.method !== 'videos:localFile').at(-1)).toEqual({ method: 'videos:setThumbnail', input: { id: 'abcdefghijkl', path: '/granted/cover.png' } });
    expect(place.target.querySelector('[role="status"]')?.textContent).toMatch(/1 waiting .* next in 4[12] s/);
  });

  it('says plainly when the service cannot take thumbnails yet', async () => {
    stub.handle('videos:checkThumbnail', () => ({ type: 'jpeg', width: 100, height: 100, size: 10 }));
    stub.fail('videos:setThumbnail', { code: 'unavailable', message: 'not deployed', retryable: false });
    place.component = mount(ThumbnailPanel, { target: place.target, props: { video } });
    await thumbnails.propose(video.id, { path: '/p/a.jpg' });
    flushSync();
    Array.from(place.target.querySelectorAll('button')).find((b) => b.textContent === 'Use this image')!.click();
    await settle();
    expect(place.target.querySelector('[role="alert"]')?.textContent).toMatch(/cannot take thumbnail images yet/);
  });
});

describe('UploadRow', () => {
  const job = (state: UploadJob['state'], extra: Partial<UploadJob> = {}): UploadJob => ({ id: 7, path: '/v/a.mp4', name: 'a.mp4', size: 2_000_000, folderId: 0, state, bytesSent: 500_000, attempts: 1, error: null, restarted: false, videoId: null, downloadUrl: null, embedUrl: null, createdAt: 1, finishedAt: null, ...extra });
  const buttons = () => Array.from(place.target.querySelectorAll('button')).map((b) => b.textContent?.trim());

  it('shows progress and the actions that fit the state', () => {
    place.component = mount(UploadRow, { target: place.target, props: { job: job('uploading') } });
    flushSync();
    expect(place.target.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('25');
    expect(buttons()).toEqual(['Pause', 'Cancel']);
  });

  it('a failure shows its message and Retry; a crash restart says so', () => {
    place.component = mount(UploadRow, { target: place.target, props: { job: job('failed', { error: { code: 'server', message: 'The file server refused the file.', retryable: true } }) } });
    flushSync();
    expect(place.target.textContent).toContain('The file server refused the file.');
    expect(buttons()).toEqual(['Retry']);
    unmount(place.component);
    place.component = mount(UploadRow, { target: place.target, props: { job: job('waiting', { restarted: true }) } });
    flushSync();
    expect(place.target.textContent).toMatch(/starts again from the beginning/);
    expect(place.target.textContent).toContain('(restarted)');
  });
});
