// Files added to the queue are read for what they are (container header), stored with the
// job and kept across a restart; an "MP4" holding only sound is refused in a sentence; the
// uploaded video's local file and length are found from its id afterwards.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalMedia } from '../../../electron/core/uploads/local-media.ts';
import { makeVideo } from '../../support/videos.ts';
import { createRig, until, type Rig } from './helpers.ts';

let rig: Rig | null = null;
afterEach(async () => {
  await rig?.close();
  rig = null;
});

describe('media info in the upload queue', () => {
  it('stores duration, size and codecs with the job, refuses a sound-only MP4, and finds the local file by video id', async () => {
    rig = await createRig({ start: false });
    const clip = join(rig.dir, 'clip.mp4');
    const song = join(rig.dir, 'song.mp4');
    await makeVideo(clip, 'mp4-h264', { width: 320, height: 240, seconds: 2 });
    await makeVideo(song, 'audio-only-m4a', { seconds: 2 });

    const result = await rig.engine.add([clip, song], 0);
    expect(result.skipped).toEqual([{ path: song, reason: '“song.mp4” has no video in it: its MPEG-4 container holds only AAC sound. Only videos are uploaded.' }]);
    expect(result.added).toHaveLength(1);
    expect(result.added[0]?.media).toMatchObject({ container: 'MPEG-4', width: 320, height: 240, videoCodec: 'AVC', audioCodec: 'AAC', durationSeconds: 2 });

    const engine = await rig.restart();
    await until(() => engine.list().jobs[0]?.state === 'done', 'the upload to finish');
    const job = engine.list().jobs[0]!;
    expect(job.media).toMatchObject({ width: 320, height: 240, durationSeconds: 2 });
    expect(new LocalMedia(rig.db).forVideo(job.videoId!)).toEqual({ path: clip, name: 'clip.mp4', media: job.media });
    expect(new LocalMedia(rig.db).forVideo('abcdefghijkl')).toBeNull();
  });
});
