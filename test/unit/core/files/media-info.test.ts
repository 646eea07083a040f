// Container headers of real videos made by ffmpeg: the facts read, the bytes read to get
// them, and the refusal of a "video" with no video track.
import { copyFile, stat, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_READ_BUDGET, probeMedia } from '../../../../electron/core/files/media-info.ts';
import { inspectVideoFile } from '../../../../electron/core/files/video.ts';
import { makeVideo, type VideoRecipe } from '../../../support/videos.ts';
import { tempDir } from './image-fixtures.ts';
import { sayInEnglish } from '../../../../shared/i18n/say.ts';

const { dir, cleanup } = tempDir('vidlift-media-');
afterAll(cleanup);

const FILES: Array<{ name: string; recipe: VideoRecipe; container: string; videoCodec: string | null; audioCodec: string }> = [
  { name: 'clip.mp4', recipe: 'mp4-h264', container: 'MPEG-4', videoCodec: 'AVC', audioCodec: 'AAC' },
  { name: 'clip.webm', recipe: 'webm-vp9', container: 'WebM', videoCodec: 'VP9', audioCodec: 'Opus' },
  { name: 'clip.mkv', recipe: 'mkv-h264', container: 'Matroska', videoCodec: 'AVC', audioCodec: 'AAC' },
  { name: 'clip-hevc.mkv', recipe: 'mkv-hevc', container: 'Matroska', videoCodec: 'HEVC', audioCodec: 'AAC' },
  { name: 'clip.mov', recipe: 'mov-h264', container: 'MPEG-4', videoCodec: 'AVC', audioCodec: 'AAC' },
  { name: 'clip.avi', recipe: 'avi-mpeg4', container: 'AVI', videoCodec: 'MPEG-4 Visual', audioCodec: 'MPEG Audio' },
  { name: 'song.mp4', recipe: 'audio-only-m4a', container: 'MPEG-4', videoCodec: null, audioCodec: 'AAC' },
];

beforeAll(async () => {
  for (const file of FILES) await makeVideo(join(dir, file.name), file.recipe, { width: 320, height: 240, seconds: 2 });
  await makeVideo(join(dir, 'long.mp4'), 'mov-h264', { width: 1280, height: 720, seconds: 12 });
}, 120_000);

describe('probeMedia', () => {
  for (const file of FILES) {
    it(`reads ${file.name}: ${file.container}, ${file.videoCodec ?? 'no video'}, ${file.audioCodec}`, async () => {
      const probe = await probeMedia(join(dir, file.name));
      expect(probe.info).toMatchObject({ container: file.container, videoCodec: file.videoCodec, audioCodec: file.audioCodec });
      expect(probe.info.durationSeconds).toBeGreaterThan(1.9);
      expect(probe.info.durationSeconds).toBeLessThan(2.2);
      expect(probe.info.bitrate).toBeGreaterThan(0);
      if (file.videoCodec) expect(probe.info).toMatchObject({ width: 320, height: 240 });
      expect(probe.hasVideo).toBe(file.videoCodec !== null);
    });
  }

  it('reads a large file without reading it whole: a moov at the end of a 4 GiB file is found within the budget', async () => {
    const path = join(dir, 'huge.mov');
    await copyFile(join(dir, 'long.mp4'), path);
    // Sparse zeros after the real file: the container says where its index is, not the size.
    await truncate(path, 4 * 1024 ** 3);
    const probe = await probeMedia(path);
    expect(probe.info).toMatchObject({ width: 1280, height: 720, videoCodec: 'AVC', durationSeconds: 12 });
    expect(probe.bytesRead).toBeLessThanOrEqual(MEDIA_READ_BUDGET);
    expect((await stat(path)).size).toBe(4 * 1024 ** 3);
  });

  it('answers with no tracks for a file whose header says MP4 but holds nothing readable', async () => {
    const path = join(dir, 'fake.mp4');
    await writeFile(path, Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(4000)]));
    const probe = await probeMedia(path);
    expect(probe.hasVideo).toBeNull();
  });
});

describe('inspectVideoFile', () => {
  it('refuses, as a said code worded in a sentence, an MP4 that holds only sound', async () => {
    const inspection = await inspectVideoFile(join(dir, 'song.mp4'));
    expect(inspection.refusal).toEqual({ code: 'skip_sound_only_in', params: { name: 'song.mp4', container: 'MPEG-4', codec: 'AAC' } });
    expect(sayInEnglish(inspection.refusal!)).toBe('“song.mp4” has no video in it: its MPEG-4 container holds only AAC sound. Only videos are uploaded.');
  });

  it('keeps a real video with its facts, and leaves an unreadable header to the sniffing', async () => {
    expect(await inspectVideoFile(join(dir, 'clip.webm'))).toMatchObject({ refusal: null, media: { width: 320, height: 240 } });
    expect((await inspectVideoFile(join(dir, 'fake.mp4'))).refusal).toBeNull();
  });
});
