// Packages the core needs for some work only (a proxy's tunnel, a thumbnail's size, a subtitle's
// encoding, a video's container header) load at their first use instead of with the main
// process: measured under Node, the proxy agents alone were a third of the main bundle's import
// (issue 33, `npm run bench -- startup`). Node 24 (Electron 45's) require()s an ES module
// package as well as a CommonJS one.
import { createRequire } from 'node:module';

const requirePackage = createRequire(import.meta.url);

/** The package `name`, loaded the first time the returned function is called. */
export function lazyPackage<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requirePackage(name) as T);
}
