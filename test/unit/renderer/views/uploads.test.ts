// Issue 17 item 11: the Uploads view in Chromium against a stand-in bridge. Active jobs come
// first, finished ones after (never pushing running ones out of view); All / Active / Failed
// / Done filters; "Retry all failed", "Cancel all waiting"; each job shows its folder, and
// one that has not started can be sent to another.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flushSync, mount } from 'svelte';
import Uploads from '../../../../renderer/src/views/Uploads.svelte';
import { uploads } from '../../../../renderer/src/lib/state/uploads.svelte.ts';
import { library } from '../../../../renderer/src/lib/state/library.svelte.ts';
import type { UploadJob } from '../../../../shared/model.ts';
import type { UploadsQuery } from '../../../../shared/upload-queue.ts';
import { fresh, installAsWindowApi, stubBridge, type StubBridge } from '../bridge-stub.ts';
import { summaryOf, windowOf } from '../queue-stub.ts';
import { mountPlace } from '../mount-place.ts';

let stub: StubBridge;

const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 10));
  flushSync();
};

const job = (id: number, state: UploadJob['state'], extra: Partial<UploadJob> = {}): UploadJob => ({
  id, path: `/v/${id}.mp4`, name: `clip-${id}.mp4`, size: 1000, folderId: 0, state, bytesSent: 0, attempts: 0, error: null, restarted: false,
  videoId: null, downloadUrl: null, embedUrl: null, createdAt: id, finishedAt: state === 'done' ? 100 + id : null, ...extra,
});
const JOBS = [job(1, 'done'), job(2, 'failed'), job(3, 'uploading', { bytesSent: 10 }), job(4, 'waiting'), job(5, 'done'), job(6, 'waiting', { folderId: 7 })];

// Registered before mountPlace, so it runs after the unmount (see mount-place.ts).
afterEach(() => {
  uploads.reset();
});

const place = mountPlace('height: 700px; width: 1000px; display: flex; flex-direction: column;');

beforeEach(async () => {
  stub = stubBridge();
  installAsWindowApi(stub);
  stub.handle('uploads:list', (query) => windowOf(JOBS, query as UploadsQuery));
  stub.handle('folders:list', () => ({ folders: [{ id: 7, name: 'Travel', parent: 0, code: 'c7', isPublic: false, openEmbed: false, files: 0, color: '', pending: null }], freshness: fresh }));
  await library.loadFolders();
  // The app's stylesheet gives .screen its height; the virtual list renders rows only within one.
  const style = document.createElement('style');
  style.textContent = '.screen { display: flex; flex-direction: column; height: 100%; }';
  place.target.append(style);
  await uploads.load();
});

const names = (): string[] => Array.from(place.target.querySelectorAll('.job .name')).map((n) => n.textContent ?? '');
const button = (text: RegExp): HTMLButtonElement => Array.from(place.target.querySelectorAll('button')).find((b) => text.test(b.textContent ?? ''))!;

describe('the Uploads view', () => {
  it('lists the jobs in the order the core answers (active first, then finished and failed ones newest first)', async () => {
    place.component = mount(Uploads, { target: place.target });
    await settle();
    expect(names()).toEqual(['clip-3.mp4', 'clip-4.mp4', 'clip-6.mp4', 'clip-5.mp4', 'clip-1.mp4', 'clip-2.mp4']);
  });

  it('filters All / Active / Failed / Done, with their counts', async () => {
    place.component = mount(Uploads, { target: place.target });
    await settle();
    expect(button(/^Failed/).textContent).toContain('1');
    button(/^Failed/).click();
    await settle();
    expect(names()).toEqual(['clip-2.mp4']);
    button(/^Done/).click();
    await settle();
    expect(names()).toEqual(['clip-5.mp4', 'clip-1.mp4']);
    button(/^Active/).click();
    await settle();
    expect(names()).toEqual(['clip-3.mp4', 'clip-4.mp4', 'clip-6.mp4']);
  });

  it('retries all failed and cancels all waiting through the core', async () => {
    stub.handle('uploads:retryFailed', () => summaryOf(JOBS));
    stub.handle('uploads:cancelWaiting', () => summaryOf(JOBS));
    place.component = mount(Uploads, { target: place.target });
    await settle();
    button(/Retry all failed/).click();
    button(/Cancel all waiting/).click();
    await settle();
    expect(stub.calls.map((c) => c.method)).toEqual(expect.arrayContaining(['uploads:retryFailed', 'uploads:cancelWaiting']));
  });

  it('shows each job’s folder; one not started can go to another', async () => {
    stub.handle('uploads:move', () => summaryOf(JOBS));
    place.component = mount(Uploads, { target: place.target });
    await settle();
    const running = Array.from(place.target.querySelectorAll('.job')).find((row) => row.textContent?.includes('clip-3.mp4'))!;
    expect(running.querySelector('select')).toBeNull();
    expect(running.querySelector('.dest-text')?.textContent).toContain('Home');
    const select = place.target.querySelector<HTMLSelectElement>('select[aria-label="Folder for clip-6.mp4"]')!;
    expect(select.value).toBe('7');
    select.value = '0';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await settle();
    expect(stub.calls.find((c) => c.method === 'uploads:move')?.input).toEqual({ id: 6, folderId: 0 });
  });
});
