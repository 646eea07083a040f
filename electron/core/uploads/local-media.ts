// The local file a video was uploaded from, as the upload history knows it: its path (for
// picking a thumbnail from its frames) and what the file is (its length, which the service's
// video info does not give). The newest upload of a video wins.
import type { Db } from '../db/database.ts';
import type { Handlers } from '../rpc/dispatch.ts';
import type { MediaInfo } from '../../../shared/media.ts';
import type { UploadVerification } from '../../../shared/upload-verification.ts';
import { parseMedia, parseVerification } from './job-row.ts';

interface LocalVideoFile {
  path: string;
  name: string;
  media: MediaInfo | null;
  /** What was checked when it landed: the library says when the service stored another title. */
  verification: UploadVerification | null;
}

export class LocalMedia {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  forVideo(videoId: string): LocalVideoFile | null {
    const row = this.#db
      .prepare("SELECT path, name, media, verification FROM upload_jobs WHERE video_id = ? AND state = 'done' ORDER BY id DESC LIMIT 1")
      .get(videoId) as { path: string; name: string; media: string | null; verification: string | null } | undefined;
    return row ? { path: row.path, name: row.name, media: parseMedia(row.media), verification: parseVerification(row.verification) } : null;
  }

  /** Whether this path was uploaded from this machine (the person chose it then). */
  wasUploaded(path: string): boolean {
    return this.#db.prepare("SELECT 1 FROM upload_jobs WHERE path = ? AND state = 'done' LIMIT 1").get(path) !== undefined;
  }
}

export function createLocalMediaHandlers(local: LocalMedia): Pick<Handlers, 'videos:localFile'> {
  return {
    'videos:localFile': ({ id }) => ({ file: local.forVideo(id) }),
  };
}
