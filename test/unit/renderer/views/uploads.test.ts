// Issue 17 item 11: the Uploads view in Chromium against a stand-in bridge. Active jobs come
// first, finished ones after (never pushing running ones out of view); All / Active / Failed
// / Done filters; "Retry all failed", "Cancel all waiting"; each job shows its folder, and
// one that has not started can be sent to another.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flushSync, mount, unmount } from 'svelte';
import Uploads from '../../../../renderer/src/views/Uploads.svelte';
import { uploads } from '../../../../renderer/src/lib/state/uploads.svelte.ts';
import { library } from '../../../../renderer/src/lib/state/library.svelte.ts';
import type { UploadJob } from '../../../../shared/model.ts';
import type { UploadsQuery } from '../../../../shared/upload-queue.ts';
import { fresh, installAsWindowApi, stubBridge, type StubBridge } from '../bridge-stub.ts';
import { summaryOf, windowOf } from '../queue-stub.ts';

let stub: StubBridge;
let target: HTMLElement;
let component: ReturnType<typeof mount> | null = null;

const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 10));
  flushSync();
};

const job = (id: number, state: UploadJob['state'], extra: Partial<UploadJob> = {}): UploadJob => ({
  id, path: `/v/${id}.mp4`, name: `clip-${id}.mp4`, size: 1000, folderId: 0, state, bytesSent: 0, attempts: 0, error: null, restarted: false,
  videoId: null, downloadUrl: null, embedUrl: null, createdAt: id, finishedAt: state === 'done' ? 100 + id : null, ...extra,
});
const JOBS = [job(1, 'done'), job(2, 'failed'), job(3, 'uploading', { bytesSent: 10 }), job(4, 'waiting'), job(5, 'done'), job(6, 'waiting', { folderId: 7 })];

beforeEach(async () => {
  stub = stubBridge();
  installAsWindowApi(stub);
  stub.handle('uploads:list', (query) => windowOf(JOBS, query as UploadsQuery));
  stub.handle('folders:list', () => ({ folders: [{ id: 7, name: 'Travel', parent: 0, code: 'c7', isPublic: false, openEmbed: false, files: 0, color: '', pending: null }], freshness: fresh }));
  await library.loadFolders();
  target = document.createElement('div');
  target.style.cssText = 'height: 700px; width: 1000px; display: flex; flex-direction: column;';
  // The app's stylesheet gives .screen its height; the virtual list renders rows only within one.
  const style = document.createElement('style');
  style.textContent = '.screen { display: flex; flex-direction: column; height: 100%; }';
  target.append(style);
  document.body.append(target);
  await uploads.load();
});

afterEach(() => {
  if (component) unmount(component);
  component = null;
  target.remove();
  uploads.reset();
});

const names = (): string[] => Array.from(target.querySelectorAll('.job .name')).map((n) => n.textContent ?? '');
const button = (text: RegExp): HTMLButtonElement => Array.from(target.querySelectorAll('button')).find((b) => text.test(b.textContent ?? ''))!;

describe('the Uploads view', () => {
  it('lists the jobs in the order the core answers (active first, then finished and failed ones newest first)', async () => {
    component = mount(Uploads, { target });
    await settle();
    expect(names()).toEqual(['clip-3.mp4', 'clip-4.mp4', 'clip-6.mp4', 'clip-5.mp4', 'clip-1.mp4', 'clip-2.mp4']);
  });

  it('filters All / Active / Failed / Done, with their counts', async () => {
    component = mount(Uploads, { target });
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
    component = mount(Uploads, { target });
    await settle();
    button(/Retry all failed/).click();
    button(/Cancel all waiting/).click();
    await settle();
    expect(stub.calls.map((c) => c.method)).toEqual(expect.arrayContaining(['uploads:retryFailed', 'uploads:cancelWaiting']));
  });

  it('shows each job’s folder; one not started can go to another', async () => {
    stub.handle('uploads:move', () => summaryOf(JOBS));
    component = mount(Uploads, { target });
    await settle();
    const running = Array.from(target.querySelectorAll('.job')).find((row) => row.textContent?.includes('clip-3.mp4'))!;
    expect(running.querySelector('select')).toBeNull();
    expect(running.querySelector('.dest-text')?.textContent).toContain('Home');
    const select = target.querySelector<HTMLSelectElement>('select[aria-label="Folder for clip-6.mp4"]')!;
    expect(select.value).toBe('7');
    select.value = '0';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await settle();
    expect(stub.calls.find((c) => c.method === 'uploads:move')?.input).toEqual({ id: 6, folderId: 0 });
  });
});
