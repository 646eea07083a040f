import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePng } from '../../host/png.ts';
import { startHost } from '../../host/index.ts';
import type { Host } from '../../host/index.ts';
import { err, errorOf, makeGif, makeJpeg, ok, postMultipart, raw } from './helpers.ts';
import type { Part } from './helpers.ts';

let now = new Date(2024, 5, 1, 10, 0, 0).getTime();
let host: Host;
let video = '';
beforeAll(async () => {
  host = await startHost({ now: () => now, subtitleTimeoutMs: 400 });
  video = host.control.addVideo({ name: 'media.mp4' }).id;
});
afterAll(() => host.close());

const thumb = (id: string, data: Buffer, fileName: string): Part[] => [
  { name: 'id', value: id },
  { name: 'file', file: { fileName, contentType: 'image/png', data } },
];

/** A fresh minute for the 3-per-minute limit. */
const nextMinute = (): void => {
  now += 61_000;
};

describe('thumbnail (17)', () => {
  it('accepts PNG and JPEG up to 1600 x 1200, checked by content; serves the image', async () => {
    nextMinute();
    const png = makePng(1600, 1200, [200, 40, 40]);
    const res = await postMultipart(host, '/v1/videos/thumbnail', thumb(video, png, 'whatever.bin'));
    expect(res.status).toBe(200);
    const body = JSON.parse(res.text) as { url: string; message: string };
    expect(typeof body.message).toBe('string');
    const served = await raw(body.url);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.body.equals(png)).toBe(true);
    const info = await ok<{ images: { thumbnail: string } }>(host, '/v1/videos/info', { query: { id: video } });
    expect(info.images.thumbnail).toBe(body.url);
    const jpeg = await postMultipart(host, '/v1/videos/thumbnail', thumb(video, makeJpeg(1280, 720), 'a.png'));
    expect(jpeg.status).toBe(200);
    expect(host.control.videos().find((v) => v.id === video)?.thumbnail).toMatchObject({ type: 'jpeg', width: 1280, height: 720 });
  });

  it('refuses a 1601 x 1200 PNG, a 1600 x 1201 PNG, a GIF named .png, and junk', async () => {
    nextMinute();
    expect(errorOf(await postMultipart(host, '/v1/videos/thumbnail', thumb(video, makePng(1601, 1200, [0, 0, 0]), 'big.png')))).toMatch(/1600/);
    expect(errorOf(await postMultipart(host, '/v1/videos/thumbnail', thumb(video, makePng(1600, 1201, [0, 0, 0]), 'tall.png')))).toMatch(/1200/);
    nextMinute();
    expect(errorOf(await postMultipart(host, '/v1/videos/thumbnail', thumb(video, makeGif(10, 10), 'sneaky.png')))).toMatch(/JPEG or PNG/);
    expect(errorOf(await postMultipart(host, '/v1/videos/thumbnail', thumb(video, Buffer.from('hello'), 'x.jpg')))).toMatch(/JPEG or PNG/);
    nextMinute();
    errorOf(await postMultipart(host, '/v1/videos/thumbnail', [{ name: 'id', value: video }]));
    expect(errorOf(await postMultipart(host, '/v1/videos/thumbnail', thumb('zzzzzzzzzzzz', makePng(8, 8, [1, 1, 1]), 'a.png')))).toBe('File not found');
    await err(host, '/v1/videos/thumbnail', { json: { id: video } });
  });

  it('the 4th attempt in a minute is refused; a minute later it works again', async () => {
    nextMinute();
    const small = makePng(16, 16, [1, 2, 3]);
    for (let i = 0; i < 3; i++) expect((await postMultipart(host, '/v1/videos/thumbnail', thumb(video, small, 't.png'))).status).toBe(200);
    expect(errorOf(await postMultipart(host, '/v1/videos/thumbnail', thumb(video, small, 't.png')))).toMatch(/per minute/);
    now += 30_000;
    errorOf(await postMultipart(host, '/v1/videos/thumbnail', thumb(video, small, 't.png')));
    now += 31_000;
    expect((await postMultipart(host, '/v1/videos/thumbnail', thumb(video, small, 't.png'))).status).toBe(200);
  });

  it('the limit is per account', async () => {
    nextMinute();
    const other = host.control.addAccount().apiKey;
    const theirs = host.control.addVideo({ name: 'o' }, other).id;
    const small = makePng(16, 16, [1, 2, 3]);
    for (let i = 0; i < 3; i++) await postMultipart(host, '/v1/videos/thumbnail', thumb(video, small, 't.png'));
    expect((await postMultipart(host, '/v1/videos/thumbnail', thumb(theirs, small, 't.png'), { key: other })).status).toBe(200);
  });

  it('deletes with action=delete and no file', async () => {
    const res = await postMultipart(host, '/v1/videos/thumbnail', [
      { name: 'id', value: video },
      { name: 'action', value: 'delete' },
    ]);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toMatchObject({ url: '' });
    expect(host.control.videos().find((v) => v.id === video)?.thumbnail).toBeUndefined();
  });

  it('broken deploy: uploads fail, deletion still works', async () => {
    nextMinute();
    host.control.setBrokenDeploy(true);
    try {
      expect(errorOf(await postMultipart(host, '/v1/videos/thumbnail', thumb(video, makePng(8, 8, [1, 1, 1]), 'a.png')))).toMatch(/deployment/);
      const del = await postMultipart(host, '/v1/videos/thumbnail', [
        { name: 'id', value: video },
        { name: 'action', value: 'delete' },
      ]);
      expect(del.status).toBe(200);
    } finally {
      host.control.setBrokenDeploy(false);
    }
  });
});

const SRT = '1\r\n00:00:01,000 --> 00:00:04,500\r\nHello there\r\n\r\n2\r\n00:00:05,000 --> 00:00:06,000\r\nSecond line\r\nand more\r\n';
const VTT = 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHi\n';

const subtitle = (id: string, language: string, data: Buffer | string, fileName = 'sub.srt'): Part[] => [
  { name: 'id', value: id },
  { name: 'language', value: language },
  { name: 'file', file: { fileName, contentType: 'text/plain', data: Buffer.from(data) } },
];

describe('subtitle file (20)', () => {
  it('SRT is converted to WebVTT, stored and served', async () => {
    const res = await postMultipart(host, '/v1/subtitles/upload', subtitle(video, 'en', SRT, 'x.vtt'));
    expect(res.status).toBe(200);
    const body = JSON.parse(res.text) as { subtitle: { language: string; url: string } };
    expect(body.subtitle.language).toBe('en');
    const served = await raw(body.subtitle.url);
    expect(served.headers['content-type']).toMatch(/text\/vtt/);
    expect(served.text).toBe('WEBVTT\n\n00:00:01.000 --> 00:00:04.500\nHello there\n\n00:00:05.000 --> 00:00:06.000\nSecond line\nand more\n');
    expect(host.control.videos().find((v) => v.id === video)?.subtitles).toEqual([{ language: 'en', vtt: served.text }]);
  });

  it('WebVTT is kept; the same language replaces the track', async () => {
    expect((await postMultipart(host, '/v1/subtitles/upload', subtitle(video, 'en', VTT, 'y.srt'))).status).toBe(200);
    expect((await postMultipart(host, '/v1/subtitles/upload', subtitle(video, 'pt_BR', VTT))).status).toBe(200);
    expect(host.control.videos().find((v) => v.id === video)?.subtitles).toEqual([
      { language: 'en', vtt: VTT },
      { language: 'pt_BR', vtt: VTT },
    ]);
  });

  it('refuses a 501 KB file, a language en-US, non-subtitles, unknown videos', async () => {
    const big = `WEBVTT\n\n${'x'.repeat(501 * 1024)}`;
    expect(errorOf(await postMultipart(host, '/v1/subtitles/upload', subtitle(video, 'en', big)))).toMatch(/500 KB/);
    const exactly = `WEBVTT\n\n${'y'.repeat(500 * 1024 - 8)}`;
    expect((await postMultipart(host, '/v1/subtitles/upload', subtitle(video, 'xx', exactly))).status).toBe(200);
    expect(errorOf(await postMultipart(host, '/v1/subtitles/upload', subtitle(video, 'en-US', VTT)))).toMatch(/language/);
    errorOf(await postMultipart(host, '/v1/subtitles/upload', subtitle(video, '', VTT)));
    expect(errorOf(await postMultipart(host, '/v1/subtitles/upload', subtitle(video, 'en', 'just some text')))).toMatch(/SRT or WebVTT/);
    expect(errorOf(await postMultipart(host, '/v1/subtitles/upload', subtitle(video, 'en', makePng(4, 4, [0, 0, 0]))))).toMatch(/SRT or WebVTT/);
    expect(errorOf(await postMultipart(host, '/v1/subtitles/upload', subtitle('zzzzzzzzzzzz', 'en', VTT)))).toBe('File not found');
    errorOf(await postMultipart(host, '/v1/subtitles/upload', [{ name: 'id', value: video }, { name: 'language', value: 'en' }]));
  });

  it('broken deploy makes it fail', async () => {
    host.control.setBrokenDeploy(true);
    try {
      expect(errorOf(await postMultipart(host, '/v1/subtitles/upload', subtitle(video, 'de', VTT)))).toMatch(/deployment/);
    } finally {
      host.control.setBrokenDeploy(false);
    }
  });
});

describe('subtitle by URL (21)', () => {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/a.srt') res.end(SRT);
      else if (req.url === '/a.vtt') res.end(VTT);
      else if (req.url === '/slow.srt') setTimeout(() => res.end(SRT), 2000).unref();
      else if (req.url === '/big.vtt') res.end(`WEBVTT\n\n${'x'.repeat(501 * 1024)}`);
      else if (req.url === '/text') res.end('hello');
      else {
        res.writeHead(404);
        res.end();
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('downloads SRT and stores WebVTT, works even with broken deploy', async () => {
    host.control.setBrokenDeploy(true);
    try {
      const res = await ok<{ subtitle: { language: string; url: string } }>(host, '/v1/subtitles/upload/url', { json: { id: video, language: 'fr', url: `${base}/a.srt` } });
      expect(res.subtitle.language).toBe('fr');
      expect((await raw(res.subtitle.url)).text).toMatch(/^WEBVTT\n\n00:00:01\.000 --> 00:00:04\.500/);
    } finally {
      host.control.setBrokenDeploy(false);
    }
  });

  it('fails on timeout (injected 400 ms instead of 30 s), 404, unreachable, too big, not a subtitle, bad input', async () => {
    expect(await err(host, '/v1/subtitles/upload/url', { json: { id: video, language: 'fr', url: `${base}/slow.srt` } })).toMatch(/timeout/i);
    await err(host, '/v1/subtitles/upload/url', { json: { id: video, language: 'fr', url: `${base}/nope.srt` } });
    await err(host, '/v1/subtitles/upload/url', { json: { id: video, language: 'fr', url: 'http://127.0.0.1:1/a.srt' } });
    await err(host, '/v1/subtitles/upload/url', { json: { id: video, language: 'fr', url: `${base}/big.vtt` } });
    await err(host, '/v1/subtitles/upload/url', { json: { id: video, language: 'fr', url: `${base}/text` } });
    await err(host, '/v1/subtitles/upload/url', { json: { id: video, language: 'en-US', url: `${base}/a.vtt` } });
    await err(host, '/v1/subtitles/upload/url', { json: { id: video, language: 'en', url: 'ftp://x/a.vtt' } });
    expect(await err(host, '/v1/subtitles/upload/url', { json: { id: 'zzzzzzzzzzzz', language: 'en', url: `${base}/a.vtt` } })).toBe('File not found');
  });
});
