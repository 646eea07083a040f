// Every operation (1-17, 20, 21) against the sandbox host over loopback: the parsed result,
// and every error the host can produce for it, classified without reading its message.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceClient, type ServiceClientOptions } from '../../../electron/core/api/client.ts';
import { MemorySink, RedactingLogger } from '../../../electron/core/log/redacting.ts';
import { makePng } from '../../host/png.ts';
import { startHost, type Host } from '../../host/index.ts';
import { failure, startTinyServer, tempDir, type TinyServer } from './fixtures.ts';

let host: Host;
let subtitles: TinyServer;
let tmp: { dir: string; cleanup(): void };
let png: string;
let bigPng: string;
let srt: string;

function client(overrides: Partial<ServiceClientOptions> = {}): ServiceClient {
  // Message hints off: the classification table alone must reach the right code.
  return new ServiceClient({ baseUrl: host.baseUrl, apiKey: host.apiKey, deadlineMs: 10_000, messageHints: false, ...overrides });
}

const MISSING = 'zzzzzzzzzzzz';

beforeAll(async () => {
  host = await startHost({ seed: 'demo', remoteWorker: { enabled: false } });
  subtitles = await startTinyServer();
  tmp = tempDir('vidlift-ops-');
  png = path.join(tmp.dir, 'thumb.png');
  fs.writeFileSync(png, makePng(64, 36, [10, 120, 200]));
  bigPng = path.join(tmp.dir, 'big.png');
  fs.writeFileSync(bigPng, makePng(1700, 10, [10, 120, 200]));
  srt = path.join(tmp.dir, 'en.srt');
  fs.writeFileSync(srt, '1\n00:00:01,000 --> 00:00:02,000\nHello\n');
});

afterAll(async () => {
  await host?.close();
  await subtitles?.close();
  tmp?.cleanup();
});

describe('account (1-3)', () => {
  it('1 reads the account; a bad key is unauthorized', async () => {
    const account = await client().account();
    expect(account.email).toContain('@');
    expect(typeof account.storage.used).toBe('number');
    const error = await failure(client({ apiKey: 'A'.repeat(16) }).account());
    expect(error.code).toBe('unauthorized');
    expect(error.serviceMessage).toBe('Invalid API Key');
    expect(error.message).toContain('Invalid API Key');
  });

  it('2 reads daily reports; an impossible range is a validation error', async () => {
    const reports = await client().reports({ last: 7 });
    expect(reports.list.length).toBeGreaterThanOrEqual(7);
    expect(reports.list[0]?.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(typeof reports.list[0]?.profitTotal).toBe('number');
    expect((await failure(client().reports({ last: 99_999 }))).code).toBe('validation');
  });

  it('3 reads DMCA records with per_page', async () => {
    const videos = host.control.videos();
    host.control.addDmca(videos[0]?.id ?? '');
    const dmca = await client().dmca({ page: 1, perPage: 5 });
    expect(dmca.pagination.perPage).toBe(5);
    expect(dmca.list.length).toBeGreaterThan(0);
    expect(dmca.list[0]?.code).toMatch(/^\w{12}$/);
  });
});

describe('uploads and remote imports (4-10)', () => {
  it('4 gets a fresh upload target whose session can never be logged', async () => {
    const sink = new MemorySink();
    const logger = new RedactingLogger({ sinks: [sink], minLevel: 'debug' });
    const target = await client({ logger, secrets: logger }).uploadTarget();
    expect(host.control.fileServerUrls()).toContain(target.url);
    expect(target.session.length).toBeGreaterThan(10);
    logger.info(`target ${target.url}?sess_id=${target.session}`, { target, key: host.apiKey });
    expect(sink.text).toContain('[redacted]');
    expect(sink.text).not.toContain(target.session);
    expect(sink.text).not.toContain(host.apiKey);
  });

  it('5 queues a URL; 7 reads it; 8 lists it; 10 counts slots', async () => {
    const c = client();
    const added = await c.remoteAdd({ url: `${subtitles.url}/video.mp4` });
    expect(added.id).toMatch(/^\w{12}$/);
    expect(added.slots.used).toBeGreaterThan(0);
    const status = await c.remoteStatus({ id: added.id });
    expect(status.url).toBe(`${subtitles.url}/video.mp4`);
    expect(status.status).toBe('pending');
    const list = await c.remoteList({ page: 1, perPage: 10 });
    expect(list.list.map((i) => i.id)).toContain(added.id);
    const slots = await c.slots();
    expect(slots.slots.used + slots.slots.free).toBe(slots.slots.total);
  });

  it('5 with a full queue is limit_reached; 7 for a missing item is not_found', async () => {
    const { apiKey } = host.control.addAccount();
    const c = client({ apiKey });
    for (let i = 0; i < 100; i++) await c.remoteAdd({ url: `${subtitles.url}/v${i}.mp4` });
    expect((await failure(c.remoteAdd({ url: `${subtitles.url}/one-more.mp4` }))).code).toBe('limit_reached');
    expect((await failure(c.remoteStatus({ id: MISSING }))).code).toBe('not_found');
    // 9: deleting everything inactive, then one item.
    const first = (await c.remoteList({ page: 1, perPage: 1 })).list[0];
    expect((await c.remoteAction({ action: 'delete', id: first?.id ?? '' })).affected).toBe(1);
    expect((await c.remoteAction({ action: 'delete_inactive' })).affected).toBe(0);
  });

  it('5 with a link the service refuses is a validation error (not_found when it quotes "File not found")', async () => {
    expect((await failure(client().remoteAdd({ url: 'https://vidhost.example/e/zzzzzzzzzzzz' }))).code).toBe('validation');
    expect((await failure(client({ messageHints: true }).remoteAdd({ url: 'https://vidhost.example/e/zzzzzzzzzzzz' }))).code).toBe('not_found');
    expect((await failure(client().remoteAdd({ url: 'https://vidhost.example/nothing' }))).code).toBe('validation');
  });

  it('6 copies a video; a missing source is not_found; the 51st copy is limit_reached', async () => {
    const { apiKey } = host.control.addAccount();
    const source = host.control.addVideo({ name: 'source' }, apiKey).id;
    const c = client({ apiKey });
    const copied = await c.copy({ id: source });
    expect(copied.id).toMatch(/^\w{12}$/);
    expect(copied.links.embed).toContain(copied.id);
    expect((await failure(c.copy({ id: MISSING }))).code).toBe('not_found');
    for (let i = 1; i < 50; i++) await c.copy({ id: source });
    expect((await failure(c.copy({ id: source }))).code).toBe('limit_reached');
  });
});

describe('folders (11-13)', () => {
  it('creates, renames and lists; a missing folder is not_found; a bad name is refused locally', async () => {
    const c = client();
    const created = await c.folderCreate({ name: 'Client test' });
    expect(created).toMatchObject({ name: 'Client test', parent: 0 });
    expect((await c.folderRename({ id: created.id, name: 'Renamed' })).name).toBe('Renamed');
    const tree = await c.folders({ parent: 0 });
    expect(tree.list.map((f) => f.name)).toContain('Renamed');
    expect(tree.list.some((f) => f.children.length > 0)).toBe(true);
    expect((await failure(c.folderRename({ id: 999_999, name: 'x' }))).code).toBe('not_found');
    expect((await failure(c.folders({ parent: 999_999 }))).code).toBe('not_found');
    const before = host.control.requestLog().length;
    const local = await failure(c.folderCreate({ name: '   ' }));
    expect(local.code).toBe('validation');
    expect(local.kind).toBe('local');
    expect(host.control.requestLog().length).toBe(before);
  });
});

describe('videos (14-17)', () => {
  it('14 lists a folder with search; a missing folder is not_found', async () => {
    const c = client();
    const page = await c.videos({ folder: 0, page: 1, perPage: 3 });
    expect(page.folder).toBe(0);
    expect(page.list.length).toBeLessThanOrEqual(3);
    const name = host.control.videos().find((v) => v.folderId === 0)?.name ?? '';
    const found = await c.videos({ folder: 0, page: 1, perPage: 50, search: name.slice(0, 5).toUpperCase() });
    expect(found.list.some((v) => v.name === name)).toBe(true);
    expect((await failure(c.videos({ folder: 999_999, page: 1, perPage: 3 }))).code).toBe('not_found');
  });

  it('15 reads a video; 16 sets skip intro; missing videos are not_found', async () => {
    const c = client();
    const id = host.control.videos()[0]?.id ?? '';
    const video = await c.videoInfo({ id });
    expect(video.id).toBe(id);
    expect(video.links.embed).toContain(id);
    expect(await c.skipIntro({ id, seconds: 12 })).toEqual({ id, updated: true });
    expect((await c.videoInfo({ id })).skipIntro).toBe(12);
    expect((await failure(c.videoInfo({ id: MISSING }))).code).toBe('not_found');
    expect((await failure(c.skipIntro({ id: MISSING, seconds: 3 }))).code).toBe('not_found');
    expect((await failure(c.videoInfo({ id: 'short' }))).kind).toBe('local');
  });

  it('17 uploads and deletes a thumbnail; a missing video is not_found; a 4th upload in a minute is rate_limited', async () => {
    const { apiKey } = host.control.addAccount();
    const id = host.control.addVideo({ name: 'thumbs' }, apiKey).id;
    const c = client({ apiKey });
    const file = { path: png, name: 'thumb.png', contentType: 'image/png' };
    const uploaded = await c.thumbnailUpload({ id, file });
    expect(uploaded.url).toContain(id);
    expect(host.control.videos(apiKey)[0]?.thumbnail).toMatchObject({ type: 'png', width: 64, height: 36 });
    expect((await c.thumbnailDelete({ id })).url).toBe('');
    expect((await failure(c.thumbnailDelete({ id: MISSING }))).code).toBe('not_found');
    expect((await failure(c.thumbnailUpload({ id: MISSING, file }))).code).toBe('not_found');
    await c.thumbnailUpload({ id, file });
    expect((await failure(c.thumbnailUpload({ id, file }))).code).toBe('rate_limited');
    // Too large an image is refused before it costs one of the three attempts.
    const local = await failure(c.thumbnailUpload({ id, file: { path: bigPng, name: 'big.png', contentType: 'image/png' } }));
    expect(local).toMatchObject({ code: 'validation', kind: 'local' });
  });

  it('17 and 20 under the broken deployment are unavailable with a plain message', async () => {
    const { apiKey } = host.control.addAccount();
    const id = host.control.addVideo({ name: 'broken' }, apiKey).id;
    const c = client({ apiKey });
    host.control.setBrokenDeploy(true);
    try {
      const thumb = await failure(c.thumbnailUpload({ id, file: { path: png, name: 't.png', contentType: 'image/png' } }));
      expect(thumb.code).toBe('unavailable');
      expect(thumb.message).toMatch(/cannot do this yet/);
      expect(thumb.serviceMessage).toMatch(/deployment/);
      const sub = await failure(c.subtitleFile({ id, language: 'en', file: { path: srt, name: 'en.srt', contentType: 'application/x-subrip' } }));
      expect(sub.code).toBe('unavailable');
    } finally {
      host.control.setBrokenDeploy(false);
    }
  });
});

describe('subtitles (20, 21)', () => {
  it('20 uploads an SRT file; a missing video is not_found', async () => {
    const c = client();
    const id = host.control.videos()[1]?.id ?? '';
    const file = { path: srt, name: 'en.srt', contentType: 'application/x-subrip' };
    const added = await c.subtitleFile({ id, language: 'en', file });
    expect(added.subtitle.language).toBe('en');
    expect(host.control.videos().find((v) => v.id === id)?.subtitles[0]?.vtt).toMatch(/^WEBVTT/);
    expect((await failure(c.subtitleFile({ id: MISSING, language: 'en', file }))).code).toBe('not_found');
    expect((await failure(c.subtitleFile({ id, language: 'e-n', file }))).kind).toBe('local');
  });

  it('21 adds a subtitle by URL; a missing video is not_found; a URL that is not a subtitle is validation', async () => {
    const c = client();
    const id = host.control.videos()[2]?.id ?? '';
    const added = await c.subtitleUrl({ id, language: 'de', url: `${subtitles.url}/de.srt` });
    expect(added.subtitle).toMatchObject({ language: 'de' });
    expect((await failure(c.subtitleUrl({ id: MISSING, language: 'de', url: `${subtitles.url}/de.srt` }))).code).toBe('not_found');
    const html = await startTinyServer({ status: 200, type: 'text/html', body: '<html>nope</html>' });
    try {
      expect((await failure(c.subtitleUrl({ id, language: 'fr', url: `${html.url}/x.srt` }))).code).toBe('validation');
    } finally {
      await html.close();
    }
  });
});

describe('a key that stops working', () => {
  it('is unauthorized on any operation, found by checking operation 1 rather than the message', async () => {
    const { apiKey } = host.control.addAccount();
    const c = client({ apiKey });
    const id = host.control.addVideo({ name: 'soon gone' }, apiKey).id;
    await c.videoInfo({ id });
    host.control.revokeKey(apiKey);
    for (const call of [c.videoInfo({ id }), c.folders({ parent: 0 }), c.uploadTarget(), c.copy({ id })]) {
      expect((await failure(call)).code).toBe('unauthorized');
    }
  });
});
