// The videos an export holds, one reader per source kind (shared/export-options.ts declares
// the kinds), read from the local library a page at a time (an export of 50,000 videos never
// holds them all). Only videos with links (confirmed by the service, http or https) are
// offered, each once, with their folder's name and, when this computer uploaded them, length.
import type { ExportSource, ExportSourceKind } from '../../../shared/export-options.ts';
import type { ColumnSet, ExportVideo } from '../../../shared/export-formats.ts';
import { EVERYWHERE_LIMIT } from '../../../shared/selection.ts';
import type { Video } from '../../../shared/model.ts';
import type { Db } from '../db/database.ts';
import type { LinkMapPair } from '../../../shared/links.ts';
import { linkMapPairs } from '../links/link-map.ts';
import type { LibraryStore } from '../library/store.ts';
import { resolveSelection } from '../library/selection.ts';
import { historyVideos } from '../uploads/history.ts';

const PAGE = 500;

export interface SourceContext {
  store: LibraryStore;
  db: Db;
  /** When this run of Vidlift started (the "this session" source). */
  sessionStartedAt: number;
}

/**
 * A video a source found: the library's record, or only what the upload history knows of it;
 * with its link-map pair when the source is the link map.
 */
type Found = (Video | { id: string; name: string; downloadUrl: string; embedUrl: string; folderId?: undefined }) & { pair?: LinkMapPair };

type SourceReader<K extends ExportSourceKind> = (ctx: SourceContext, source: Extract<ExportSource, { kind: K }>) => Iterable<Found>;

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

const SOURCE_READERS: { [K in ExportSourceKind]: SourceReader<K> } = {
  selection: ({ store }, { selection }) => byIds(store, resolveSelection(store, selection).map((v) => v.id)),
  folder: ({ store }, { folderId }) => folderVideos(store, folderId),
  listing: ({ store }, { query }) =>
    query.everywhere && query.search.trim() !== '' ? store.search(query.search, EVERYWHERE_LIMIT) : folderVideos(store, query.folderId, query.sort, query.search.trim() || undefined),
  session: ({ store, db, sessionStartedAt }) =>
    byIds(
      store,
      db
        .prepare("SELECT video_id FROM upload_jobs WHERE state = 'done' AND video_id IS NOT NULL AND finished_at >= ? ORDER BY finished_at, id")
        .all(sessionStartedAt)
        .map((row) => String(row.video_id)),
    ),
  // The library's record when it has the video (every column), else the history's links: an
  // upload the library has not fetched yet is still in the history's export.
  history: function* ({ store, db }, { filter }) {
    for (const entry of historyVideos(db, filter)) yield store.getVideo(entry.id) ?? entry;
  },
  library: function* ({ store }) {
    for (const folderId of [0, ...store.listFolders().map((f) => f.id).filter((id) => id > 0)]) yield* folderVideos(store, folderId);
  },
  // Each pair's new video (the library's record when it has it, else the pair's links), newest first.
  linkMap: function* ({ store, db }) {
    for (const pair of linkMapPairs(db)) {
      const video = store.getVideo(pair.newId);
      yield video ? { ...video, pair } : { id: pair.newId, name: '', downloadUrl: pair.newDownload, embedUrl: pair.newEmbed, pair };
    }
  },
};

/** Which columns the data formats write for a source: the link map's pairs, or the videos'. */
export const columnsFor = (source: ExportSource): ColumnSet => (source.kind === 'linkMap' ? 'linkMap' : 'videos');

/** The export's videos, in the source's order. */
export function* exportVideos(ctx: SourceContext, source: ExportSource): Generator<ExportVideo> {
  const folders = new Map(ctx.store.listFolders().map((f) => [f.id, f.name]));
  const media = ctx.db.prepare('SELECT media FROM upload_jobs WHERE video_id = ? AND media IS NOT NULL LIMIT 1');
  const seen = new Set<string>();
  const read = SOURCE_READERS[source.kind] as SourceReader<ExportSourceKind>;
  for (const video of read(ctx, source)) {
    // No link: not confirmed yet, or the service gave one that is not http(s) (api/schemas.ts
    // reads that as none); either way there is nothing safe to write for it.
    if (video.downloadUrl === '' || video.embedUrl === '' || seen.has(video.id)) continue;
    seen.add(video.id);
    const inLibrary = video.folderId !== undefined;
    yield {
      id: video.id,
      title: video.name,
      size: inLibrary ? video.size : null,
      lengthSeconds: lengthOf(media.get(video.id) as { media: string } | undefined),
      views: inLibrary ? video.views : null,
      created: inLibrary ? video.createdAt : null,
      folder: !inLibrary ? '' : video.folderId === 0 ? 'Home' : (folders.get(video.folderId) ?? ''),
      download: video.downloadUrl,
      embed: video.embedUrl,
      thumbnail: inLibrary ? video.thumbnailUrl : '',
      ...(video.pair ? { pair: video.pair } : {}),
    };
  }
}

function lengthOf(row: { media: string } | undefined): number | null {
  if (!row) return null;
  try {
    return (JSON.parse(row.media) as { durationSeconds?: number | null }).durationSeconds ?? null;
  } catch {
    return null;
  }
}
