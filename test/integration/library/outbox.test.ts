import { createServer, type Server } from 'node:http';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLibraryHandlers } from '../../../electron/core/library/handlers.ts';
import type { OutboxView } from '../../../shared/model.ts';
import { png } from '../../unit/core/files/image-fixtures.ts';
import { reconnect, requests, setup, type Env } from './harness.ts';

let env: Env | null = null;
let subtitleServer: Server | null = null;
afterEach(async () => {
  await env?.close();
  env = null;
  await new Promise<void>((resolve) => (subtitleServer ? subtitleServer.close(() => resolve()) : resolve()));
  subtitleServer = null;
});

const SRT = '1\n00:00:01,000 --> 00:00:02,000\nHello\n';

async function serveSubtitle(): Promise<string> {
  subtitleServer = createServer((_req, res) => res.end(SRT));
  await new Promise<void>((resolve) => subtitleServer!.listen(0, '127.0.0.1', resolve));
  const address = subtitleServer.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hello.srt`;
}

async function synced(seed: 'demo' | 'empty' = 'demo', brokenDeploy = false): Promise<Env> {
  const e = await setup({ seed, brokenDeploy });
  await e.library.sync.syncNow();
  return e;
}

const CHANGES = /^POST \/v1\/(folders|videos\/skip-intro|upload\/copy|subtitles)/;

describe('outbox', () => {
  it('keeps changes made offline, shows them pending, and replays them in order, once each', async () => {
    env = await synced();
    const { library, host } = env;
    const url = await serveSubtitle();
    const video = host.control.videos()[0]!;
    await host.control.stop();

    const created = library.outbox.createFolder('Made on a train');
    expect(created.id).toBeLessThan(0);
    expect(created.pending).toBe('pending');
    library.outbox.renameFolder(created.id, 'Made on the 8:15');
    library.outbox.setSkipIntro(video.id, 42);
    library.outbox.addSubtitleUrl(video.id, 'en', url);
    library.outbox.copyVideo(video.id);
    await library.outbox.idle();

    expect(library.store.getFolder(created.id)).toMatchObject({ name: 'Made on the 8:15', pending: 'pending' });
    expect(library.store.getVideo(video.id)).toMatchObject({ skipIntro: 42, pending: 'pending' });
    expect(library.subtitles.list(video.id)).toEqual([{ videoId: video.id, language: 'en', url: null, source: 'url', pending: 'pending', error: null }]);
    expect(library.outbox.view().items.map((i) => [i.kind, i.state])).toEqual([
      ['folder.create', 'pending'],
      ['folder.rename', 'pending'],
      ['video.skipIntro', 'pending'],
      ['subtitle.url', 'pending'],
      ['video.copy', 'pending'],
    ]);
    expect(env.connectivity.state().state).toBe('offline');

    await host.control.start();
    host.control.clearLog();
    const assigned: Array<[number, number]> = [];
    library.onFolderIdAssigned((tempId, realId) => assigned.push([tempId, realId]));
    await reconnect(env);

    expect(library.outbox.view().items).toEqual([]);
    expect(requests(host, CHANGES)).toEqual([
      'POST /v1/folders/create',
      'POST /v1/folders/rename',
      'POST /v1/videos/skip-intro',
      'POST /v1/subtitles/upload/url',
      'POST /v1/upload/copy',
    ]);
    const real = host.control.folders().find((f) => f.name === 'Made on the 8:15');
    expect(real).toBeDefined();
    expect(assigned).toEqual([[created.id, real!.id]]);
    expect(library.store.getFolder(created.id)).toBeNull();
    expect(library.store.getFolder(real!.id)).toMatchObject({ name: 'Made on the 8:15', pending: null });
    expect(host.control.videos().find((v) => v.id === video.id)).toMatchObject({ skipIntro: 42 });
    expect(library.store.getVideo(video.id)).toMatchObject({ skipIntro: 42, pending: null });
    expect(library.subtitles.list(video.id)[0]).toMatchObject({ pending: null, url: expect.stringContaining(`/sub/${video.id}/en.vtt`) });
    expect(host.control.videos().filter((v) => v.copyOf === video.id)).toHaveLength(1);
    // A later sync does not bring the folder twice.
    await library.sync.syncNow({ full: true });
    expect(library.store.listFolders().filter((f) => f.name === 'Made on the 8:15')).toHaveLength(1);
  });

  it('clears the pending mark of a folder created offline once its create alone is replayed', async () => {
    env = await synced();
    const { library, host } = env;
    await host.control.stop();
    const created = library.outbox.createFolder('Lone offline folder');
    await library.outbox.idle();
    await host.control.start();
    await reconnect(env);

    expect(library.outbox.view().items).toEqual([]);
    const real = host.control.folders().find((f) => f.name === 'Lone offline folder');
    expect(real).toBeDefined();
    expect(library.store.getFolder(created.id)).toBeNull();
    expect(library.store.getFolder(real!.id)).toMatchObject({ name: 'Lone offline folder', pending: null });
  });

  it('marks a refused change with the service’s message, goes on with the others, and discard rolls it back', async () => {
    env = await synced();
    const { library, host } = env;
    const [gone, other] = host.control.videos();
    const before = library.store.getVideo(gone!.id)!.skipIntro;
    await host.control.stop();
    library.outbox.setSkipIntro(gone!.id, 11);
    library.outbox.setSkipIntro(other!.id, 12);
    await host.control.start();
    host.control.deleteVideo(gone!.id);
    await reconnect(env);

    const items = library.outbox.view().items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ state: 'refused', error: expect.stringContaining('File not found') });
    expect(library.store.getVideo(gone!.id)).toMatchObject({ skipIntro: 11, pending: 'refused' });
    expect(host.control.videos().find((v) => v.id === other!.id)?.skipIntro).toBe(12);

    library.outbox.retry(items[0]!.id);
    await library.outbox.idle();
    expect(library.outbox.view().items[0]).toMatchObject({ state: 'refused' });
    expect(requests(host, /skip-intro/).length).toBe(3);

    library.outbox.discard(items[0]!.id);
    expect(library.outbox.view().items).toEqual([]);
    expect(library.store.getVideo(gone!.id)).toMatchObject({ skipIntro: before, pending: null });
  });

  it('holds back only the refused change’s own video, names what blocks it, and replays at once on discard', async () => {
    env = await synced('demo', true);
    const { library, host } = env;
    const [video, other] = host.control.videos();
    const file = join(env.dir, 'hello.srt');
    writeFileSync(file, SRT);
    const confirmedSummaries = (): string[] =>
      env!.events.filter((e) => e.event === 'outbox:changed').flatMap((e) => (e.payload as OutboxView).confirmed ?? []).map((c) => c.summary);
    await host.control.stop();
    library.outbox.addSubtitleFile(video!.id, 'en', file, 'srt');
    library.outbox.setSkipIntro(video!.id, 21);
    library.outbox.setSkipIntro(other!.id, 12);
    await host.control.start();
    await reconnect(env);

    // The unrelated change did not wait for the refused one; the same video's later change did.
    expect(host.control.videos().find((v) => v.id === other!.id)?.skipIntro).toBe(12);
    expect(confirmedSummaries()).toEqual([expect.stringContaining('12')]);
    const [refused, waiting, ...rest] = library.outbox.view().items;
    expect(rest).toEqual([]);
    expect(refused).toMatchObject({ kind: 'subtitle.file', state: 'refused', target: `video:${video!.id}`, blockedBy: null });
    expect(waiting).toMatchObject({ kind: 'video.skipIntro', state: 'pending', blockedBy: { id: refused!.id, summary: refused!.summary, reason: refused!.error } });
    expect(host.control.videos().find((v) => v.id === video!.id)?.skipIntro).not.toBe(21);

    // Discard sends what waited behind it now, without waiting for a reconnect.
    host.control.clearLog();
    library.outbox.discard(refused!.id);
    await library.outbox.idle();
    expect(requests(host, CHANGES)).toEqual(['POST /v1/videos/skip-intro']);
    expect(library.outbox.view().items).toEqual([]);
    expect(host.control.videos().find((v) => v.id === video!.id)?.skipIntro).toBe(21);
    expect(library.store.getVideo(video!.id)).toMatchObject({ skipIntro: 21, pending: null });
  });

  it('discarding a folder created offline removes it and its later changes', async () => {
    env = await synced('empty');
    const { library, host } = env;
    await host.control.stop();
    const folder = library.outbox.createFolder('Never mind');
    library.outbox.renameFolder(folder.id, 'Really never mind');
    await library.outbox.idle();
    const createItem = library.outbox.view().items[0]!;
    library.outbox.discard(createItem.id);
    expect(library.outbox.view().items).toEqual([]);
    expect(library.store.listFolders()).toEqual([]);
    await host.control.start();
    await reconnect(env);
    expect(host.control.folders()).toEqual([]);
  });

  it('sends at most three thumbnails a minute and queues the rest', async () => {
    env = await synced();
    const { library, host } = env;
    const image = join(env.dir, 'thumb.png');
    writeFileSync(image, png(320, 180));
    const handlers = createLibraryHandlers(library, { isGranted: (path) => path === image });
    const videos = host.control.videos().slice(0, 4);
    let queue = { waiting: 0, nextSlotAt: null as number | null };
    for (const v of videos) queue = await handlers['videos:setThumbnail']({ id: v.id, path: image });
    await library.outbox.idle();
    queue = library.outbox.thumbnailQueue();
    expect(requests(host, /^POST \/v1\/videos\/thumbnail$/)).toHaveLength(3);
    expect(queue.waiting).toBe(1);
    expect(queue.nextSlotAt).toBeGreaterThan(Date.now() + 50_000);
    expect(host.control.videos().filter((v) => v.thumbnail)).toHaveLength(3);
    expect(library.outbox.view().items.map((i) => i.state)).toEqual(['pending']);
    expect(env.events.some((e) => e.event === 'thumbnails:changed')).toBe(true);
  });

  it('knows a custom thumbnail once the service confirmed it, and forgets it once removed (Remove custom is offered only then)', async () => {
    env = await synced();
    const { library, host } = env;
    const image = join(env.dir, 'thumb.png');
    writeFileSync(image, png(320, 180));
    const handlers = createLibraryHandlers(library, { isGranted: (path) => path === image });
    const video = host.control.videos().find((v) => v.folderId === 0)!;
    const custom = async (): Promise<boolean | undefined> => (await handlers['videos:get']({ id: video.id })).customThumbnail;
    expect(await custom()).toBe(false);
    await handlers['videos:setThumbnail']({ id: video.id, path: image });
    await library.outbox.idle();
    expect(await custom()).toBe(true);
    await handlers['videos:deleteThumbnail']({ id: video.id });
    await library.outbox.idle();
    expect(await custom()).toBe(false);
  });

  it('refuses files before anything is queued, and paths that were not granted', async () => {
    env = await synced();
    const { library, host } = env;
    const video = host.control.videos()[0]!;
    const wide = join(env.dir, 'wide.png');
    writeFileSync(wide, png(1601, 1200));
    const handlers = createLibraryHandlers(library, { isGranted: (path) => path.startsWith(env!.dir) });
    await expect(handlers['videos:setThumbnail']({ id: video.id, path: wide })).rejects.toMatchObject({ code: 'validation', message: expect.stringContaining('1601 x 1200') });
    await expect(handlers['subtitles:addFile']({ videoId: video.id, language: 'en', path: '/etc/hostname' })).rejects.toMatchObject({
      code: 'validation',
      message: expect.stringContaining('picked or dropped'),
    });
    expect(library.outbox.view().items).toEqual([]);
  });

  it('says plainly when the service cannot take subtitle files yet, and points to the URL way', async () => {
    env = await synced('demo', true);
    const { library, host } = env;
    const video = host.control.videos()[0]!;
    const file = join(env.dir, 'hello.srt');
    writeFileSync(file, SRT);
    const handlers = createLibraryHandlers(library, { isGranted: () => true });
    const subtitle = await handlers['subtitles:addFile']({ videoId: video.id, language: 'en', path: file });
    expect(subtitle).toMatchObject({ pending: 'pending', source: 'file' });
    await library.outbox.idle();
    const [item] = library.outbox.view().items;
    expect(item).toMatchObject({ kind: 'subtitle.file', state: 'refused' });
    expect(item!.error).toMatch(/deployment|deployed/);
    expect(item!.error).toMatch(/by URL/);
    expect((await handlers['subtitles:list']({ videoId: video.id })).items[0]).toMatchObject({ pending: 'refused', error: item!.error });
  });
});
