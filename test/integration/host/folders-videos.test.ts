import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHost } from '../../host/index.ts';
import type { Host } from '../../host/index.ts';
import { err, ok, raw } from './helpers.ts';

type Folder = { id: number; name: string; code: string; isPublic: boolean; openEmbed: boolean; files: number; children: Folder[]; color: string };
type Video = { id: string; name: string; createdAt: string; size: number; views: number; isPublic: boolean; skipIntro: number; links: { download: string; embed: string }; images: { single: string; thumbnail: string; splash: string } };
type VideoList = { pagination: { page: number; perPage: number; total: number }; folder: number; list: Video[] };

let host: Host;
beforeAll(async () => {
  host = await startHost({ seed: 'empty' });
});
afterAll(() => host.close());

describe('folders (11-13)', () => {
  it('create, rename, and list the tree with file counts, children and color', async () => {
    const created = await ok<Record<string, unknown>>(host, '/v1/folders/create', { json: { name: 'Holidays' } });
    expect(Object.keys(created).sort()).toEqual(['code', 'id', 'isPublic', 'name', 'openEmbed', 'parent']);
    expect(created.parent).toBe(0);
    const id = created.id as number;
    expect(Number.isInteger(id) && id > 0).toBe(true);
    const child = await ok<{ id: number; parent: number }>(host, '/v1/folders/create', { json: { name: 'Summer', parent: id } });
    expect(child.parent).toBe(id);
    expect(await ok(host, '/v1/folders/rename', { json: { id, name: 'Vacations' } })).toEqual({ id, name: 'Vacations' });
    host.control.addVideo({ name: 'beach.mp4', folderId: child.id });
    host.control.addVideo({ name: 'sea.mp4', folderId: child.id });
    const { list } = await ok<{ list: Folder[] }>(host, '/v1/folders');
    const top = list.find((f) => f.id === id);
    expect(top?.name).toBe('Vacations');
    expect(top?.files).toBe(0);
    expect(top?.children).toHaveLength(1);
    expect(top?.children[0]).toMatchObject({ id: child.id, name: 'Summer', files: 2, children: [] });
    expect(typeof top?.color).toBe('string');
    const below = await ok<{ list: Folder[] }>(host, '/v1/folders', { query: { parent: id } });
    expect(below.list.map((f) => f.id)).toEqual([child.id]);
  });

  it('refuses bad input and unknown folders', async () => {
    await err(host, '/v1/folders/create', { json: {} });
    await err(host, '/v1/folders/create', { json: { name: 42 } });
    await err(host, '/v1/folders/create', { json: { name: 'x', parent: 999999 } });
    expect(await err(host, '/v1/folders/rename', { json: { id: 999999, name: 'x' } })).toMatch(/not found/i);
    await err(host, '/v1/folders/rename', { json: { id: 0, name: 'x' } });
    await err(host, '/v1/folders/rename', { json: { id: 'abc', name: 'x' } });
    await err(host, '/v1/folders', { query: { parent: 999999 } });
    await err(host, '/v1/folders', { query: { parent: -1 } });
  });
});

describe('video list (14) and info (15)', () => {
  it('reverse creation order, one-based pages, case-insensitive search, total ignores search', async () => {
    const folder = (await ok<{ id: number }>(host, '/v1/folders/create', { json: { name: 'Ordering' } })).id;
    const ids: string[] = [];
    for (let i = 1; i <= 7; i++) ids.push(host.control.addVideo({ name: i % 2 ? `Cat clip ${i}` : `dog clip ${i}`, folderId: folder }).id);
    const p1 = await ok<VideoList>(host, '/v1/videos', { query: { folder, page: 1, perPage: 3 } });
    expect(p1.folder).toBe(folder);
    expect(p1.pagination).toEqual({ page: 1, perPage: 3, total: 7 });
    expect(p1.list.map((v) => v.id)).toEqual([ids[6], ids[5], ids[4]]);
    const p3 = await ok<VideoList>(host, '/v1/videos', { query: { folder, page: 3, perPage: 3 } });
    expect(p3.list.map((v) => v.id)).toEqual([ids[0]]);
    const p4 = await ok<VideoList>(host, '/v1/videos', { query: { folder, page: 4, perPage: 3 } });
    expect(p4.list).toEqual([]);
    const s = await ok<VideoList>(host, '/v1/videos', { query: { folder, search: 'CAT' } });
    expect(s.list.map((v) => v.name)).toEqual(['Cat clip 7', 'Cat clip 5', 'Cat clip 3', 'Cat clip 1']);
    expect(s.pagination.total).toBe(7);
  });

  it('folder 0 or omitted is the root; an unknown folder is an error', async () => {
    const id = host.control.addVideo({ name: 'root video' }).id;
    const a = await ok<VideoList>(host, '/v1/videos');
    const b = await ok<VideoList>(host, '/v1/videos', { query: { folder: 0 } });
    expect(a.folder).toBe(0);
    expect(a.list[0]?.id).toBe(id);
    expect(b.list.map((v) => v.id)).toEqual(a.list.map((v) => v.id));
    await err(host, '/v1/videos', { query: { folder: 424242 } });
  });

  it('info returns the Video fields; links and images are served', async () => {
    const id = host.control.addVideo({ name: 'Info test', size: 12345 }).id;
    const v = await ok<Video>(host, '/v1/videos/info', { query: { id } });
    expect(v).toMatchObject({ id, name: 'Info test', size: 12345, skipIntro: 0, views: 0, isPublic: true });
    expect(v.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const img = await raw(v.images.thumbnail);
    expect(img.status).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.body.subarray(1, 4).toString()).toBe('PNG');
    expect((await raw(v.links.embed)).status).toBe(200);
  });

  it('sync helpers: a video renamed or deleted on the service', async () => {
    const id = host.control.addVideo({ name: 'before' }).id;
    host.control.renameVideo(id, 'after');
    expect((await ok<Video>(host, '/v1/videos/info', { query: { id } })).name).toBe('after');
    host.control.deleteVideo(id);
    expect(await err(host, '/v1/videos/info', { query: { id } })).toBe('File not found');
  });
});

describe('skip intro (16)', () => {
  it('sets seconds; omitting seconds or 0 disables it', async () => {
    const id = host.control.addVideo({ name: 'intro' }).id;
    expect(await ok(host, '/v1/videos/skip-intro', { json: { id, seconds: 12 } })).toEqual({ id, updated: true });
    expect(host.control.videos().find((v) => v.id === id)?.skipIntro).toBe(12);
    await ok(host, '/v1/videos/skip-intro', { json: { id } });
    expect(host.control.videos().find((v) => v.id === id)?.skipIntro).toBe(0);
    await ok(host, '/v1/videos/skip-intro', { json: { id, seconds: 9 } });
    await ok(host, '/v1/videos/skip-intro', { json: { id, seconds: 0 } });
    expect(host.control.videos().find((v) => v.id === id)?.skipIntro).toBe(0);
    await err(host, '/v1/videos/skip-intro', { json: { id, seconds: -1 } });
    await err(host, '/v1/videos/skip-intro', { json: { id, seconds: 1.5 } });
    expect(await err(host, '/v1/videos/skip-intro', { json: { id: 'zzzzzzzzzzzz', seconds: 3 } })).toBe('File not found');
    await err(host, '/v1/videos/skip-intro', { json: { seconds: 3 } });
  });
});

describe('copy (6)', () => {
  it('copies an owned video; the 51st active copy is refused; deleting one frees a slot', async () => {
    const src = host.control.addVideo({ name: 'original.mp4', size: 777 }).id;
    const copies: string[] = [];
    for (let i = 0; i < 50; i++) {
      const c = await ok<{ id: string; links: { download: string; embed: string } }>(host, '/v1/upload/copy', { json: { id: src } });
      expect(c.id).toMatch(/^\w{12}$/);
      expect(c.id).not.toBe(src);
      expect(c.links.embed).toContain(c.id);
      copies.push(c.id);
    }
    expect(await err(host, '/v1/upload/copy', { json: { id: src } })).toMatch(/50/);
    host.control.deleteVideo(copies[0] ?? '');
    await ok(host, '/v1/upload/copy', { json: { id: src } });
    expect(host.control.videos().find((v) => v.id === copies[1])).toMatchObject({ name: 'original.mp4', size: 777 });
  });

  it('refuses a video of another account, and bad ids', async () => {
    const other = host.control.addAccount().apiKey;
    const theirs = host.control.addVideo({ name: 'theirs' }, other).id;
    expect(await err(host, '/v1/upload/copy', { json: { id: theirs } })).toBe('File not found');
    await err(host, '/v1/upload/copy', { json: { id: 'bad' } });
    await err(host, '/v1/upload/copy', { json: {} });
  });
});

describe('seeds', () => {
  it('demo: a folder tree, a few hundred videos, DMCA, reports', async () => {
    const h = await startHost({ seed: 'demo' });
    try {
      expect(h.control.videos().length).toBeGreaterThanOrEqual(200);
      expect(h.control.folders().some((f) => f.parent !== 0)).toBe(true);
      const tree = await ok<{ list: Folder[] }>(h, '/v1/folders');
      expect(tree.list.some((f) => f.children.some((c) => c.children.length > 0))).toBe(true);
      expect((await ok<{ list: unknown[] }>(h, '/v1/account/dmca')).list.length).toBeGreaterThan(0);
    } finally {
      await h.close();
    }
  });

  // How fast it starts is a figure for the benchmarks (npm run bench -- library), not a test.
  it('large:50000 spreads the videos over a folder tree', async () => {
    const h = await startHost({ seed: 'large:50000' });
    try {
      expect(h.control.videos()).toHaveLength(50000);
      const tree = await ok<{ list: Folder[] }>(h, '/v1/folders');
      expect(tree.list.length).toBeGreaterThan(1);
      const page = await ok<VideoList>(h, '/v1/videos', { query: { folder: tree.list[0]?.id ?? 0, perPage: 100 } });
      expect(page.list).toHaveLength(100);
    } finally {
      await h.close();
    }
  });

  it('flat:N puts every video in the root: one long listing, newest first', async () => {
    const h = await startHost({ seed: 'flat:1200' });
    try {
      expect(h.control.folders()).toHaveLength(0);
      const first = await ok<VideoList>(h, '/v1/videos', { query: { folder: 0, page: 1, perPage: 500 } });
      expect(first.pagination.total).toBe(1200);
      expect(first.list).toHaveLength(500);
      expect(first.list[0]?.name).toContain('001200');
      const last = await ok<VideoList>(h, '/v1/videos', { query: { folder: 0, page: 3, perPage: 500 } });
      expect(last.list).toHaveLength(200);
    } finally {
      await h.close();
    }
  });
});
