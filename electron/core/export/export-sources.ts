// The videos an export holds, read from the local library a page at a time (an export of
// 50,000 videos never holds them all): a selection, a folder, a listing (folder with its sort
// and search, or the library-wide search as shown), the uploads finished since Vidlift
// started, the history's finished uploads, or the whole library. Only videos with links
// (confirmed by the service) are offered.
import type { ExportSource } from '../../../shared/export-options.ts';
import { EVERYWHERE_LIMIT } from '../../../shared/selection.ts';
import type { Video } from '../../../shared/model.ts';
import type { Db } from '../library/db.ts';
import type { LibraryStore } from '../library/store.ts';
import { resolveSelection } from '../library/selection.ts';
import { historyVideos } from '../uploads/history.ts';
import type { ExportVideo } from './export-lines.ts';

const PAGE = 500;

export interface SourceContext {
  store: LibraryStore;
  db: Db;
  /** When this run of Vidlift started (the "this session" source). */
  sessionStartedAt: number;
}

function* folderVideos(store: LibraryStore, folderId: number, sort: Parameters<LibraryStore['folderPage']>[3] = 'newest', search?: string): Generator<Video> {
  for (let offset = 0; ; offset += PAGE) {
    const { items } = store.folderPage(folderId, offset, PAGE, sort, search);
    yield* items;
    if (items.length < PAGE) return;
  }
}

function* byIds(store: LibraryStore, ids: Iterable<string>): Generator<Video> {
  for (const id of ids) {
    const video = store.getVideo(id);
    if (video) yield video;
  }
}

function* rawVideos(ctx: SourceContext, source: ExportSource): Generator<Video> {
  const { store } = ctx;
  switch (source.kind) {
    case 'selection':
      return yield* byIds(store, resolveSelection(store, source.selection).map((v) => v.id));
    case 'folder':
      return yield* folderVideos(store, source.folderId);
    case 'listing': {
      const { query } = source;
      if (query.everywhere && query.search.trim() !== '') return yield* store.search(query.search, EVERYWHERE_LIMIT);
      return yield* folderVideos(store, query.folderId, query.sort, query.search.trim() || undefined);
    }
    case 'session': {
      const rows = ctx.db
        .prepare("SELECT video_id FROM upload_jobs WHERE state = 'done' AND video_id IS NOT NULL AND finished_at >= ? ORDER BY finished_at, id")
        .all(ctx.sessionStartedAt);
      return yield* byIds(store, rows.map((row) => String(row.video_id)));
    }
    case 'history':
      return yield* byIds(store, historyVideos(ctx.db, source.filter).map((v) => v.id));
    case 'library':
      for (const folderId of [0, ...store.listFolders().map((f) => f.id).filter((id) => id > 0)]) yield* folderVideos(store, folderId);
      return;
  }
}

/** The export's videos with their folder's name and, when this computer uploaded them, their length. */
export function* exportVideos(ctx: SourceContext, source: ExportSource): Generator<ExportVideo> {
  const folders = new Map(ctx.store.listFolders().map((f) => [f.id, f.name]));
  const media = ctx.db.prepare("SELECT media FROM upload_jobs WHERE video_id = ? AND media IS NOT NULL LIMIT 1");
  const seen = new Set<string>();
  for (const video of rawVideos(ctx, source)) {
    // No link: not confirmed yet, or the service gave one that is not http(s) (api/schemas.ts
    // reads that as none); either way there is nothing safe to write for it.
    if (video.downloadUrl === '' || video.embedUrl === '' || seen.has(video.id)) continue;
    seen.add(video.id);
    const row = media.get(video.id) as { media: string } | undefined;
    let durationSeconds: number | null = null;
    try {
      durationSeconds = row ? ((JSON.parse(row.media) as { durationSeconds?: number | null }).durationSeconds ?? null) : null;
    } catch {
      durationSeconds = null;
    }
    yield { ...video, folder: video.folderId === 0 ? 'Home' : (folders.get(video.folderId) ?? ''), durationSeconds };
  }
}
