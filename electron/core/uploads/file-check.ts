// One file of a drop or a watched folder, checked before it is queued: which file it is
// (device and inode, checked again when it is sent), where it really is (a link means the file
// it points to; a watched folder's file must really be inside it), and whether its first bytes
// are a video container. The checks are blocking calls: they run on the file-check thread
// (file-check-thread.ts), or inline where the process has no thread (the command line).
import { lstatSync, realpathSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import type { MediaInfo } from '../../../shared/media.ts';
import { said, type Said } from '../../../shared/said.ts';
import { identityOf } from '../files/file-identity.ts';
import { isInside } from '../files/grants.ts';
import { sniffVideoFileBlocking, videoContentType } from '../files/video.ts';

export interface FoundFile {
  path: string;
  name: string;
  size: number;
  mtimeMs: number;
  contentType: string;
  /** Duration, size, codecs from the container header; null when unreadable; absent: not read yet. */
  media?: MediaInfo | null;
  /** Which file this is (device and inode), checked again when it is sent. */
  dev: string;
  ino: string;
}

export type Checked = { file: FoundFile } | { skipped: { path: string; reason: Said } };

/**
 * Checks `path`. `within`: the real path of the watched folder it comes from; a file whose
 * real path is not inside it (a link, or a folder on its way replaced by one since the watcher
 * looked) is skipped.
 */
export function checkFileBlocking(path: string, within: string | undefined): Checked {
  try {
    // A dropped link means the file it points to: that file is queued (and checked) by its
    // real path, so sending can refuse to follow any link.
    const link = lstatSync(path, { bigint: true });
    const realPath = link.isSymbolicLink() || within !== undefined ? realpathSync.native(path) : path;
    if (within !== undefined && !isInside(realPath, within)) return { skipped: { path, reason: said('skip_outside_watched') } };
    // Not a link: lstat already described the file itself (a folder above it that is a link
    // was followed), so its identity needs no second stat. It is checked again when sent.
    const identity = identityOf(link.isSymbolicLink() ? statSync(realPath, { bigint: true }) : link);
    if (identity.size === 0) return { skipped: { path, reason: said('skip_empty') } };
    const kind = sniffVideoFileBlocking(realPath);
    if (kind === null) return { skipped: { path, reason: said('skip_not_video_content') } };
    // media undefined: the header is read later (expand.ts's small drops, or media-inspection.ts).
    return { file: { path: realPath, name: basename(path), size: identity.size, mtimeMs: identity.mtimeMs, contentType: videoContentType(kind), dev: identity.dev, ino: identity.ino } };
  } catch {
    return { skipped: { path, reason: said('skip_unreadable') } };
  }
}
