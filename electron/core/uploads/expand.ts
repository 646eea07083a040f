// Turns what the person dropped (files and folders) into the video files to upload.
// Folders are walked recursively; hidden and system files are skipped silently; other
// files are kept only when their first bytes are a video container. Symlinked folders are
// not followed (no loops, no escaping the folder that was dropped).
import { lstat, readdir, realpath, stat } from 'node:fs/promises';
import { identityOf } from '../files/file-identity.ts';
import { basename, join } from 'node:path';
import type { MediaInfo } from '../../../shared/media.ts';
import { hasVideoExtension, inspectVideoFile, sniffVideoFile, videoContentType } from '../files/video.ts';

export interface FoundFile {
  path: string;
  name: string;
  size: number;
  mtimeMs: number;
  contentType: string;
  /** Duration, size, codecs from the container header; null when unreadable. */
  media: MediaInfo | null;
  /** Which file this is (device and inode), checked again when it is sent. */
  dev: string;
  ino: string;
}

export interface Expansion {
  files: FoundFile[];
  skipped: { path: string; reason: string }[];
}

/** Above this many files, a drop is cut short rather than freezing the queue. */
export const MAX_FILES_PER_ADD = 10_000;

const SYSTEM_NAMES = new Set(['thumbs.db', 'desktop.ini', '.ds_store', '$recycle.bin', 'system volume information', '@eadir', 'lost+found']);

export function isHiddenOrSystem(name: string): boolean {
  return name.startsWith('.') || name.startsWith('~$') || SYSTEM_NAMES.has(name.toLowerCase());
}

export async function expandPaths(paths: readonly string[]): Promise<Expansion> {
  const result: Expansion = { files: [], skipped: [] };
  const seen = new Set<string>();
  for (const path of paths) {
    if (seen.has(path)) continue;
    seen.add(path);
    let info;
    try {
      info = await stat(path);
    } catch {
      result.skipped.push({ path, reason: 'The file or folder no longer exists.' });
      continue;
    }
    if (info.isDirectory()) await walk(path, result, seen);
    else if (info.isFile()) await consider(path, result, true);
    else result.skipped.push({ path, reason: 'Not a file or folder.' });
  }
  return result;
}

async function walk(folder: string, result: Expansion, seen: Set<string>): Promise<void> {
  let entries;
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch {
    result.skipped.push({ path: folder, reason: 'The folder could not be read.' });
    return;
  }
  entries.sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }));
  for (const entry of entries) {
    if (result.files.length >= MAX_FILES_PER_ADD) return;
    if (isHiddenOrSystem(entry.name)) continue;
    const path = join(folder, entry.name);
    if (seen.has(path)) continue;
    seen.add(path);
    if (entry.isDirectory()) await walk(path, result, seen);
    else if (entry.isFile() && hasVideoExtension(entry.name)) await consider(path, result, false);
    else if (entry.isFile()) result.skipped.push({ path, reason: 'Not a video file.' });
  }
}

async function consider(path: string, result: Expansion, dropped: boolean): Promise<void> {
  if (result.files.length >= MAX_FILES_PER_ADD) {
    result.skipped.push({ path, reason: `More than ${MAX_FILES_PER_ADD} files at once; add the rest afterwards.` });
    return;
  }
  if (dropped && isHiddenOrSystem(basename(path))) {
    result.skipped.push({ path, reason: 'A hidden or system file.' });
    return;
  }
  try {
    // A dropped link means the file it points to: that file is queued (and checked) by its
    // real path, so sending can refuse to follow any link.
    const link = await lstat(path);
    const realPath = link.isSymbolicLink() ? await realpath(path) : path;
    const info = await stat(realPath, { bigint: true });
    const identity = identityOf(info);
    if (identity.size === 0) {
      result.skipped.push({ path, reason: 'The file is empty.' });
      return;
    }
    const kind = await sniffVideoFile(realPath);
    if (kind === null) {
      result.skipped.push({ path, reason: 'Not a video file (its content is not a video format Vidlift knows).' });
      return;
    }
    const { media, refusal } = await inspectVideoFile(realPath);
    if (refusal !== null) {
      result.skipped.push({ path, reason: refusal });
      return;
    }
    result.files.push({ path: realPath, name: basename(path), size: identity.size, mtimeMs: identity.mtimeMs, contentType: videoContentType(kind), media, dev: identity.dev, ino: identity.ino });
  } catch {
    result.skipped.push({ path, reason: 'The file could not be read.' });
  }
}
