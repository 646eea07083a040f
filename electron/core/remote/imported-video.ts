// The video a finished remote import became. The service's list does not say (a queue item
// has no video id, spec "Remote upload"), so it is looked up in the library: the newest video
// in the import's folder named after the address's file, of the size downloaded; failing
// the name (the service may name it from the server's headers), the only video of that size
// there. Ambiguous or not synced yet: null, and the page shows no link rather than a wrong one.
import type { Db } from '../library/db.ts';
import type { RemoteRow } from './store.ts';
import { COPIED_STATUS } from './refresh.ts';

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

export function importedVideoFinder(db: Db): (row: RemoteRow) => ImportedVideo | null {
  // Remote imports can run on a database without the library (their own tests, tools): no link then.
  const hasLibrary = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'lib_videos'").get() !== undefined;
  if (!hasLibrary) return () => null;
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
