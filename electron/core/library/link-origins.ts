// Whether the service has handed out links on an origin: the hosts of the download and embed
// links it returned, as the library keeps them. The shell opens such links in the browser
// without asking (issue 18 item 8); a link elsewhere is asked about first.
import type { Db } from '../db/database.ts';

export function libraryHasLinkOrigin(db: Db, origin: string): boolean {
  const prefix = `${origin}/`;
  // Only asked when a link is clicked: a scan is fine, and no index is kept for it.
  const row = db
    .prepare('SELECT 1 AS found FROM lib_videos WHERE substr(download_url, 1, ?) = ? OR substr(embed_url, 1, ?) = ? LIMIT 1')
    .get(prefix.length, prefix, prefix.length, prefix);
  return row !== undefined;
}
