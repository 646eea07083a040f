// The local paths the person chose (dialog results, dropped files through the preload).
// The renderer is untrusted: it may only name files inside what the person granted, so a
// compromised page cannot upload ~/.ssh. Paths are compared in canonical form (resolved,
// symlinks followed as far as the path exists), so `..` segments and symlinks that point
// out of a granted folder do not escape it.
import { realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { AppError } from '../../../shared/errors.ts';
import { said } from '../../../shared/said.ts';

const caseInsensitive = process.platform === 'win32' || process.platform === 'darwin';

export class PathGrants {
  readonly #granted = new Set<string>();

  /** Records a path the person chose. Relative paths and NUL bytes are refused. */
  grant(path: string): void {
    if (!isAcceptable(path)) throw new AppError('validation', said('path_not_full'));
    this.#granted.add(comparable(canonical(path)));
  }

  isGranted(path: string): boolean {
    if (!isAcceptable(path)) return false;
    const candidate = comparable(canonical(path));
    for (const granted of this.#granted) if (isInside(candidate, granted)) return true;
    return false;
  }
}

function isAcceptable(path: string): boolean {
  return typeof path === 'string' && path.length > 0 && !path.includes('\0') && isAbsolute(path);
}

/**
 * The resolved path with every symlink followed: the real path of the longest part that
 * exists, plus the rest as written (already free of `..` after resolve).
 */
function canonical(path: string): string {
  const resolved = resolve(path);
  const rest: string[] = [];
  let current = resolved;
  for (;;) {
    try {
      return rest.length === 0 ? realpathSync.native(current) : join(realpathSync.native(current), ...rest.reverse());
    } catch {
      const parent = dirname(current);
      if (parent === current) return resolved;
      rest.push(basename(current));
      current = parent;
    }
  }
}

function comparable(path: string): string {
  return caseInsensitive ? path.toLowerCase() : path;
}

/** Whether `candidate` is `granted` or lies under it (both absolute and canonical). */
export function isInside(candidate: string, granted: string): boolean {
  if (candidate === granted) return true;
  const rel = relative(granted, candidate);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}
