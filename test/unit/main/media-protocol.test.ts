// The media scheme against the real core registry and a real file: ranges for seeking, the
// token as the only key, CORS for the renderer's origin only.
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { electronMediaUrl } from '../../../electron/core/files/media-handlers.ts';
import { identityOf } from '../../../electron/core/files/file-identity.ts';
import { serveMediaFile } from '../../../electron/core/files/media-range.ts';
import { MediaTokens } from '../../../electron/core/files/media-tokens.ts';
import { createMediaRequestHandler } from '../../../electron/main/media-protocol.ts';

const dir = mkdtempSync(join(tmpdir(), 'vidlift-media-proto-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const video = join(dir, 'clip.mp4');
const bytes = Buffer.concat([Buffer.from('000000206674797069736f6d0000020069736f6d69736f32617663316d703431', 'hex'), Buffer.alloc(10_000, 7)]);
writeFileSync(video, bytes);

const tokens = new MediaTokens();
const lent = { path: video, ...identityOf(statSync(video, { bigint: true })) };
const handler = createMediaRequestHandler({
  serve: async (token, method, range) => {
    const file = tokens.resolve(token);
    return file === null ? { status: 404, headers: {}, body: null } : serveMediaFile(file, method, range);
  },
  rendererOrigin: 'app://vidlift',
});

describe('vidlift-media://', () => {
  it('serves a lent file whole and by range, with CORS for the renderer only', async () => {
    const url = electronMediaUrl(tokens.issue(lent));
    const whole = await handler(new Request(url));
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('access-control-allow-origin')).toBe('app://vidlift');
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(bytes);

    const part = await handler(new Request(url, { headers: { Range: 'bytes=100-199' } }));
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(100, 200));

    const tail = await handler(new Request(url, { headers: { Range: 'bytes=-10' } }));
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(bytes.subarray(bytes.length - 10));
    expect((await handler(new Request(url, { headers: { Range: `bytes=${bytes.length}-` } }))).status).toBe(416);
  });

  it('answers 404 for an unknown, released or malformed token, and for another host', async () => {
    const token = tokens.issue(lent);
    expect((await handler(new Request(electronMediaUrl('A'.repeat(43))))).status).toBe(404);
    expect((await handler(new Request(`vidlift-media://elsewhere/${token}`))).status).toBe(404);
    expect((await handler(new Request(electronMediaUrl('../../etc/passwd')))).status).toBe(404);
    tokens.release(token);
    expect((await handler(new Request(electronMediaUrl(token)))).status).toBe(404);
  });
});
