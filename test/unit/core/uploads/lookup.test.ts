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
});
