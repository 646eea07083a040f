// Resolves a selection (shared/selection.ts) against the local library: the picked ids that
// still exist, plus the videos at the span's positions in its listing, in the same order the
// page shows them (the same folder pages and search the page reads), minus those unpicked.
import type { VideoSelection, SelectionSummary, VideoQuery } from '../../../shared/selection.ts';
import { EVERYWHERE_LIMIT } from '../../../shared/selection.ts';
import type { Db } from '../db/database.ts';
import type { LibraryStore } from './store.ts';

/** Rows read per step of a span (a folder page). */
const STEP = 500;
/** SQLite's bound on variables is avoided by passing ids as one JSON array per chunk. */
const CHUNK = 5_000;

export interface SelectedVideo {
  id: string;
  size: number;
  downloadUrl: string;
  embedUrl: string;
}

/** The ids of a span, in listing order. */
function spanIds(store: LibraryStore, query: VideoQuery, from: number, to: number | null): string[] {
  if (query.everywhere && query.search.trim() !== '') {
    const all = store.search(query.search, EVERYWHERE_LIMIT).map((video) => video.id);
    return all.slice(from, to === null ? undefined : to + 1);
  }
  const ids: string[] = [];
  const search = query.search.trim() === '' ? undefined : query.search;
  for (let offset = from; to === null || offset <= to; offset += STEP) {
    const limit = to === null ? STEP : Math.min(STEP, to - offset + 1);
    const { items } = store.folderPage(query.folderId, offset, limit, query.sort, search);
    ids.push(...items.map((video) => video.id));
    if (items.length < limit) break;
  }
  return ids;
}

/** The selected videos that exist in the library, each once, in the order they were picked or listed. */
export function resolveSelection(store: LibraryStore, selection: VideoSelection): SelectedVideo[] {
  const except = new Set(selection.except);
  const ordered = new Set<string>();
  if (selection.span) for (const id of spanIds(store, selection.span.query, selection.span.from, selection.span.to)) if (!except.has(id)) ordered.add(id);
  for (const id of selection.ids) ordered.add(id);
  return readVideos(store.db, [...ordered]);
}

function readVideos(db: Db, ids: readonly string[]): SelectedVideo[] {
  const read = db.prepare('SELECT id, size, download_url, embed_url FROM lib_videos WHERE id IN (SELECT value FROM json_each(?))');
  const found = new Map<string, SelectedVideo>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    for (const row of read.all(JSON.stringify(ids.slice(i, i + CHUNK)))) {
      found.set(String(row.id), { id: String(row.id), size: Number(row.size), downloadUrl: String(row.download_url), embedUrl: String(row.embed_url) });
    }
  }
  return ids.flatMap((id) => found.get(id) ?? []);
}

export function summarize(videos: readonly SelectedVideo[]): SelectionSummary {
  return {
    count: videos.length,
    bytes: videos.reduce((sum, video) => sum + video.size, 0),
    withoutLinks: videos.filter((video) => video.downloadUrl === '').length,
  };
}
