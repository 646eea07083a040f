// After a confirmed upload, a watched folder may move the file into its `uploaded/` subfolder
// (keeping the subfolder it was in). Never deletes and never overwrites: a name already taken
// there gets " (2)", " (3)"... before its extension. Never moves a file out of the watched
// folder: when `uploaded/` or a folder inside it (or the watched folder itself) is a link to
// another place, the file stays where it is.
import { mkdir, realpath, rename, stat } from 'node:fs/promises';
import { dirname, extname, join, relative, sep } from 'node:path';
import { UPLOADED_SUBFOLDER } from '../../../shared/watch.ts';

/** Where `file` goes inside `folder`'s uploaded/ subfolder, or null when it is not inside `folder`. */
export function uploadedPlace(folder: string, file: string): string | null {
  const rel = relative(folder, file);
  if (rel === '' || rel.startsWith('..') || rel.split(sep)[0] === UPLOADED_SUBFOLDER || join(folder, rel) !== file) return null;
  return join(folder, UPLOADED_SUBFOLDER, rel);
}

const exists = (path: string) => stat(path).then(() => true, () => false);

/** Moves the file; answers where it went. */
export async function moveUploaded(file: string, place: string): Promise<string> {
  const folder = dirname(place);
  await mkdir(folder, { recursive: true });
  // A link on the way would take the file elsewhere (`place` is built from the folder's real path).
  if ((await realpath(folder)) !== folder) throw new Error('the uploaded/ folder leads out of the watched folder (a link); the file stays');
  const ext = extname(place);
  const stem = place.slice(0, place.length - ext.length);
  let target = place;
  for (let n = 2; await exists(target); n++) target = `${stem} (${n})${ext}`;
  await rename(file, target);
  return target;
}
