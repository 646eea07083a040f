// A CP1251 SRT (the way Russian subtitles are usually found) added through the library's
// handlers reaches the sandbox host as UTF-8 and is stored there with proper Cyrillic; the
// host, like the service, takes only UTF-8 text. The encoding the person chose travels with
// the outbox change and is used when it is sent.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { afterEach, describe, expect, it } from 'vitest';
import { createLibraryHandlers } from '../../../electron/core/library/handlers.ts';
import { setup, type Env } from './harness.ts';

let env: Env | null = null;
afterEach(async () => {
  await env?.close();
  env = null;
});

const RUSSIAN = '1\r\n00:00:01.000 --> 00:00:02.000\r\nПривет, мир! Как дела?\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\nСъешь же ещё этих мягких французских булок.\r\n';

describe('subtitle files in other encodings', () => {
  it('sends a CP1251 SRT as repaired UTF-8 and the host stores proper Cyrillic', async () => {
    env = await setup({ seed: 'demo' });
    await env.library.sync.syncNow();
    const video = env.host.control.videos()[0]!;
    const path = join(env.dir, 'russian.srt');
    writeFileSync(path, iconv.encode(RUSSIAN, 'windows-1251'));
    const handlers = createLibraryHandlers(env.library, { isGranted: () => true });

    const preview = await handlers['subtitles:preview']({ path });
    expect(preview).toMatchObject({ encoding: 'windows-1251', format: 'srt', cueCount: 2 });
    expect(preview.cues[0]?.text).toBe('Привет, мир! Как дела?');
    expect(preview.fixes).toContain('added 1 missing blank line between cues');

    await handlers['subtitles:addFile']({ videoId: video.id, language: 'ru', path });
    await env.library.outbox.idle();
    expect(env.library.outbox.view().items).toEqual([]);
    const stored = env.host.control.videos().find((v) => v.id === video.id)!.subtitles;
    expect(stored).toEqual([
      {
        language: 'ru',
        vtt: 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nПривет, мир! Как дела?\n\n00:00:03.000 --> 00:00:04.000\nСъешь же ещё этих мягких французских булок.\n',
      },
    ]);
  });

  it('uses the encoding the person chose when the change is sent', async () => {
    env = await setup({ seed: 'demo' });
    await env.library.sync.syncNow();
    const video = env.host.control.videos()[0]!;
    const path = join(env.dir, 'koi8.srt');
    // KOI8-R read as CP1251 is valid but wrong text: only the person can tell.
    writeFileSync(path, iconv.encode('1\n00:00:01,000 --> 00:00:02,000\nДа\n', 'koi8-r'));
    const handlers = createLibraryHandlers(env.library, { isGranted: () => true });
    await handlers['subtitles:addFile']({ videoId: video.id, language: 'ru', path, encoding: 'koi8-r' });
    await env.library.outbox.idle();
    const stored = env.host.control.videos().find((v) => v.id === video.id)!.subtitles;
    expect(stored[0]?.vtt).toBe('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nДа\n');
  });
});
