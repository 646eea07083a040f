// Shared by the library unit tests: a real SQLite file in a temp dir, and service-shaped videos.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServiceVideo } from '../../../../electron/core/api/schemas.ts';
import type { Db } from '../../../../electron/core/db/database.ts';
import { openLibraryDatabase } from '../../../../electron/core/library/migrations.ts';

export function tempDb(): { db: Db; file: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'vidlift-lib-unit-'));
  const file = join(dir, 'library.sqlite');
  const db = openLibraryDatabase(file);
  return {
    db,
    file,
    cleanup: () => {
      if (db.isOpen) db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function serviceVideo(id: string, name: string, extra: Partial<ServiceVideo> = {}): ServiceVideo {
  return {
    id: id.padEnd(12, '0').slice(0, 12),
    createdAt: '2024-05-01 10:00:00',
    isPublic: true,
    views: 0,
    name,
    size: 1000,
    skipIntro: 0,
    links: { download: `http://h/d/${id}`, embed: `http://h/e/${id}` },
    images: { single: 's', thumbnail: `http://h/t/${id}`, splash: 'p' },
    ...extra,
  };
}
