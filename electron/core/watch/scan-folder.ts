// The files under a watched folder, walked once: at start (files that arrived while Vidlift
// was closed), when a folder comes back or a sub-folder is moved in whole (one event for the
// folder, none for its files), and on every round when the system gives no more change
// events (watch-limit fallback, folder-watcher.ts). Excluded sub-folders are not entered.
// Entries are judged by their own type (the directory entry's, as lstat sees it): a symbolic
// link, to a file or to a folder, is neither a file nor a folder here and is never followed.
import { opendir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

export interface ScanRules {
  /** False: only the files directly in the root. */
  recursive: boolean;
  /** Path relative to the root, with `/`: true for a file or sub-folder never looked at. */
  excluded: (relPath: string) => boolean;
}

/** Relative path with `/` whatever the platform's separator (the patterns are written with `/`). */
export function relativePath(root: string, path: string): string {
  return relative(root, path).split(sep).join('/');
}

/** Calls `onFile` for every file under `start` (the root or a sub-folder of it) that the rules allow. */
export async function scanFolder(root: string, start: string, rules: ScanRules, onFile: (path: string) => void): Promise<void> {
  const pending = [start];
  while (pending.length > 0) {
    const dir = pending.pop()!;
    let handle;
    try {
      handle = await opendir(dir);
    } catch {
      // Gone or unreadable meanwhile: the presence check says so for the root; a sub-folder is skipped.
      continue;
    }
    try {
      for await (const entry of handle) {
        const path = join(dir, entry.name);
        const rel = relativePath(root, path);
        if (rules.excluded(rel)) continue;
        if (entry.isDirectory()) {
          if (rules.recursive) pending.push(path);
        } else if (entry.isFile()) {
          onFile(path);
        }
      }
    } catch {
      // The folder went away while it was read (a drive unplugged): the presence check says so.
    }
  }
}
