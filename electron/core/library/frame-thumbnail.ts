// videos:setThumbnailFrame: a frame the person captured from a local video becomes the
// video's thumbnail. The bytes get the same checks as a picked image (JPEG or PNG, complete,
// at most 1600 x 1200) and are kept as a file in the account's data folder, because the
// outbox sends thumbnails from a path and must survive a restart until the 3-per-minute
// queue lets it go. Frame files older than a week are removed when a new one is kept.
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../../shared/errors.ts';
import { checkThumbnailBytes } from '../files/image.ts';
import type { Handlers } from '../rpc/dispatch.ts';
import type { Library } from './library.ts';
import { said } from '../../../shared/said.ts';

const KEEP_MS = 7 * 24 * 60 * 60_000;

export interface FrameThumbnailDeps {
  library: Library;
  /** Folder for captured frames (created when needed). */
  dir: string;
  now?: () => number;
}

export function createFrameThumbnailHandlers(deps: FrameThumbnailDeps): Pick<Handlers, 'videos:setThumbnailFrame'> {
  const now = deps.now ?? Date.now;
  return {
    'videos:setThumbnailFrame': async ({ id, type, data }) => {
      const video = deps.library.store.getVideo(id);
      if (!video) throw new AppError('not_found', said('video_not_in_library'), { retryable: false });
      const bytes = Buffer.from(data, 'base64');
      const name = `frame of ${video.name}`;
      const check = checkThumbnailBytes(bytes, name);
      if (check.type !== type) {
        throw new AppError('validation', said('frame_type_mismatch', { got: check.type.toUpperCase(), announced: type.toUpperCase() }), { retryable: false });
      }
      await mkdir(deps.dir, { recursive: true });
      await removeOld(deps.dir, now());
      const path = join(deps.dir, `${id}-${now()}.${type === 'jpeg' ? 'jpg' : 'png'}`);
      await writeFile(path, bytes);
      return deps.library.outbox.setThumbnail(id, path, undefined, true);
    },
  };
}

async function removeOld(dir: string, now: number): Promise<void> {
  for (const entry of await readdir(dir)) {
    const path = join(dir, entry);
    try {
      if (now - (await stat(path)).mtimeMs > KEEP_MS) await rm(path, { force: true });
    } catch {
      // Another removal got there first; nothing to do.
    }
  }
}
