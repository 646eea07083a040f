// The file-check thread (electron/core/uploads/file-check-thread.ts) on real files: a video, a
// renamed text file, an empty file, a link, a missing path, a link out of a watched folder;
// answered in order across chunks, the same on the thread as inline, and a thread that dies
// leaves its chunks checked inline. The engine's and the watchers' tests check their files
// through it too (expand.ts).
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { checkFiles, startFileCheckWorkerFromSource, useFileCheckWorker, type StartFileCheckWorker } from '../../../electron/core/uploads/file-check-thread.ts';
import type { Checked } from '../../../electron/core/uploads/file-check.ts';

const dir = realpathSync(mkdtempSync(join(tmpdir(), 'vidlift-file-check-')));
const watched = join(dir, 'watched');
const outside = join(dir, 'outside');
mkdirSync(watched);
mkdirSync(outside);
const MP4_HEAD = Buffer.from([0, 0, 0, 0x18, ...Buffer.from('ftypisom'), 0, 0, 2, 0, ...Buffer.from('isommp41'), 0, 0, 0, 8, ...Buffer.from('free')]);

let threadsStarted = 0;
const countingStart: StartFileCheckWorker = (options) => {
  threadsStarted++;
  return startFileCheckWorkerFromSource(options);
};

afterEach(() => useFileCheckWorker(countingStart));
afterAll(() => {
  useFileCheckWorker(startFileCheckWorkerFromSource);
  rmSync(dir, { recursive: true, force: true });
});

/** 600 paths (three chunks): videos, with the odd ones among them at known places. */
function tree(): { paths: string[]; expected: (string | null)[] } {
  const paths: string[] = [];
  const expected: (string | null)[] = [];
  for (let i = 0; i < 600; i++) {
    const path = join(watched, `clip ${i}.mp4`);
    if (i === 7) {
      writeFileSync(path, 'not a video, only named like one');
      expected.push('skip_not_video_content');
    } else if (i === 300) {
      writeFileSync(path, '');
      expected.push('skip_empty');
    } else if (i === 450) {
      expected.push('skip_unreadable'); // never written: gone since the folder was listed
    } else if (i === 599) {
      writeFileSync(join(outside, 'elsewhere.mp4'), MP4_HEAD);
      symlinkSync(join(outside, 'elsewhere.mp4'), path);
      expected.push('link');
    } else {
      writeFileSync(path, Buffer.concat([MP4_HEAD, Buffer.alloc(i)]));
      expected.push(null);
    }
    paths.push(path);
  }
  return { paths, expected };
}

const { paths, expected } = tree();

function described(checked: Checked[]): (string | { path: string; size: number; contentType: string })[] {
  return checked.map((outcome) => ('skipped' in outcome ? outcome.skipped.reason.code : { path: outcome.file.path, size: outcome.file.size, contentType: outcome.file.contentType }));
}

describe('the file-check thread', () => {
  it('answers every path in its order, across chunks, as inline does', async () => {
    threadsStarted = 0;
    useFileCheckWorker(countingStart);
    const onThread = await checkFiles(paths, undefined);
    expect(threadsStarted).toBe(1);
    expect(onThread).toHaveLength(600);
    onThread.forEach((outcome, i) => {
      const want = expected[i];
      if (want === null) expect('file' in outcome && outcome.file.path === paths[i] && outcome.file.size === MP4_HEAD.length + i, `path ${i}`).toBe(true);
      else if (want === 'link') {
        // A link means the file it points to, queued by its real path and the link's name.
        expect('file' in outcome && outcome.file.path === join(outside, 'elsewhere.mp4') && outcome.file.name === 'clip 599.mp4').toBe(true);
      } else expect('skipped' in outcome && outcome.skipped.reason.code, `path ${i}`).toBe(want);
    });
    const first = onThread[0]!;
    expect('file' in first && first.file.contentType).toBe('video/mp4');
    expect('file' in first && /^\d+$/.test(first.file.dev) && /^\d+$/.test(first.file.ino)).toBe(true);

    useFileCheckWorker(null);
    expect(described(await checkFiles(paths, undefined))).toEqual(described(onThread));
  });

  it('skips a file of a watched folder whose real path is outside it', async () => {
    const [link, inside] = await checkFiles([paths[599]!, paths[0]!], watched);
    expect(link && 'skipped' in link && link.skipped.reason.code).toBe('skip_outside_watched');
    expect(inside && 'file' in inside && inside.file.path).toBe(paths[0]);
  });

  it('checks inline what a thread that died held, and starts a new thread for the next check', async () => {
    const inline = described(await checkFilesInline(paths));
    let started = 0;
    useFileCheckWorker((options) => {
      started++;
      // A thread that dies on its first message.
      return new Worker("require('node:worker_threads').parentPort.on('message', () => process.exit(3))", { ...options, eval: true });
    });
    expect(described(await checkFiles(paths, undefined))).toEqual(inline);
    expect(started).toBe(1);
    await checkFiles(paths.slice(0, 3), undefined);
    expect(started).toBe(2);
  });

  it('answers nothing for no paths, without a thread', async () => {
    threadsStarted = 0;
    useFileCheckWorker(countingStart);
    expect(await checkFiles([], undefined)).toEqual([]);
    expect(threadsStarted).toBe(0);
  });
});

async function checkFilesInline(list: string[]): Promise<Checked[]> {
  useFileCheckWorker(null);
  try {
    return await checkFiles(list, undefined);
  } finally {
    useFileCheckWorker(countingStart);
  }
}
