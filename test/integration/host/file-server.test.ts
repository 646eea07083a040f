import { createHash, randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { setTimeout } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHost } from '../../host/index.ts';
import type { Host } from '../../host/index.ts';
import { multipart, ok, raw, uploadFile, uploadTarget } from './helpers.ts';

type Reply = { status: number; msg: string; result?: Array<{ filecode: string; title: string; size: number }> };

let host: Host;
beforeAll(async () => {
  host = await startHost({ fileServers: 2 });
});
afterAll(() => host.close());

/**
 * A 1 MiB body sent as 64 KiB, a pause, then the rest, on a fresh connection (Connection: close,
 * as the uploader sends): a server that closed the connection before reading it all would make
 * the second part fail (EPIPE or ECONNRESET).
 */
async function sentInTwoParts(url: string, method: string, contentType: string): Promise<{ status: number; msg: string; sendError: string | null }> {
  const body = randomBytes(1 << 20);
  let sendError: string | null = null;
  const req = request(url, { method, agent: false, headers: { 'Content-Type': contentType, 'Content-Length': body.length } });
  req.on('error', (error: NodeJS.ErrnoException) => {
    sendError = error.code ?? error.message;
  });
  const reply = new Promise<{ status: number; text: string }>((resolve, reject) => {
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
  });
  const closed = new Promise((resolve) => req.on('close', resolve));
  req.write(body.subarray(0, 64 << 10));
  await setTimeout(200);
  req.end(body.subarray(64 << 10));
  const { status, text } = await reply;
  await closed;
  return { status, msg: (JSON.parse(text) as Reply).msg, sendError };
}

describe('upload target (4) and file server', () => {
  it('returns {url, session}; url is another origin; several file servers are used', async () => {
    const a = await uploadTarget(host);
    const b = await uploadTarget(host);
    expect(Object.keys(a).sort()).toEqual(['session', 'url']);
    expect(new URL(a.url).origin).not.toBe(new URL(host.baseUrl).origin);
    expect(new Set([a.url, b.url]).size).toBe(2);
    expect(host.control.fileServerUrls().sort()).toEqual([a.url, b.url].sort());
    expect(a.session).not.toBe(b.session);
  });

  it('happy path: stores name, size and sha256 in the given folder; DoodStream reply', async () => {
    const folder = (await ok<{ id: number }>(host, '/v1/folders/create', { json: { name: 'Uploads' } })).id;
    const data = randomBytes(3 * 1024 * 1024 + 17);
    const before = host.control.uploadsReceived();
    const res = await uploadFile(await uploadTarget(host), data, 'My holiday.mp4', folder);
    expect(res.status).toBe(200);
    const reply = JSON.parse(res.text) as Reply;
    expect(reply.status).toBe(200);
    expect(reply.msg).toBe('OK');
    const r = reply.result?.[0];
    expect(r).toMatchObject({ title: 'My holiday.mp4', size: data.length });
    expect(r?.filecode).toMatch(/^\w{12}$/);
    expect(host.control.uploadsReceived()).toBe(before + 1);
    const stored = host.control.videos().find((v) => v.id === r?.filecode);
    expect(stored).toMatchObject({ name: 'My holiday.mp4', size: data.length, folderId: folder, sha256: createHash('sha256').update(data).digest('hex') });
    const list = await ok<{ list: Array<{ id: string }> }>(host, '/v1/videos', { query: { folder } });
    expect(list.list[0]?.id).toBe(r?.filecode);
  });

  it('omitting fld_id uploads to the root', async () => {
    const res = await uploadFile(await uploadTarget(host), Buffer.from('root bytes'), 'root.mp4');
    const id = (JSON.parse(res.text) as Reply).result?.[0]?.filecode;
    expect(host.control.videos().find((v) => v.id === id)?.folderId).toBe(0);
  });

  it('a session is single use', async () => {
    const target = await uploadTarget(host);
    expect((await uploadFile(target, Buffer.from('one'), 'a.mp4')).status).toBe(200);
    const again = await uploadFile(target, Buffer.from('two'), 'b.mp4');
    expect(again.status).toBe(403);
    const body = JSON.parse(again.text) as Reply;
    expect(body.msg).toMatch(/session/i);
    expect(body.status).not.toBe(200);
  });

  it('refuses a missing or unknown session, a session of another file server, a missing file, a foreign folder', async () => {
    const t = await uploadTarget(host);
    expect((await uploadFile({ url: t.url }, Buffer.from('x'), 'a.mp4')).status).toBe(403);
    expect((await uploadFile({ url: t.url, session: 'f'.repeat(48) }, Buffer.from('x'), 'a.mp4')).status).toBe(403);
    const other = host.control.fileServerUrls().find((u) => u !== t.url) ?? '';
    expect((await uploadFile({ url: other, session: t.session }, Buffer.from('x'), 'a.mp4')).status).toBe(403);
    const t2 = await uploadTarget(host);
    const { body, contentType } = multipart([{ name: 'sess_id', value: t2.session }]);
    const noFile = await raw(t2.url, { method: 'POST', body, headers: { 'Content-Type': contentType } });
    expect(noFile.status).toBe(400);
    expect((JSON.parse(noFile.text) as Reply).msg).toMatch(/file/i);
    const otherKey = host.control.addAccount().apiKey;
    const theirFolder = (await ok<{ id: number }>(host, '/v1/folders/create', { key: otherKey, json: { name: 'Theirs' } })).id;
    const wrong = await uploadFile(await uploadTarget(host), Buffer.from('x'), 'a.mp4', theirFolder);
    expect(wrong.status).toBe(400);
    expect((JSON.parse(wrong.text) as Reply).msg).toMatch(/folder/i);
    // the session binds the upload to its own account
    const mine = await uploadFile(await uploadTarget(host, otherKey), Buffer.from('theirs'), 'theirs.mp4', theirFolder);
    expect(mine.status).toBe(200);
    expect(host.control.videos(otherKey).some((v) => v.name === 'theirs.mp4')).toBe(true);
  });

  it('a file part before sess_id is refused (the file must come last)', async () => {
    const t = await uploadTarget(host);
    const { body, contentType } = multipart([
      { name: 'file', file: { fileName: 'early.mp4', data: Buffer.alloc(1000) } },
      { name: 'sess_id', value: t.session },
    ]);
    const res = await raw(t.url, { method: 'POST', body, headers: { 'Content-Type': contentType } });
    expect(res.status).toBe(403);
  });

  it('reads what was sent before it answers a wrong path, a wrong method or a body it cannot take', async () => {
    const t = await uploadTarget(host);
    const wrongPath = await sentInTwoParts(new URL('/upload/99', t.url).href, 'POST', 'multipart/form-data; boundary=x');
    expect(wrongPath).toEqual({ status: 404, msg: 'Not found', sendError: null });
    const wrongMethod = await sentInTwoParts(t.url, 'PUT', 'multipart/form-data; boundary=x');
    expect(wrongMethod).toEqual({ status: 405, msg: 'Method not allowed', sendError: null });
    const notMultipart = await sentInTwoParts(t.url, 'POST', 'application/octet-stream');
    expect(notMultipart).toEqual({ status: 400, msg: 'Expected multipart/form-data', sendError: null });
    const noBoundary = await sentInTwoParts(t.url, 'POST', 'multipart/form-data');
    expect(noBoundary).toEqual({ status: 400, msg: 'Malformed multipart body', sendError: null });
  });

  it('the request log shows file-server requests without auth or session', async () => {
    host.control.clearLog();
    await uploadFile(await uploadTarget(host), Buffer.from('logged'), 'log.mp4');
    const log = host.control.requestLog();
    expect(log.map((e) => [e.method, e.origin, e.status])).toEqual([
      ['GET', 'api', 200],
      ['POST', 'files', 200],
    ]);
    expect(JSON.stringify(log)).not.toContain(host.apiKey);
  });
});

describe('file names, read as real servers read what a browser sends (issue 26)', () => {
  // [as written on the wire by a browser (HTML standard: raw UTF-8, ", CR, LF as %22, %0D, %0A), stored title]
  const CASES: Array<[string, string]> = [
    ['Café déjà vu — Tokyo.mp4', 'Café déjà vu — Tokyo.mp4'],
    ['back\\slash plain.mp4', 'back\\slash plain.mp4'],
    ['=HYPERLINK(%22x%22), quoted.mp4', '=HYPERLINK("x"), quoted.mp4'],
    ['two%0D%0Alines.mp4', 'two\r\nlines.mp4'],
    ['lower %0a too.mp4', 'lower \n too.mp4'],
    ['100% sure %41 %2F.mp4', '100% sure %41 %2F.mp4'],
    ['東京の夜 🎬 שלום.mp4', '東京の夜 🎬 שלום.mp4'],
  ];

  it.each(CASES)('%j is stored as %j', async (wire, title) => {
    const res = await uploadFile(await uploadTarget(host), Buffer.from('bytes'), wire);
    const reply = JSON.parse(res.text) as Reply;
    expect(reply.result?.[0]?.title).toBe(title);
    expect(host.control.videos().find((v) => v.id === reply.result?.[0]?.filecode)?.name).toBe(title);
  });

  it("a 'legacy' file server reads them as busboy's defaults do: Latin-1, cut at the backslash, escapes kept", async () => {
    host.control.setFileNames('legacy');
    try {
      const stored = async (wire: string): Promise<string | undefined> =>
        (JSON.parse((await uploadFile(await uploadTarget(host), Buffer.from('bytes'), wire)).text) as Reply).result?.[0]?.title;
      expect(await stored('Café déjà vu — Tokyo.mp4')).toBe(Buffer.from('Café déjà vu — Tokyo.mp4', 'utf8').toString('latin1'));
      expect(await stored('back\\slash plain.mp4')).toBe('slash plain.mp4');
      expect(await stored('=HYPERLINK(%22x%22), quoted.mp4')).toBe('=HYPERLINK(%22x%22), quoted.mp4');
    } finally {
      host.control.setFileNames('browsers');
    }
  });
});
