// The rule for how an account's list of watch folders may change (issue 27). A watch folder
// uploads every video that lands in it and may move files aside, so which folder it is must
// come from the person, never from the page: a folder enters the list only through the folder
// dialog the shell shows (watch:add, answered in the main process), stored at its real path.
// What the page sends in settings:set may remove entries and change their options, never add
// one or change a path.
import { realpath, stat } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import { randomUUID } from 'node:crypto';
import { AppError } from '../../../shared/errors.ts';
import { newWatchFolder, type WatchFolder } from '../../../shared/watch.ts';
import { said } from '../../../shared/said.ts';


/** Throws unless `next` holds only saved entries (by id), each once and at its saved path. */
export function checkEdited(saved: readonly WatchFolder[], next: readonly WatchFolder[]): void {
  const pathOf = new Map(saved.map((folder) => [folder.id, folder.path]));
  const ids = new Set<string>();
  for (const folder of next) {
    if (pathOf.get(folder.id) !== folder.path || ids.has(folder.id)) throw new AppError('validation', said('watch_not_picked'), { retryable: false });
    ids.add(folder.id);
  }
}

/**
 * New entries for the folders the person picked in the dialog, at their real paths (a picked
 * link to a folder means that folder; the watcher then stops if the path ever leads elsewhere).
 * A folder already in the list is not added twice.
 */
export async function pickedEntries(saved: readonly WatchFolder[], picked: readonly string[]): Promise<WatchFolder[]> {
  const watched = new Set(saved.map((folder) => folder.path));
  const added: WatchFolder[] = [];
  for (const path of picked) {
    if (!isAbsolute(path) || path.includes('\0')) throw new AppError('validation', said('watch_not_full_path'), { retryable: false });
    const real = await realpath(path).catch(() => null);
    const isFolder = real !== null && (await stat(real).then((info) => info.isDirectory(), () => false));
    if (!isFolder) throw new AppError('validation', said('watch_folder_gone'), { retryable: false });
    if (watched.has(real)) continue;
    watched.add(real);
    added.push(newWatchFolder(randomUUID(), real));
  }
  return added;
}
