import { describe, expect, it } from 'vitest';
import { Uploads, canCancel, canPause, canResume, canRetry } from '../../../../../renderer/src/lib/state/uploads.svelte.ts';
import type { UploadJob, UploadsView } from '../../../../../shared/model.ts';
import { stubBridge } from '../../bridge-stub.ts';

function job(id: number, state: UploadJob['state'], bytesSent = 0): UploadJob {
  return { id, path: `/v/${id}.mp4`, name: `${id}.mp4`, size: 1000, folderId: 0, state, bytesSent, attempts: 0, error: null, restarted: false, videoId: null, downloadUrl: null, embedUrl: null, createdAt: 1, finishedAt: null };
}
const totals = { bytesSent: 0, bytesTotal: 2000, speed: 0, etaSeconds: null, active: 1, waiting: 1, done: 0, failed: 0 };
const view = (jobs: UploadJob[], paused = false): UploadsView => ({ jobs, totals, paused });

describe('Uploads', () => {
  it('follows uploads:changed and uploads:progress', async () => {
    const stub = stubBridge();
    stub.handle('uploads:list', () => view([job(1, 'uploading', 100), job(2, 'waiting')]));
    const uploads = new Uploads(stub.client);
    const stop = uploads.start();
    await uploads.load();
    const first = uploads.jobs[0]!;
    expect(uploads.bytesSent(first)).toBe(100);
    stub.emit('uploads:progress', { jobs: [{ id: 1, bytesSent: 600, size: 1000, speed: 500, etaSeconds: 1 }], totals: { ...totals, bytesSent: 600 } });
    expect(uploads.bytesSent(first)).toBe(600);
    expect(uploads.totals.bytesSent).toBe(600);
    stub.emit('uploads:changed', view([job(1, 'done', 1000), job(2, 'uploading')]));
    expect(uploads.jobs.map((j) => j.state)).toEqual(['done', 'uploading']);
    expect(uploads.progress.size).toBe(0);
    expect(uploads.finished.map((j) => j.id)).toEqual([1]);
    stop();
  });

  it('shows added jobs at once and sends pause/resume for one or all', async () => {
    const stub = stubBridge();
    stub.handle('uploads:add', () => ({ added: [job(5, 'waiting')], skipped: [] }));
    stub.handle('uploads:pause', () => view([job(5, 'paused')], true));
    stub.handle('uploads:resume', () => view([job(5, 'waiting')]));
    const uploads = new Uploads(stub.client);
    await uploads.add(['/v/5.mp4'], 3);
    expect(uploads.jobs.map((j) => j.id)).toEqual([5]);
    await uploads.pause();
    expect(uploads.paused).toBe(true);
    await uploads.resume(5);
    expect(stub.calls.map((c) => [c.method, c.input])).toEqual([
      ['uploads:add', { paths: ['/v/5.mp4'], folderId: 3 }],
      ['uploads:pause', undefined],
      ['uploads:resume', { id: 5 }],
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
