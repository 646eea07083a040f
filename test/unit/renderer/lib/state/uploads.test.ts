import { describe, expect, it } from 'vitest';
import { Uploads, canCancel, canPause, canResume, canRetry } from '../../../../../renderer/src/lib/state/uploads.svelte.ts';
import type { UploadJob } from '../../../../../shared/model.ts';
import type { UploadsQuery } from '../../../../../shared/upload-queue.ts';
import { stubBridge } from '../../bridge-stub.ts';
import { summaryOf, windowOf } from '../../queue-stub.ts';

function job(id: number, state: UploadJob['state'], bytesSent = 0): UploadJob {
  return { id, path: `/v/${id}.mp4`, name: `${id}.mp4`, size: 1000, folderId: 0, state, bytesSent, attempts: 0, error: null, restarted: false, videoId: null, downloadUrl: null, embedUrl: null, createdAt: id, finishedAt: null };
}
const totals = { bytesSent: 0, bytesTotal: 2000, speed: 0, etaSeconds: null, active: 1, waiting: 1, done: 0, failed: 0 };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('Uploads', () => {
  it('follows uploads:changed (figures, then the rows on screen read again) and uploads:progress', async () => {
    const stub = stubBridge();
    let jobs = [job(1, 'uploading', 100), job(2, 'waiting')];
    stub.handle('uploads:list', (query) => windowOf(jobs, query as UploadsQuery));
    const uploads = new Uploads(stub.client);
    const stop = uploads.start();
    await uploads.load();
    const first = uploads.rows[0]!;
    expect(uploads.bytesSent(first)).toBe(100);
    stub.emit('uploads:progress', { jobs: [{ id: 1, bytesSent: 600, size: 1000, speed: 500, etaSeconds: 1 }], totals: { ...totals, bytesSent: 600 } });
    expect(uploads.bytesSent(first)).toBe(600);
    expect(uploads.totals.bytesSent).toBe(600);
    jobs = [job(1, 'done', 1000), job(2, 'uploading')];
    stub.emit('uploads:changed', summaryOf(jobs));
    expect(uploads.counts).toMatchObject({ done: 1, uploading: 1 });
    await settle();
    expect(uploads.rows.map((j) => j?.state)).toEqual(['uploading', 'done']);
    expect(uploads.progress.size).toBe(0);
    stop();
  });

  it('reads a queue of 1,000 a page at a time: the first, then the ones the list scrolls near', async () => {
    const stub = stubBridge();
    const jobs = Array.from({ length: 1000 }, (_, i) => job(i + 1, i % 10 === 0 ? 'failed' : 'waiting'));
    stub.handle('uploads:list', (query) => windowOf(jobs, query as UploadsQuery));
    const uploads = new Uploads(stub.client);
    await uploads.load();
    expect(uploads.total).toBe(1000);
    expect(uploads.rows).toHaveLength(1000);
    expect(uploads.rows.filter(Boolean)).toHaveLength(100);
    expect(uploads.count('failed')).toBe(100);
    await uploads.ensureRange(450, 470);
    expect(uploads.rows[460]?.id).toBe(513); // waiting ones first in queue order (every tenth failed one after them)
    expect(uploads.rows.filter(Boolean)).toHaveLength(200);
    expect(stub.calls.map((c) => c.input)).toEqual([
      { filter: 'all', offset: 0, limit: 100 },
      { filter: 'all', offset: 400, limit: 100 },
    ]);
    await uploads.showFilter('failed');
    expect(uploads.total).toBe(100);
    expect(uploads.rows.every((j) => j?.state === 'failed')).toBe(true);
  });

  it('sends add, pause and resume, and reads the figures and rows after each', async () => {
    const stub = stubBridge();
    let jobs: UploadJob[] = [];
    let paused = false;
    stub.handle('uploads:list', (query) => windowOf(jobs, query as UploadsQuery, paused));
    stub.handle('uploads:add', () => {
      jobs = [job(5, 'waiting')];
      return { added: [5], skipped: [] };
    });
    stub.handle('uploads:pause', () => ((paused = true), summaryOf(jobs, true)));
    stub.handle('uploads:resume', () => ((paused = false), summaryOf(jobs)));
    const uploads = new Uploads(stub.client);
    await uploads.add(['/v/5.mp4'], 3);
    await settle();
    expect(uploads.rows.map((j) => j?.id)).toEqual([5]);
    await uploads.pause();
    expect(uploads.paused).toBe(true);
    await uploads.resume(5);
    expect(uploads.paused).toBe(false);
    await uploads.pause(undefined, 'now');
    await uploads.pause(5);
    expect(stub.calls.filter((c) => c.method !== 'uploads:list').map((c) => [c.method, c.input])).toEqual([
      ['uploads:add', { paths: ['/v/5.mp4'], folderId: 3 }],
      ['uploads:pause', undefined],
      ['uploads:resume', { id: 5 }],
      ['uploads:pause', { when: 'now' }],
      ['uploads:pause', { id: 5 }],
    ]);
  });

  it('offers the actions that fit each state', () => {
    expect(canPause(job(1, 'uploading'))).toBe(true);
    expect(canResume(job(1, 'paused'))).toBe(true);
    expect(canRetry(job(1, 'failed'))).toBe(true);
    expect(canRetry(job(1, 'changed'))).toBe(true);
    expect(canCancel(job(1, 'done'))).toBe(false);
    expect(canPause(job(1, 'done'))).toBe(false);
  });
});
