// The RemoteView the renderer gets (shared/model.ts), built from the stored rows: each row
// with the video it became and whether that video is most likely none.
import { extname } from 'node:path';
import type { RemoteItem, RemoteView, Slots } from '../../../shared/model.ts';
import { isRemoteActive } from '../api/wire.ts';
import type { Db } from '../db/database.ts';
import { COPIED_STATUS } from './refresh.ts';
import type { RemoteRow } from './store.ts';

// ---- The video a finished remote import became. The service's list does not say (a queue item
// has no video id, spec "Remote upload"), so it is looked up in the library: the newest video
// in the import's folder named after the address's file, of the size downloaded; failing
// the name (the service may name it from the server's headers), the only video of that size
// there. Ambiguous or not synced yet: null, and the page shows no link rather than a wrong one.

export interface ImportedVideo {
  id: string;
  name: string;
  downloadUrl: string;
  embedUrl: string;
}

/** The last path segment of the address, decoded: what the service names the file after. */
export function fileNameOf(url: string): string | null {
  try {
    const last = new URL(url).pathname.split('/').filter(Boolean).pop();
    return last ? decodeURIComponent(last) : null;
  } catch {
    return null;
  }
}

export type VideoFinder = (row: RemoteRow) => ImportedVideo | null;

/** `db` has the library's tables: the remote module's migration 2 makes sure of it (the outbox's). */
export function importedVideoFinder(db: Db): VideoFinder {
  const byName = db.prepare('SELECT id, name, download_url, embed_url FROM lib_videos WHERE folder_id = ? AND name = ? AND (? = 0 OR size = ?) ORDER BY seq DESC LIMIT 1');
  const bySize = db.prepare('SELECT id, name, download_url, embed_url FROM lib_videos WHERE folder_id = ? AND size = ? ORDER BY seq DESC LIMIT 2');
  const shape = (r: Record<string, unknown>): ImportedVideo => ({ id: String(r.id), name: String(r.name), downloadUrl: String(r.download_url), embedUrl: String(r.embed_url) });
  return (row) => {
    if (row.status !== COPIED_STATUS || row.phase !== 'remote') return null;
    const name = fileNameOf(row.url);
    const named = name === null ? undefined : (byName.get(row.folderId, name, row.bytesTotal, row.bytesTotal) as Record<string, unknown> | undefined);
    if (named) return shape(named);
    if (row.bytesTotal <= 0) return null;
    const sized = bySize.all(row.folderId, row.bytesTotal) as Record<string, unknown>[];
    return sized.length === 1 ? shape(sized[0]!) : null;
  };
}

// ---- An import the service finished, but whose "video" is most likely not one: the service
// takes whatever the address answered (an error page, a text file) and lists it as a video.
// The app cannot read the file the service made, so it goes by what it knows: the size the
// service downloaded, and the file name the address or the video carries. A code, worded by
// the window (shared/model.ts RemoteItem.suspect).

/** Below this no container holds a frame of video (the smallest real clips are several KB). */
export const MIN_VIDEO_BYTES = 1024;

/** Names that say what the file is, and it is not a video (pages, text, pictures, sound, archives). */
const NOT_VIDEO_EXTENSIONS: ReadonlySet<string> = new Set([
  '.txt', '.html', '.htm', '.xhtml', '.json', '.xml', '.csv', '.md', '.log', '.srt', '.vtt',
  '.jpg', '.jpeg', '.png', '.gif', '.webp', '.svg', '.bmp', '.pdf',
  '.mp3', '.wav', '.flac', '.m4a', '.aac', '.opus',
  '.zip', '.rar', '.7z', '.gz', '.tar', '.exe', '.dmg', '.apk',
]);

export type Suspect = NonNullable<RemoteItem['suspect']>;

export function suspectImport(row: RemoteRow, videoName: string | null): Suspect | null {
  if (row.phase !== 'remote' || row.status !== COPIED_STATUS) return null;
  if (row.bytesTotal > 0 && row.bytesTotal < MIN_VIDEO_BYTES) return 'too_small';
  const names = [videoName, fileNameOf(row.url)].filter((n): n is string => n !== null);
  if (names.some((name) => NOT_VIDEO_EXTENSIONS.has(extname(name).toLowerCase()))) return 'not_a_video_name';
  return null;
}

// ---- the view

export function toRemoteItem(row: RemoteRow, findVideo: VideoFinder = () => null): RemoteItem {
  const video = findVideo(row);
  return {
    localId: row.localId,
    remoteId: row.remoteId,
    url: row.url,
    folderId: row.folderId,
    // Rows waiting here carry `waiting`, refused ones `failed`, the rest the service's word
    // as it came (an unknown one included).
    status: row.status,
    active: row.phase !== 'refused' && isRemoteActive(row.status),
    bytesDownloaded: row.bytesDownloaded,
    bytesTotal: row.bytesTotal,
    created: row.created,
    error: row.error,
    video,
    suspect: suspectImport(row, video?.name ?? null),
  };
}

export function buildRemoteView(rows: readonly RemoteRow[], slots: Slots | null, waitingLocally: number, findVideo?: VideoFinder): RemoteView {
  return { items: rows.map((row) => toRemoteItem(row, findVideo)), slots, waitingLocally };
}
