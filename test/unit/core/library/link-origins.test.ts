import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../../electron/core/db/database.ts';
import { libraryHasLinkOrigin } from '../../../../electron/core/library/link-origins.ts';
import { migrateLibrary } from '../../../../electron/core/library/migrations.ts';
import { LibraryStore } from '../../../../electron/core/library/store.ts';

describe('libraryHasLinkOrigin', () => {
  it('knows the hosts of the download and embed links the service returned, by whole origin', () => {
    const db = openDatabase(':memory:');
    migrateLibrary(db);
    const store = new LibraryStore(db);
    store.upsertVideos(0, [
      {
        seq: 1,
        video: {
          id: 'abcdefghijkl',
          createdAt: '2024-01-01 00:00:00',
          isPublic: true,
          views: 0,
          name: 'A',
          size: 1,
          skipIntro: 0,
          links: { download: 'https://dl.video.example/d/abcdefghijkl', embed: 'https://embed.video.example:8443/e/abcdefghijkl' },
          images: { single: '', thumbnail: '', splash: '' },
        },
      },
    ]);
    expect(libraryHasLinkOrigin(db, 'https://dl.video.example')).toBe(true);
    expect(libraryHasLinkOrigin(db, 'https://embed.video.example:8443')).toBe(true);
    expect(libraryHasLinkOrigin(db, 'https://dl.video.exam')).toBe(false);
    expect(libraryHasLinkOrigin(db, 'https://embed.video.example')).toBe(false);
    db.close();
  });
});
