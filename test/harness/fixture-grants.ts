// What the harness page may grant: files under the run's fixture folder only (they stand for
// what a person drops or picks). A grant of `/`, of a path outside, or of a relative path is
// refused: any local client that found the socket must not widen what the core may read.
import { realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';

export function fixtureGrantFilter(fixtureDir: string): (path: unknown) => string | null {
  const root = realpathSync(fixtureDir);
  return (path) => {
    if (typeof path !== 'string' || path === '' || path.includes('\0') || !isAbsolute(path)) return null;
    let real: string;
    try {
      real = realpathSync(resolve(path));
    } catch {
      // Not there (yet): judge the path as written.
      real = resolve(path);
    }
    const inside = relative(root, real);
    return inside !== '' && !inside.startsWith(`..${sep}`) && inside !== '..' && !isAbsolute(inside) ? real : null;
  };
}
