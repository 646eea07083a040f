import { createServer } from 'node:http';
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHost } from '../../host/index.ts';
import type { Host } from '../../host/index.ts';
import { err, ok, waitFor, withHost } from './helpers.ts';

type Item = { id: string; url: string; status: string; created: string; folder: number; bytes: { downloaded: number; total: number } };

// A loopback origin to import from: /video.mp4 (1 MB), /held.mp4 (half now, rest on release), /missing.
let origin: Server;
let originUrl = '';
const held: ServerResponse[] = [];
const HALF = Buffer.alloc(256 * 1024, 7);
beforeAll(async () => {
  origin = createServer((req, res) => {
    if (req.url === '/video.mp4') {
      const body = Buffer.alloc(1024 * 1024, 1);
      res.writeHead(200, { 'Content-Length': body.length, 'Content-Type': 'video/mp4' });
      res.end(body);
    } else if (req.url === '/held.mp4') {
      res.writeHead(200, { 'Content-Length': HALF.length * 2 });
      res.write(HALF);
      held.push(res);
    } else {
      res.writeHead(404);
      res.end('no');
    }
  });
  await new Promise<void>((r) => origin.listen(0, '127.0.0.1', r));
  originUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const r of held) r.destroy();
  origin.closeAllConnections();
  await new Promise((r) => origin.close(r));
});

describe('remote upload worker (5, 7)', () => {
  let host: Host;
  beforeAll(async () => {
    host = await startHost({ remoteWorker: { tickMs: 20 } });
  });
  afterAll(() => host.close());

  it('really downloads: pending -> downloading (bytes) -> processing -> completed, creating the video', async () => {
    const folder = (await ok<{ id: number }>(host, '/v1/folders/create', { json: { name: 'Imports' } })).id;
    const res = await ok<{ id: string; name: string; slots: { used: number; total: number } }>(host, '/v1/upload/url', { json: { url: `${originUrl}/held.mp4`, folder } });
    expect(res.id).toMatch(/^\w{12}$/);
    expect(res.name).toBe('held.mp4');
    expect(res.slots).toEqual({ used: 1, total: 100 });
    const first = await ok<Item>(host, '/v1/upload/url/status', { query: { id: res.id } });
    expect(['pending', 'downloading']).toContain(first.status);
    expect(first.folder).toBe(folder);
    const downloading = await waitFor(async () => {
      const s = await ok<Item>(host, '/v1/upload/url/status', { query: { id: res.id } });
      return s.status === 'downloading' && s.bytes.downloaded === HALF.length ? s : undefined;
    });
    expect(downloading.bytes.total).toBe(HALF.length * 2);
    held.shift()?.end(HALF);
    const seen = new Set<string>();
    await waitFor(async () => {
      const s = await ok<Item>(host, '/v1/upload/url/status', { query: { id: res.id } });
      seen.add(s.status);
      return s.status === 'completed' ? s : undefined;
    }, 10_000, 5);
    expect(seen).toContain('processing');
    const item = host.control.remoteItems().find((r) => r.id === res.id);
    const video = host.control.videos().find((v) => v.id === item?.videoId);
    expect(video).toMatchObject({ name: 'held.mp4', size: HALF.length * 2, folderId: folder });
  });

  it('an unreachable or failing URL ends failed; the list is newest first', async () => {
    const a = await ok<{ id: string }>(host, '/v1/upload/url', { json: { url: `${originUrl}/missing` } });
    const b = await ok<{ id: string }>(host, '/v1/upload/url', { json: { url: 'http://127.0.0.1:1/x.mp4' } });
    const c = await ok<{ id: string }>(host, '/v1/upload/url', { json: { url: `${originUrl}/video.mp4` } });
    for (const id of [a.id, b.id]) {
      await waitFor(async () => ((await ok<Item>(host, '/v1/upload/url/status', { query: { id } })).status === 'failed' ? true : undefined));
    }
    await waitFor(async () => ((await ok<Item>(host, '/v1/upload/url/status', { query: { id: c.id } })).status === 'completed' ? true : undefined));
    const list = await ok<{ pagination: { page: number; perPage: number; total: number }; list: Item[] }>(host, '/v1/upload/url/list', { query: { page: 1, perPage: 3 } });
    expect(list.list.map((i) => i.id)).toEqual([c.id, b.id, a.id]);
    expect(list.pagination).toEqual({ page: 1, perPage: 3, total: 4 });
    expect(list.list[0]?.created).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('actions: retry_failed, delete_failed, delete_inactive, delete with affected counts', async () => {
    const failedIds = host.control.remoteItems().filter((r) => r.status === 'failed').map((r) => r.id);
    expect(failedIds).toHaveLength(2);
    expect(await ok(host, '/v1/upload/url/actions', { json: { action: 'retry_failed' } })).toEqual({ affected: 2 });
    await waitFor(() => (host.control.remoteItems().filter((r) => r.status === 'failed').length === 2 ? true : undefined));
    expect(await ok(host, '/v1/upload/url/actions', { json: { action: 'delete_failed' } })).toEqual({ affected: 2 });
    expect(await ok(host, '/v1/upload/url/actions', { json: { action: 'delete_failed' } })).toEqual({ affected: 0 });
    const d = await ok<{ id: string }>(host, '/v1/upload/url', { json: { url: `${originUrl}/video.mp4` } });
    await waitFor(() => (host.control.remoteItems().find((r) => r.id === d.id)?.status === 'completed' ? true : undefined));
    expect(await ok(host, '/v1/upload/url/actions', { json: { action: 'delete', id: d.id } })).toEqual({ affected: 1 });
    expect(await err(host, '/v1/upload/url/status', { query: { id: d.id } })).toMatch(/not found/i);
    expect(await ok(host, '/v1/upload/url/actions', { json: { action: 'delete_inactive' } })).toEqual({ affected: 2 });
    expect(host.control.remoteItems()).toEqual([]);
    await err(host, '/v1/upload/url/actions', { json: { action: 'delete' } });
    await err(host, '/v1/upload/url/actions', { json: { action: 'delete', id: 'short' } });
    await err(host, '/v1/upload/url/actions', { json: { action: 'nuke' } });
    await err(host, '/v1/upload/url/actions', { json: {} });
  });

  it('validates the URL: http/https only', async () => {
    for (const url of ['ftp://example.com/a.mp4', 'file:///etc/passwd', 'not a url', '', 42]) {
      await err(host, '/v1/upload/url', { json: { url } });
    }
    await err(host, '/v1/upload/url', { json: {} });
    await err(host, '/v1/upload/url/status', { query: { id: 'zzzzzzzzzzzz' } });
    await err(host, '/v1/upload/url/status', { query: { id: 'bad' } });
    await err(host, '/v1/upload/url/list', { query: { perPage: 0 } });
  });
});

describe('queue capacity and slots (5, 10)', () => {
  it('the 101st active item is refused for a regular account', async () => {
    await withHost({ remoteWorker: { enabled: false } }, async (h) => {
      for (let i = 0; i < 100; i++) await ok(h, '/v1/upload/url', { json: { url: `http://example.com/v${i}.mp4` } });
      expect(await ok(h, '/v1/upload/url/slots')).toEqual({ slots: { used: 100, total: 100, free: 0 } });
      expect(await err(h, '/v1/upload/url', { json: { url: 'http://example.com/v101.mp4' } })).toMatch(/100/);
      // deleting one item frees a slot
      const one = h.control.remoteItems()[0]?.id ?? '';
      expect(await ok(h, '/v1/upload/url/actions', { json: { action: 'delete', id: one } })).toEqual({ affected: 1 });
      await ok(h, '/v1/upload/url', { json: { url: 'http://example.com/again.mp4' } });
    });
  });

  it('the 151st active item is refused for a premium account', async () => {
    await withHost({ premium: true, remoteWorker: { enabled: false } }, async (h) => {
      for (let i = 0; i < 150; i++) await ok(h, '/v1/upload/url', { json: { url: `https://example.com/v${i}.mp4` } });
      expect(await ok(h, '/v1/upload/url/slots')).toEqual({ slots: { used: 150, total: 150, free: 0 } });
      await err(h, '/v1/upload/url', { json: { url: 'https://example.com/v151.mp4' } });
    });
  });

  it('a URL on a recognised video domain is copied at once, outside the queue', async () => {
    await withHost({ remoteWorker: { enabled: false } }, async (h) => {
      const src = h.control.addVideo({ name: 'shared.mp4', size: 4242 }).id;
      const a = await ok<{ id: string; name: string; slots: { used: number; total: number } }>(h, '/v1/upload/url', { json: { url: `https://vidhost.example/e/${src}` } });
      expect(a).toMatchObject({ name: 'shared.mp4', slots: { used: 0, total: 100 } });
      expect(h.control.videos().find((v) => v.id === a.id)).toMatchObject({ name: 'shared.mp4', size: 4242 });
      const b = await ok<{ id: string }>(h, '/v1/upload/url', { json: { url: `${h.baseUrl}/d/${src}` } });
      expect(h.control.videos().some((v) => v.id === b.id)).toBe(true);
      expect(h.control.remoteItems()).toEqual([]);
      expect(await err(h, '/v1/upload/url', { json: { url: 'https://vidhost.example/e/zzzzzzzzzzzz' } })).toBe('File not found');
    });
  });
});
