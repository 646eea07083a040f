// Which module each build reads as shared/i18n/paraglide/messages.js, Paraglide's `m` that
// imports all eleven languages:
// - the window's builds (electron-vite, Vitest's renderer project, the browser harness):
//   renderer/src/lib/catalog.svelte.ts, one language's words loaded at a time instead of all in
//   the first script;
// - the main bundle (the shell and the command line) and the Node test projects:
//   shared/i18n/process-catalog.ts, English and the one language in force, loaded when chosen
//   (all of them cost the main process's start a 2.7 MB chunk, issue 33).
// The source run under plain Node (npm run cli, the simulation) keeps Paraglide's module.
import { resolve } from 'node:path';

type Alias = { find: RegExp; replacement: string };

const PARAGLIDE_MESSAGES = /^\.\/paraglide\/messages\.js$/;

/** `repo`: the repository's root, from the config that asks (bundled configs move import.meta). */
export function windowCatalogAlias(repo: string): Alias {
  return { find: PARAGLIDE_MESSAGES, replacement: resolve(repo, 'renderer/src/lib/catalog.svelte.ts') };
}

/** The main process's catalog, for the main build and the tests that run its code under Node. */
export function processCatalogAlias(repo: string): Alias {
  return { find: PARAGLIDE_MESSAGES, replacement: resolve(repo, 'shared/i18n/process-catalog.ts') };
}
