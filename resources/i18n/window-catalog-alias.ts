// The window's builds (electron-vite, Vitest's renderer project, the browser harness) read
// shared/i18n/paraglide/messages.js as renderer/src/lib/catalog.svelte.ts: one language's words
// loaded at a time instead of all ten in the first script. The CLI and the shell keep Paraglide's
// own module (their size does not matter; they speak one language per run).
import { resolve } from 'node:path';

/** `repo`: the repository's root, from the config that asks (bundled configs move import.meta). */
export function windowCatalogAlias(repo: string): { find: RegExp; replacement: string } {
  return { find: /^\.\/paraglide\/messages\.js$/, replacement: resolve(repo, 'renderer/src/lib/catalog.svelte.ts') };
}
