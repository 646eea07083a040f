import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findTimingProblem, SUBTITLE_MAX_BYTES } from '../../../../electron/core/files/subtitle.ts';
import { checkSubtitleFile } from '../../../../electron/core/files/subtitle-prepare.ts';
import { AppError } from '../../../../shared/errors.ts';
import { SRT, tempDir, VTT } from './image-fixtures.ts';

const { dir, cleanup } = tempDir('vidlift-subtitle-');
afterAll(cleanup);

function file(name: string, content: Buffer | string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

async function refusal(path: string): Promise<AppError> {
  const error = await checkSubtitleFile(path).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe('validation');
  return error as AppError;
}

/** A valid SRT of exactly `size` bytes (padding inside the last cue's text). */
function srtOfSize(size: number): string {
  const head = '1\n00:00:01,000 --> 00:00:02,000\n';
  return head + 'a'.repeat(size - head.length - 1) + '\n';
}

describe('checkSubtitleFile', () => {
  it('accepts SRT and WebVTT by content, whatever the extension', async () => {
    expect(await checkSubtitleFile(file('a.txt', SRT))).toEqual({ format: 'srt', size: Buffer.byteLength(SRT) });
    expect(await checkSubtitleFile(file('b.srt', VTT))).toEqual({ format: 'vtt', size: Buffer.byteLength(VTT) });
  });

  it('accepts a UTF-8 BOM and Windows line ends', async () => {
    expect((await checkSubtitleFile(file('bom.srt', `\uFEFF${SRT.replace(/\n/g, '\r\n')}`))).format).toBe('srt');
  });

  it('refuses an SRT with a broken timing, naming the line', async () => {
    const broken = SRT.replace('00:00:07,250', '00:00:61,250');
    const error = await refusal(file('broken.srt', broken));
    expect(error.message).toMatch(/broken cue timing on line 6/);
  });

  it('refuses a cue that ends before it starts', async () => {
    const error = await refusal(file('backwards.srt', SRT.replace('00:00:04,000', '00:00:00,500')));
    expect(error.message).toMatch(/ends before it starts on line 2/);
  });

  it('repairs a WebVTT timing written the SRT way instead of refusing it', async () => {
    expect(await checkSubtitleFile(file('mixed.vtt', VTT.replace('00:01.000', '00:01,000')))).toEqual({ format: 'vtt', size: Buffer.byteLength(VTT) });
  });

  it('refuses a subtitle file over 500 KB, and accepts one of exactly 512,000 bytes', async () => {
    expect((await refusal(file('big.srt', srtOfSize(501 * 1024)))).message).toMatch(/at most 500 KB/);
    expect(await checkSubtitleFile(file('limit.srt', srtOfSize(SUBTITLE_MAX_BYTES)))).toEqual({ format: 'srt', size: SUBTITLE_MAX_BYTES });
  });

  it('refuses text that is neither SRT nor WebVTT, and binary content', async () => {
    expect((await refusal(file('notes.srt', 'Dear diary,\ntoday...\n'))).message).toMatch(/not an SRT or WebVTT/);
    expect((await refusal(file('bin.vtt', Buffer.from([0x57, 0x45, 0x42, 0x00, 0x01, 0x02])))).message).toMatch(/not a text file/);
  });

  it('refuses a WebVTT header without any cue', async () => {
    expect((await refusal(file('empty.vtt', 'WEBVTT\n\n'))).message).toMatch(/no subtitles in it/);
  });

  it('refuses empty files, folders, devices and broken links', async () => {
    expect((await refusal(file('zero.srt', ''))).message).toMatch(/empty \(0 bytes\)/);
    const folder = join(dir, 'folder.srt');
    mkdirSync(folder);
    expect((await refusal(folder)).message).toMatch(/is a folder/);
    expect((await refusal('/dev/null')).message).toMatch(/not a regular file/);
    const link = join(dir, 'dangling.srt');
    symlinkSync(join(dir, 'nothing-here.srt'), link);
    expect((await refusal(link)).message).toMatch(/no longer exists/);
  });
});

describe('findTimingProblem', () => {
  it('reads hours-less WebVTT timings and long hours', () => {
    expect(findTimingProblem('WEBVTT\n\n00:01.000 --> 00:02.000\nx\n\n100:00:00.000 --> 100:00:01.000\ny\n', 'vtt')).toBeNull();
  });

  it('reports minutes or seconds over 59', () => {
    expect(findTimingProblem('1\n00:60:00,000 --> 00:60:01,000\nx\n', 'srt')).toMatchObject({ line: 2, reason: 'unreadable' });
  });
});
