// Lending local videos and frames as thumbnails, through the composition root against the
// sandbox host: only granted (or uploaded-from-here) video files are lent, a lent URL serves
// ranges until released, and a captured frame is checked like a picked image and reaches
// the host through the thumbnail queue.
import { mkdtemp, rename, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Core } from '../../../electron/core/core.ts';
import { MEDIA_HOST, MEDIA_SCHEME } from '../../../electron/core/files/media-handlers.ts';
import { MemorySecretStore } from '../../../electron/core/secrets/memory-store.ts';
import { createCore } from '../../../electron/core/services.ts';
import { AppError } from '../../../shared/errors.ts';
import { startHost } from '../../host/index.ts';
import { makePng } from '../../host/png.ts';
import { makeVideo } from '../../support/videos.ts';
import { shown } from '../../support/shown-account.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(): Promise<{ core: Core; dir: string; host: Awaited<ReturnType<typeof startHost>> }> {
  const dir = await mkdtemp(join(tmpdir(), 'vidlift-core-media-'));
  const host = await startHost({ seed: 'demo' });
  const core = await createCore({ dataDir: join(dir, 'data'), logDir: join(dir, 'logs'), sandboxAvailable: false, secretStore: new MemorySecretStore() });
  cleanups.push(async () => {
    await core.close();
    await host.close();
    await rm(dir, { recursive: true, force: true });
  });
  await core.handlers['accounts:add']({ baseUrl: host.baseUrl, key: host.apiKey });
  return { core, dir, host };
}

async function refusal(answer: unknown): Promise<string> {
  const error = await Promise.resolve(answer).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).message;
}

describe('lending local videos', () => {
  it('lends only granted video files, on an unguessable URL that serves ranges until released', async () => {
    const { core, dir } = await setup();
    const clip = join(dir, 'clip.webm');
    await makeVideo(clip, 'webm-vp9', { seconds: 1 });
    await writeFile(join(dir, 'notes.txt'), 'not a video');

    expect(await refusal(core.handlers['media:open']({ path: clip }))).toMatch(/only play files you picked/);
    core.grantPath(dir);
    expect(await refusal(core.handlers['media:open']({ path: join(dir, 'notes.txt') }))).toBe('“notes.txt” is not a video file.');

    const { url, name } = await core.handlers['media:open']({ path: clip });
    expect(name).toBe('clip.webm');
    const prefix = `${MEDIA_SCHEME}://${MEDIA_HOST}/`;
    expect(url.startsWith(prefix)).toBe(true);
    expect(url).not.toContain('clip');
    const token = url.slice(prefix.length);
    const part = await core.media.serve(token, 'GET', 'bytes=0-3');
    expect(part).toMatchObject({ status: 206, headers: { 'Content-Type': 'video/webm', 'Content-Length': '4' } });
    part.body?.destroy();

    await core.handlers['media:release']({ url });
    expect((await core.media.serve(token, 'GET', null)).status).toBe(404);
  });
});

describe('a frame as the thumbnail', () => {
  it('checks the frame like a picked image and sends it through the queue to the host', async () => {
    const { core, host } = await setup();
    await shown(core)['sync:now']({ full: true });
    const video = host.control.videos()[0]!;
    const known = async () => {
      try {
        await shown(core)['videos:get']({ id: video.id });
        return true;
      } catch {
        return false;
      }
    };
    await expect.poll(known, { timeout: 20_000 }).toBe(true);

    const tooBig = makePng(1700, 900, [10, 20, 30]).toString('base64');
    expect(await refusal(shown(core)['videos:setThumbnailFrame']({ id: video.id, type: 'png', data: tooBig }))).toMatch(/1700 x 900 pixels; thumbnails can be at most 1600 x 1200/);
    expect(await refusal(shown(core)['videos:setThumbnailFrame']({ id: video.id, type: 'jpeg', data: makePng(64, 36, [1, 2, 3]).toString('base64') }))).toMatch(/PNG, not JPEG/);

    await shown(core)['videos:setThumbnailFrame']({ id: video.id, type: 'png', data: makePng(640, 360, [200, 100, 50]).toString('base64') });
    await expect.poll(() => host.control.videos().find((v) => v.id === video.id)?.thumbnail?.width, { timeout: 30_000 }).toBe(640);
  });
});

describe('a lent file is the file that was lent (issue 27 item 8)', () => {
  const MP4_HEAD = Buffer.from('000000206674797069736f6d0000020069736f6d69736f32617663316d703431', 'hex');

  async function lent(): Promise<{ core: Core; dir: string; path: string; token: string; original: Buffer }> {
    const dir = await mkdtemp(join(tmpdir(), 'vidlift-core-media-id-'));
    const core = await createCore({ dataDir: join(dir, 'data'), logDir: join(dir, 'logs'), sandboxAvailable: false, secretStore: new MemorySecretStore() });
    cleanups.push(async () => {
      await core.close();
      await rm(dir, { recursive: true, force: true });
    });
    const path = join(dir, 'clip.mp4');
    const original = Buffer.concat([MP4_HEAD, Buffer.alloc(50_000, 1)]);
    await writeFile(path, original);
    core.grantPath(path);
    const { url } = await core.handlers['media:open']({ path });
    return { core, dir, path, token: url.split('/').pop()!, original };
  }

  async function body(reply: Awaited<ReturnType<Core['media']['serve']>>): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of reply.body ?? []) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  it('refuses a token whose path now holds another file (replaced, or turned into a link)', async () => {
    const { core, dir, path, token, original } = await lent();
    expect(await body(await core.media.serve(token, 'GET', null))).toEqual(original);

    const secret = join(dir, 'secret.mp4');
    await writeFile(secret, Buffer.concat([MP4_HEAD, Buffer.from('another file the page was never lent')]));
    await rename(secret, path);
    expect((await core.media.serve(token, 'GET', null)).status).toBe(404);

    await rm(path);
    await writeFile(secret, Buffer.concat([MP4_HEAD, Buffer.from('a file behind a link')]));
    await symlink(secret, path);
    expect((await core.media.serve(token, 'GET', 'bytes=0-')).status).toBe(404);

    // A new file of the same size at the path, which may even get the deleted file's inode number.
    await rm(path);
    await rm(secret);
    await writeFile(path, Buffer.concat([MP4_HEAD, Buffer.alloc(50_000, 2)]));
    await utimes(path, new Date(), new Date(Date.now() + 5_000));
    expect((await core.media.serve(token, 'GET', null)).status).toBe(404);
  });

  it('sends the bytes of the file it checked, even when the path is replaced while it answers', async () => {
    const { core, dir, path, token, original } = await lent();
    const reply = await core.media.serve(token, 'GET', 'bytes=100-');
    expect(reply.status).toBe(206);
    const other = join(dir, 'other.mp4');
    await writeFile(other, Buffer.alloc(original.length, 9));
    await rename(other, path);
    expect(await body(reply)).toEqual(original.subarray(100));
  });
});
