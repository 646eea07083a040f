// Turns what the person dropped (files and folders) into the video files to upload.
// Folders are walked recursively; hidden and system files are skipped silently; other
// files are kept only when their first bytes are a video container. Symlinked folders are
// not followed (no loops, no escaping the folder that was dropped).
import { readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { hasVideoExtension, inspectVideoFile } from '../files/video.ts';
import { INLINE_INSPECTION_LIMIT } from './media-inspection.ts';
import { said, type Said } from '../../../shared/said.ts';
import type { FoundFile } from './file-check.ts';
import { checkFiles } from './file-check-thread.ts';

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

/** A file to check, or what was skipped without reading it (by its name, or what it is). */
type Candidate = { path: string } | { skipped: { path: string; reason: Said } };

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
  const toCheck = candidates.flatMap((candidate) => ('skipped' in candidate ? [] : [candidate.path]));
  const checked = await checkFiles(toCheck, options.within);
  // In the order they were found, the skipped by name among them.
  let next = 0;
  for (const candidate of candidates) {
    const outcome = 'skipped' in candidate ? candidate : checked[next++]!;
    if ('skipped' in outcome) result.skipped.push(outcome.skipped);
    else if (result.files.length >= MAX_FILES_PER_ADD) {
      result.skipped.push({ path: outcome.file.path, reason: said('skip_too_many', { max: MAX_FILES_PER_ADD }) });
    } else result.files.push(outcome.file);
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
    else if (info.isFile()) out.push(isHiddenOrSystem(basename(path)) ? { skipped: { path, reason: said('skip_hidden') } } : { path });
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
    else if (entry.isFile() && hasVideoExtension(entry.name)) out.push({ path });
    else if (entry.isFile()) out.push({ skipped: { path, reason: said('skip_not_video') } });
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
