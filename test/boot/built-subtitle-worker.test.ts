// The subtitle preparation thread as the packaged app runs it: the shell's builtSubtitleWorker
// finds the built script beside the main bundle (out/main/subtitle-prepare.js, npm run
// test:boot builds it) and a file is prepared through it (issue 27 item 10).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builtSubtitleWorker } from '../../electron/main/core-start.ts';
import { prepareSubtitleFile } from '../../electron/core/files/subtitle-prepare.ts';
import { startSubtitleWorkerFromSource, useSubtitleWorker } from '../../electron/core/files/subtitle-thread.ts';
import { AppError } from '../../shared/errors.ts';

const outMain = join(import.meta.dirname, '../../out/main');
const dir = mkdtempSync(join(tmpdir(), 'vidlift-built-subtitle-'));
afterAll(() => {
  useSubtitleWorker(startSubtitleWorkerFromSource);
  rmSync(dir, { recursive: true, force: true });
});

describe('the built subtitle preparation thread', () => {
  it('prepares a file through out/main/subtitle-prepare.js, and answers a refusal as an AppError', async () => {
    const start = builtSubtitleWorker(outMain);
    expect(start).toBeDefined();
    let started = 0;
    useSubtitleWorker((options) => {
      started++;
      return start!(options);
    });
    const good = join(dir, 'good.srt');
    // Larger than what is prepared inline (32 KB).
    const cues = Array.from({ length: 2_000 }, (_, i) => `${i + 1}\r\n00:00:01.000 --> 00:00:02,000\r\nHello ${i}\r\n`);
    writeFileSync(good, `\uFEFF${cues.join('\r\n')}`);
    const prepared = await prepareSubtitleFile(good);
    expect(prepared.preview.cueCount).toBe(2_000);
    expect(prepared.bytes.subarray(0, 40).toString('utf8')).toBe('1\n00:00:01,000 --> 00:00:02,000\nHello 0\n');
    const bad = join(dir, 'bad.srt');
    writeFileSync(bad, '1\n00:00:01,000 --> 00:00:02,000\n' + '-->\n'.repeat(250_000));
    await expect(prepareSubtitleFile(bad)).rejects.toBeInstanceOf(AppError);
    // One thread serves both files.
    expect(started).toBe(1);
  });

  it('is not offered where no script was built', () => {
    expect(builtSubtitleWorker(join(import.meta.dirname, '../../electron/main'))).toBeUndefined();
  });
});
