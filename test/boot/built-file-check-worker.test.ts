// The file-check thread as the packaged app runs it: the shell's builtFileCheckWorker finds the
// built script beside the main bundle (out/main/file-check.js, npm run test:boot builds it) and
// dropped files are checked through it (issue 33: a drop of 10,000 files).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builtFileCheckWorker } from '../../electron/main/core-start.ts';
import { checkFiles, startFileCheckWorkerFromSource, useFileCheckWorker } from '../../electron/core/uploads/file-check-thread.ts';

const outMain = join(import.meta.dirname, '../../out/main');
const dir = mkdtempSync(join(tmpdir(), 'vidlift-built-file-check-'));
afterAll(() => {
  useFileCheckWorker(startFileCheckWorkerFromSource);
  rmSync(dir, { recursive: true, force: true });
});

describe('the built file-check thread', () => {
  it('checks files through out/main/file-check.js', async () => {
    const start = builtFileCheckWorker(outMain);
    expect(start).toBeDefined();
    let started = 0;
    useFileCheckWorker((options) => {
      started++;
      return start!(options);
    });
    const video = join(dir, 'clip.mp4');
    writeFileSync(video, Buffer.from([0, 0, 0, 0x14, ...Buffer.from('ftypqt  '), 0, 0, 2, 0, ...Buffer.from('qt  ')]));
    const text = join(dir, 'notes.mp4');
    writeFileSync(text, 'words');
    const [first, second, third] = await checkFiles([video, text, join(dir, 'gone.mp4')], undefined);
    expect(first && 'file' in first && first.file).toMatchObject({ path: video, name: 'clip.mp4', size: 20, contentType: 'video/quicktime' });
    expect(second && 'skipped' in second && second.skipped.reason.code).toBe('skip_not_video_content');
    expect(third && 'skipped' in third && third.skipped.reason.code).toBe('skip_unreadable');
    expect(started).toBe(1);
  });

  it('is not offered where no script was built', () => {
    expect(builtFileCheckWorker(join(import.meta.dirname, '../../electron/main'))).toBeUndefined();
  });
});
