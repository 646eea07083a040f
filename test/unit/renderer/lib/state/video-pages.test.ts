import { describe, expect, it } from 'vitest';
import { PAGE_SIZE, VideoPages } from '../../../../../renderer/src/lib/state/video-pages.svelte.ts';
import type { Video } from '../../../../../shared/model.ts';
import { fresh, stubBridge } from '../../bridge-stub.ts';

function video(i: number, folderId = 1): Video {
  return {
    id: `v${String(i).padStart(11, '0')}`,
    folderId,
    name: `Video ${i}`,
    createdAt: '2024-01-01 00:00:00',
    isPublic: true,
    views: i,
    size: 1000 + i,
    skipIntro: 0,
    downloadUrl: `https://x.test/d/${i}`,
    embedUrl: `https://x.test/e/${i}`,
    thumbnailUrl: '',
    splashUrl: '',
    pending: null,
  };
}

/** A folder of `total` videos answered page by page, like the core's local index does. */
function folderOf(total: number) {
  const stub = stubBridge();
  stub.handle('videos:list', (input) => {
    const { offset, limit } = input as { offset: number; limit: number };
    const items = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => video(offset + i));
    return { items, total, offset, freshness: fresh };
  });
  return stub;
}

const query = { folderId: 1, sort: 'newest' as const, search: '', everywhere: false };

describe('VideoPages', () => {
  it('knows the full length after the first page and loads only that page', async () => {
    const stub = folderOf(50_000);
    const pages = new VideoPages(stub.client);
    await pages.reset(query);
    expect(pages.total).toBe(50_000);
    expect(pages.rows.length).toBe(50_000);
    expect(pages.rows[0]?.name).toBe('Video 0');
    expect(pages.rows[PAGE_SIZE - 1]).toBeDefined();
    expect(pages.rows[PAGE_SIZE]).toBeUndefined();
    expect(stub.calls).toHaveLength(1);
  });

  it('fetches the pages a scrolled range needs, each once', async () => {
    const stub = folderOf(50_000);
    const pages = new VideoPages(stub.client);
    await pages.reset(query);
    await Promise.all([pages.ensureRange(30_010, 30_050), pages.ensureRange(30_020, 30_060)]);
    expect(pages.rows[30_010]?.name).toBe('Video 30010');
    const offsets = stub.calls.slice(1).map((c) => (c.input as { offset: number }).offset);
    expect(offsets).toEqual([30_000]);
    await pages.ensureRange(30_010, 30_050);
    expect(stub.calls).toHaveLength(2);
  });

  it('drops answers to an older query', async () => {
    const stub = stubBridge();
    let release: (() => void) | undefined;
    stub.handle('videos:list', async (input) => {
      const { folderId, offset } = input as { folderId: number; offset: number };
      if (folderId === 1) await new Promise<void>((r) => (release = r));
      return { items: [video(folderId * 100, folderId)], total: 1, offset, freshness: fresh };
    });
    const pages = new VideoPages(stub.client);
    const first = pages.reset(query);
    await pages.reset({ ...query, folderId: 2 });
    release?.();
    await first;
    expect(pages.rows.map((v) => v?.folderId)).toEqual([2]);
  });

  it('passes search and sort through, and searches everywhere with videos:search', async () => {
    const stub = folderOf(3);
    stub.handle('videos:search', () => ({ items: [video(7, 3), video(8, 4)], total: 731 }));
    const pages = new VideoPages(stub.client);
    await pages.reset({ ...query, sort: 'views', search: ' trip ' });
    expect(stub.calls[0]?.input).toMatchObject({ sort: 'views', search: 'trip' });
    await pages.reset({ ...query, search: 'trip', everywhere: true });
    expect(stub.calls[1]).toMatchObject({ method: 'videos:search', input: { query: 'trip' } });
    expect(pages.total).toBe(2);
    expect(pages.matches).toBe(731);
    await pages.reset(query);
    expect(pages.matches).toBeNull();
  });

  it('asks videos:search for the matching taken-down and gone videos only when they are to be included', async () => {
    const stub = folderOf(3);
    const stone = { videoId: 'deadvideo001', state: 'takenDown', title: 'Trip to the coast' };
    stub.handle('videos:search', (input) => ({ items: [video(7, 3)], total: 1, ...((input as { includeDead?: boolean }).includeDead ? { dead: { items: [stone], total: 4 } } : {}) }));
    const pages = new VideoPages(stub.client);
    await pages.reset({ ...query, search: 'trip', everywhere: true });
    expect(stub.calls[0]?.input).toEqual({ query: 'trip', limit: 500 });
    expect(pages.dead).toEqual([]);
    expect(pages.deadMatches).toBeNull();
    await pages.reset({ ...query, search: 'trip', everywhere: true }, true);
    expect(stub.calls[1]?.input).toEqual({ query: 'trip', limit: 500, includeDead: true });
    expect(pages.dead).toEqual([stone]);
    expect(pages.deadMatches).toBe(4);
    // Another listing (one folder) has no dead matches.
    await pages.reset(query, true);
    expect(pages.dead).toEqual([]);
    expect(pages.deadMatches).toBeNull();
  });

  it('refresh keeps the rows and shrinks them when videos went away', async () => {
    let total = 5;
    const stub = stubBridge();
    stub.handle('videos:list', (input) => {
      const { offset } = input as { offset: number };
      return { items: Array.from({ length: total }, (_, i) => video(i)), total, offset, freshness: fresh };
    });
    const pages = new VideoPages(stub.client);
    await pages.reset(query);
    total = 3;
    await pages.refresh();
    expect(pages.rows).toHaveLength(3);
    expect(pages.total).toBe(3);
  });

  it('reports a failure through its error callback and stops loading', async () => {
    const stub = stubBridge();
    stub.fail('videos:list', { code: 'internal', message: 'db closed', retryable: false });
    const seen: unknown[] = [];
    const pages = new VideoPages(stub.client, (e) => seen.push(e));
    await pages.reset(query);
    expect(seen).toHaveLength(1);
    expect(pages.loading).toBe(false);
  });
});
