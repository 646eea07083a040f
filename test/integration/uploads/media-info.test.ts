// Files added to the queue are read for what they are (container header), stored with the
// job and kept across a restart; an "MP4" holding only sound is refused in a sentence; the
// uploaded video's local file and length are found from its id afterwards.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalMedia } from '../../../electron/core/uploads/local-media.ts';
import { makeVideo } from '../../support/videos.ts';
import { createRig, until, type Rig } from './helpers.ts';
import { sayInEnglish } from '../../../shared/i18n/say.ts';

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
    expect(result.skipped).toEqual([{ path: song, reason: { code: 'skip_sound_only_in', params: { name: 'song.mp4', container: 'MPEG-4', codec: 'AAC' } } }]);
    expect(sayInEnglish(result.skipped[0]!.reason)).toBe('“song.mp4” has no video in it: its MPEG-4 container holds only AAC sound. Only videos are uploaded.');
    expect(result.added).toHaveLength(1);
    expect(rig.engine.view.jobs(result.added)[0]?.media).toMatchObject({ container: 'MPEG-4', width: 320, height: 240, videoCodec: 'AVC', audioCodec: 'AAC', durationSeconds: 2 });

    const engine = await rig.restart();
    await until(() => engine.list().jobs[0]?.state === 'done', 'the upload to finish');
    const job = engine.list().jobs[0]!;
    expect(job.media).toMatchObject({ width: 320, height: 240, durationSeconds: 2 });
    expect(new LocalMedia(rig.db).forVideo(job.videoId!)).toEqual({ path: clip, name: 'clip.mp4', media: job.media, verification: { title: { status: 'same' }, folder: 'found' } });
    expect(new LocalMedia(rig.db).forVideo('abcdefghijkl')).toBeNull();
  });

  it('a drop larger than the inline limit is queued at once, read before each is sent; a sound-only file ends cancelled with the reason', async () => {
    rig = await createRig({ start: false });
    const { INLINE_INSPECTION_LIMIT } = await import('../../../electron/core/uploads/media-inspection.ts');
    const { writeFile } = await import('node:fs/promises');
    const folder = join(rig.dir, 'drop');
    await (await import('node:fs/promises')).mkdir(folder);
    const clip = join(folder, 'a clip.mp4');
    await makeVideo(clip, 'mp4-h264', { width: 320, height: 240, seconds: 1 });
    await makeVideo(join(folder, 'b song.mp4'), 'audio-only-m4a', { seconds: 1 });
    // Enough small sniffable files to pass the limit (the sniffing calls them MP4).
    const head = Buffer.from([0, 0, 0, 0x18, ...Buffer.from('ftypisom'), 0, 0, 2, 0, ...Buffer.from('isommp41'), 1, 2, 3, 4]);
    // Each its own bytes: files with the same content are one file to the duplicate check.
    for (let i = 0; i < INLINE_INSPECTION_LIMIT; i++) await writeFile(join(folder, `c filler ${String(i).padStart(3, '0')}.mp4`), Buffer.concat([head, Buffer.from(String(i))]));
    await makeVideo(join(folder, 'd second clip.mp4'), 'mp4-h264', { width: 160, height: 120, seconds: 1 });

    const result = await rig.engine.add([folder], 0);
    expect(result.skipped).toEqual([]);
    expect(result.added).toHaveLength(INLINE_INSPECTION_LIMIT + 3);
    expect(rig.engine.view.jobs(result.added).every((job) => job.media === null)).toBe(true); // not read yet

    await until(() => rig!.engine.list().jobs.every((job) => job.media !== null || job.state !== 'waiting'), 'every header read', 30_000);
    const jobs = rig.engine.list().jobs;
    const song = jobs.find((job) => job.name === 'b song.mp4')!;
    expect(song).toMatchObject({ state: 'cancelled', note: { code: 'skip_sound_only_in', params: { name: 'b song.mp4', container: 'MPEG-4', codec: 'AAC' } } });
    expect(sayInEnglish(song!.note!)).toBe('“b song.mp4” has no video in it: its MPEG-4 container holds only AAC sound. Only videos are uploaded.');
    expect(jobs.find((job) => job.name === 'a clip.mp4')?.media).toMatchObject({ width: 320, height: 240 });
    // Nothing was sent before its header was read: the song never reached the service.
    const engine = await rig.restart();
    await until(() => engine.list().jobs.find((job) => job.name === 'd second clip.mp4')?.state === 'done', 'the clips uploaded', 60_000);
    expect(rig.host.control.videos().map((video) => video.name)).not.toContain('b song.mp4');
  }, 90_000);
});
