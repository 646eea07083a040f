// Subtitle preparation (subtitle-prepare.ts) with hostile files within the size the app reads:
// a clear refusal, never a crash of the step (issue 27 item 10).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { threadId, Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareSubtitleFile, SUBTITLE_INLINE_MAX_BYTES, SUBTITLE_MAX_SOURCE_BYTES } from '../../../../electron/core/files/subtitle-prepare.ts';
import { startSubtitleWorkerFromSource, useSubtitleWorker } from '../../../../electron/core/files/subtitle-thread.ts';
import { AppError } from '../../../../shared/errors.ts';
import { tempDir } from './image-fixtures.ts';

const { dir, cleanup } = tempDir('vidlift-subtitle-prepare-');
/** A thread started from TypeScript source, and a megabyte of work: seconds on a busy machine. */
const HEAVY = 60_000;
afterAll(cleanup);

describe('prepareSubtitleFile with 250,000 "-->" lines', () => {
  it('answers with the broken line, not a stack overflow', async () => {
    const content = '1\n00:00:01,000 --> 00:00:02,000\n' + '-->\n'.repeat(250_000);
    expect(content.length).toBeLessThanOrEqual(SUBTITLE_MAX_SOURCE_BYTES);
    const path = join(dir, 'arrows.srt');
    writeFileSync(path, content);
    const error = await prepareSubtitleFile(path).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toBe('“arrows.srt” has a broken cue timing on line 3 (“-->”). Fix the timings or pick another file.');
  }, HEAVY);

  it('repairs a cue of 250,000 text lines (a cue that long is legal) without a stack overflow', async () => {
    const content = '1\n00:00:01,000 --> 00:00:02,000\n' + 'a\n'.repeat(250_000);
    const path = join(dir, 'long-cue.srt');
    writeFileSync(path, content);
    const prepared = await prepareSubtitleFile(path);
    expect(prepared.preview.cueCount).toBe(1);
    expect(prepared.bytes.toString('utf8')).toBe(content);
  }, HEAVY);
});

describe('prepareSubtitleFile keeps the main thread free', () => {
  afterAll(() => useSubtitleWorker(startSubtitleWorkerFromSource));

  it('decodes, repairs and checks a 1 MB file on a thread of its own, the event loop turning meanwhile', async () => {
    const threads: number[] = [];
    useSubtitleWorker((options) => {
      const worker = startSubtitleWorkerFromSource(options);
      threads.push(worker.threadId);
      return worker;
    });
    // UTF-16 with periods in the timings: about 1 MB read, under 500 KB once repaired as UTF-8.
    const cues = Array.from({ length: 7_200 }, (_, i) => `${i + 1}\n00:00:01.000 --> 00:00:02.000\nLine ${i} of a long subtitle file\n`);
    const path = join(dir, 'big.srt');
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(cues.join('\n'), 'utf16le')]);
    expect(bytes.length).toBeGreaterThan(SUBTITLE_MAX_SOURCE_BYTES * 0.9);
    expect(bytes.length).toBeLessThanOrEqual(SUBTITLE_MAX_SOURCE_BYTES);
    writeFileSync(path, bytes);
    let turns = 0;
    let settled = false;
    const beat = (): void => {
      turns++;
      if (!settled) setImmediate(beat);
    };
    setImmediate(beat);
    const prepared = await prepareSubtitleFile(path).finally(() => (settled = true));
    expect(prepared.format).toBe('srt');
    expect(prepared.preview.cueCount).toBe(7_200);
    expect(prepared.bytes.subarray(0, 32).toString('utf8')).toBe('1\n00:00:01,000 --> 00:00:02,000\n');
    expect(threads).toHaveLength(1);
    expect(threads[0]).not.toBe(threadId);
    expect(turns).toBeGreaterThan(100);
  }, HEAVY);

  it('answers a refusal from the thread as the same AppError', async () => {
    const path = join(dir, 'empty-cues.vtt');
    // Larger than what is prepared inline.
    writeFileSync(path, 'WEBVTT\n\n' + 'NOTE nothing here\n\n'.repeat(3_000));
    const error = await prepareSubtitleFile(path).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'validation', said: { code: 'subtitle_no_cues', params: { name: 'empty-cues.vtt' } } });
    expect((error as AppError).message).toBe('“empty-cues.vtt” has no subtitles in it (no cue timings were found).');
  }, HEAVY);

  it('fails the files of a thread that dies, and starts a new thread for the next file', async () => {
    const path = join(dir, 'longer.srt');
    const content = Array.from({ length: 1_000 }, (_, i) => `${i + 1}\n00:00:01,000 --> 00:00:02,000\nLine ${i}\n`).join('\n');
    expect(content.length).toBeGreaterThan(SUBTITLE_INLINE_MAX_BYTES);
    writeFileSync(path, content);
    useSubtitleWorker(() => new Worker('process.exit(3)', { eval: true }));
    const error = await prepareSubtitleFile(path).then(() => null, (e: unknown) => e);
    expect(error).toMatchObject({ code: 'internal', message: '“longer.srt” could not be prepared: its thread stopped with code 3' });
    useSubtitleWorker(startSubtitleWorkerFromSource);
    expect((await prepareSubtitleFile(path)).bytes.toString('utf8')).toBe(content);
  }, HEAVY);
});
