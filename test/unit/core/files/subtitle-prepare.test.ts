// Subtitle preparation (subtitle-prepare.ts) with hostile files within the size the app reads:
// a clear refusal, never a crash of the step (issue 27 item 10).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareSubtitleFile, SUBTITLE_MAX_SOURCE_BYTES } from '../../../../electron/core/files/subtitle-prepare.ts';
import { AppError } from '../../../../shared/errors.ts';
import { tempDir } from './image-fixtures.ts';

const { dir, cleanup } = tempDir('vidlift-subtitle-prepare-');
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
  });

  it('repairs a cue of 250,000 text lines (a cue that long is legal) without a stack overflow', async () => {
    const content = '1\n00:00:01,000 --> 00:00:02,000\n' + 'a\n'.repeat(250_000);
    const path = join(dir, 'long-cue.srt');
    writeFileSync(path, content);
    const prepared = await prepareSubtitleFile(path);
    expect(prepared.preview.cueCount).toBe(1);
    expect(prepared.bytes.toString('utf8')).toBe(content);
  });
});
