// The links the account already holds, as the link finder learns its shapes from them
// (link-templates.ts): the newest and the oldest videos of the library, the latest uploads, the
// latest dead videos' tombstones and the link map's newest pairs.
// A handful from each end is enough (a service hands out links of one or two shapes; the
// oldest rows keep a domain it has since left), and reading them is a few index steps, never
// a scan of a million rows.
import type { Db } from '../db/database.ts';

export interface KnownLink {
  id: string;
  download: string;
  embed: string;
}

/** How many links are read from each end of each place. */
const SAMPLE = 100;

const QUERIES = [
  `SELECT id, download_url AS download, embed_url AS embed FROM lib_videos WHERE download_url <> '' ORDER BY rid DESC LIMIT ${SAMPLE}`,
  `SELECT id, download_url AS download, embed_url AS embed FROM lib_videos WHERE download_url <> '' ORDER BY rid ASC LIMIT ${SAMPLE}`,
  `SELECT video_id AS id, download_url AS download, embed_url AS embed FROM upload_jobs WHERE video_id IS NOT NULL AND download_url IS NOT NULL AND embed_url IS NOT NULL ORDER BY id DESC LIMIT ${SAMPLE}`,
  `SELECT video_id AS id, download_url AS download, embed_url AS embed FROM lib_tombstones LIMIT ${SAMPLE}`,
  `SELECT new_id AS id, new_download AS download, new_embed AS embed FROM lib_link_map ORDER BY at DESC LIMIT ${SAMPLE}`,
];

export function knownLinks(db: Db): KnownLink[] {
  return QUERIES.flatMap((sql) => db.prepare(sql).all() as unknown as KnownLink[]);
}
