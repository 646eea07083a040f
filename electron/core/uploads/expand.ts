// Turns what the person dropped (files and folders) into the video files to upload.
// Folders are walked recursively; hidden and system files are skipped silently; other
// files are kept only when their first bytes are a video container. Symlinked folders are
// not followed (no loops, no escaping the folder that was dropped).
import { lstat, readdir, realpath, stat } from 'node:fs/promises';
import { identityOf } from '../files/file-identity.ts';
import { isInside } from '../files/grants.ts';
import { basename, join } from 'node:path';
import type { MediaInfo } from '../../../shared/media.ts';
import { hasVideoExtension, inspectVideoFile, sniffVideoFile, videoContentType } from '../files/video.ts';
import { INLINE_INSPECTION_LIMIT } from './media-inspection.ts';
import { said, type Said } from '../../../shared/said.ts';

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

interface Expansion {
  files: FoundFile[];
  skipped: { path: string; reason: Said }[];
}

/** Above this many files, a drop is cut short rather than freezing the queue. */
const MAX_FILES_PER_ADD = 10_000;

const SYSTEM_NAMES = new Set(['thumbs.db', 'desktop.ini', '.ds_store', '$recycle.bin', 'system volume information', '@eadir', 'lost+found']);

/**
 * Folder entries in the order a file manager shows them ("clip 2" before "clip 10"). One
 * collator for every walk: `localeCompare` with options builds one per comparison, which was
 * ~120 ms of a 10,000-file drop's ~1.7 s on the main thread (CPU profile, `npm run bench -- scale`).
 */
const BY_NAME = new Intl.Collator(undefined, { numeric: true });

function isHiddenOrSystem(name: string): boolean {
  return name.startsWith('.') || name.startsWith('~$') || SYSTEM_NAMES.has(name.toLowerCase());
}

/** Files checked at once: their stat, open and first bytes overlap on the I/O threads. */
const CHECK_BATCH = 64;

/** A file to check (`dropped`: named in the drop itself), or what was skipped without reading it. */
type Candidate = { path: string; dropped: boolean } | { skipped: { path: string; reason: Said } };
type Checked = { file: FoundFile } | { skipped: { path: string; reason: Said } };

export interface ExpandOptions {
  /**
   * The real path of the watched folder the paths come from: a file whose real path is not
   * inside it (a link, or a folder on its way replaced by one since the watcher looked) is skipped.
   */
  within?: string;
}

export async function expandPaths(paths: readonly string[], options: ExpandOptions = {}): Promise<Expansion> {
  const result: Expansion = { files: [], skipped: [] };
  const candidates = await collect(paths);
  // In order, a batch at a time, so the files keep the order they were found in.
  for (let i = 0; i < candidates.length; i += CHECK_BATCH) {
    const batch = candidates.slice(i, i + CHECK_BATCH);
    const checked = await Promise.all(batch.map((c): Promise<Checked> | Checked => ('skipped' in c ? c : check(c.path, c.dropped, options.within))));
    for (const outcome of checked) {
      if ('skipped' in outcome) result.skipped.push(outcome.skipped);
      else if (result.files.length >= MAX_FILES_PER_ADD) {
        result.skipped.push({ path: outcome.file.path, reason: said('skip_too_many', { max: MAX_FILES_PER_ADD }) });
      } else result.files.push(outcome.file);
    }
  }
  await inspectSmallDrop(result);
  return result;
}

/** The dropped paths, folders walked in name order; what can be skipped by its name already is. */
async function collect(paths: readonly string[]): Promise<Candidate[]> {
  const out: Candidate[] = [];
  const seen = new Set<string>();
  for (const path of paths) {
    if (seen.has(path)) continue;
    seen.add(path);
    let info;
    try {
      info = await stat(path);
    } catch {
      out.push({ skipped: { path, reason: said('skip_gone') } });
      continue;
    }
    if (info.isDirectory()) await walk(path, out, seen);
    else if (info.isFile()) out.push({ path, dropped: true });
    else out.push({ skipped: { path, reason: said('skip_not_file_or_folder') } });
  }
  return out;
}

async function walk(folder: string, out: Candidate[], seen: Set<string>): Promise<void> {
  let entries;
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch {
    out.push({ skipped: { path: folder, reason: said('skip_folder_unreadable') } });
    return;
  }
  entries.sort((a, b) => BY_NAME.compare(a.name, b.name));
  for (const entry of entries) {
    if (isHiddenOrSystem(entry.name)) continue;
    const path = join(folder, entry.name);
    if (seen.has(path)) continue;
    seen.add(path);
    if (entry.isDirectory()) await walk(path, out, seen);
    else if (entry.isFile() && hasVideoExtension(entry.name)) out.push({ path, dropped: false });
    else if (entry.isFile()) out.push({ skipped: { path, reason: said('skip_not_video') } });
  }
}

/** One file: its identity, and whether its first bytes are a video container. */
async function check(path: string, dropped: boolean, within: string | undefined): Promise<Checked> {
  if (dropped && isHiddenOrSystem(basename(path))) return { skipped: { path, reason: said('skip_hidden') } };
  try {
    // A dropped link means the file it points to: that file is queued (and checked) by its
    // real path, so sending can refuse to follow any link.
    const link = await lstat(path, { bigint: true });
    const realPath = link.isSymbolicLink() || within !== undefined ? await realpath(path) : path;
    if (within !== undefined && !isInside(realPath, within)) return { skipped: { path, reason: said('skip_outside_watched') } };
    // Not a link: lstat already described the file itself (a folder above it that is a link
    // was followed), so its identity needs no second stat. It is checked again when sent.
    const identity = identityOf(link.isSymbolicLink() ? await stat(realPath, { bigint: true }) : link);
    if (identity.size === 0) return { skipped: { path, reason: said('skip_empty') } };
    const kind = await sniffVideoFile(realPath);
    if (kind === null) return { skipped: { path, reason: said('skip_not_video_content') } };
    // media undefined: the header is read later (inspectSmallDrop, or media-inspection.ts).
    return { file: { path: realPath, name: basename(path), size: identity.size, mtimeMs: identity.mtimeMs, contentType: videoContentType(kind), dev: identity.dev, ino: identity.ino } };
  } catch {
    return { skipped: { path, reason: said('skip_unreadable') } };
  }
}

/**
 * A small drop's headers are read now: a file with no video in it is named in the drop's
 * notice and never queued. A larger drop is queued at once and read afterwards (media-inspection.ts).
 */
async function inspectSmallDrop(result: Expansion): Promise<void> {
  if (result.files.length > INLINE_INSPECTION_LIMIT) return;
  const kept: FoundFile[] = [];
  for (const file of result.files) {
    const { media, refusal } = await inspectVideoFile(file.path);
    if (refusal !== null) result.skipped.push({ path: file.path, reason: refusal });
    else kept.push({ ...file, media });
  }
  result.files = kept;
}
