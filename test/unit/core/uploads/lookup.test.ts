import { describe, expect, it } from 'vitest';
import type { ServiceVideo } from '../../../../electron/core/api/schemas.ts';
import type { ServiceApi } from '../../../../electron/core/api/service-api.ts';
import { candidateTitles, findUploadedVideo } from '../../../../electron/core/uploads/lookup.ts';

function video(id: string, name: string, size: number): ServiceVideo {
  return {
    id,
    name,
    size,
    createdAt: '2025-01-01 00:00:00',
    isPublic: true,
    views: 0,
    skipIntro: 0,
    links: { download: `d/${id}`, embed: `e/${id}` },
    images: { single: '', thumbnail: '', splash: '' },
  };
}

// The listing is the only thing the lookup needs; a failure-free double stands in for it.
function api(list: ServiceVideo[], calls: unknown[]): ServiceApi {
  return {
    videos: async (input: unknown) => {
      calls.push(input);
      return { pagination: { page: 1, perPage: 100, total: list.length }, folder: 4, list };
    },
  } as unknown as ServiceApi;
}

describe('findUploadedVideo', () => {
  it('finds the video by title and size in the target folder', async () => {
    const calls: unknown[] = [];
    const found = await findUploadedVideo(api([video('aaaaaaaaaaa1', 'clip.mp4', 99), video('aaaaaaaaaaa2', 'clip.mp4', 100)], calls), {
      folderId: 4,
      fileName: 'clip.mp4',
      size: 100,
      exclude: new Set(),
    });
    expect(found?.id).toBe('aaaaaaaaaaa2');
    expect(calls).toEqual([{ folder: 4, page: 1, perPage: 100, search: 'clip' }]);
  });

  it('accepts the title without extension, never an excluded video', async () => {
    const list = [video('aaaaaaaaaaa1', 'clip', 100)];
    expect((await findUploadedVideo(api(list, []), { folderId: 0, fileName: 'clip.mp4', size: 100, exclude: new Set() }))?.id).toBe('aaaaaaaaaaa1');
    expect(await findUploadedVideo(api(list, []), { folderId: 0, fileName: 'clip.mp4', size: 100, exclude: new Set(['aaaaaaaaaaa1']) })).toBeNull();
    expect(await findUploadedVideo(api(list, []), { folderId: 0, fileName: 'other.mp4', size: 100, exclude: new Set() })).toBeNull();
    expect(candidateTitles('.hidden')).toEqual(['.hidden']);
  });

  it('finds a video whose title a file server stored otherwise (issue 26)', async () => {
    const calls: unknown[] = [];
    const mangled = Buffer.from('Café — Tokyo.mp4', 'utf8').toString('latin1');
    const list = [video('aaaaaaaaaaa1', 'slash.mp4', 100), video('aaaaaaaaaaa2', mangled, 100), video('aaaaaaaaaaa3', 'unrelated.mp4', 100)];
    // The double ignores the search: what is checked is which entry counts as this file.
    const found = await findUploadedVideo(api(list, calls), { folderId: 2, fileName: 'Café — Tokyo.mp4', size: 100, exclude: new Set() });
    expect(found?.id).toBe('aaaaaaaaaaa2');
    expect(calls).toEqual([{ folder: 2, page: 1, perPage: 100, search: 'Café — Tokyo' }]);
    expect((await findUploadedVideo(api(list, []), { folderId: 2, fileName: 'back\\slash.mp4', size: 100, exclude: new Set() }))?.id).toBe('aaaaaaaaaaa1');
    // The same title at another size is another file.
    expect(await findUploadedVideo(api(list, []), { folderId: 2, fileName: 'back\\slash.mp4', size: 101, exclude: new Set() })).toBeNull();
  });

  it('searches a long name by its first 200 characters (operation 14 takes no longer search)', async () => {
    const calls: Array<{ search?: string }> = [];
    const name = `${'x'.repeat(240)}.mp4`;
    await findUploadedVideo(api([], calls), { folderId: 0, fileName: name, size: 1, exclude: new Set() });
    expect(calls[0]?.search).toBe('x'.repeat(200));
    expect(calls).toHaveLength(2);
  });
});
