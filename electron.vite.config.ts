import { defineConfig } from 'electron-vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { resolve } from 'node:path';
import { processCatalogAlias, windowCatalogAlias } from './resources/i18n/catalog-aliases.ts';

const root = import.meta.dirname;

// Three targets with our folder names. The preload runs in a sandboxed renderer, which
// cannot load ES modules or require node_modules: it is one self-contained CommonJS file.
export default defineConfig({
  main: {
    // English and the language in force, not all eleven, at every start (process-catalog.ts).
    resolve: { alias: [processCatalogAlias(root)] },
    build: {
      outDir: 'out/main',
      // The library's sync writer, the subtitle preparation, the uploads' transfers and the
      // check of dropped files run on worker threads: their scripts are entries of their own
      // (out/main/sync-writer.js, out/main/subtitle-prepare.js, out/main/upload-transfer.js,
      // out/main/file-check.js), which the shell hands to the core (electron/main/core-start.ts).
      rollupOptions: {
        input: {
          // The entry turns V8's code cache on, then imports electron/main/index.ts (a chunk).
          index: resolve(root, 'electron/main/boot.ts'),
          'sync-writer': resolve(root, 'electron/core/library/sync/writer.worker.ts'),
          'subtitle-prepare': resolve(root, 'electron/core/files/subtitle-prepare.worker.ts'),
          'upload-transfer': resolve(root, 'electron/core/uploads/transfer.worker.ts'),
          'file-check': resolve(root, 'electron/core/uploads/file-check.worker.ts'),
        },
        // Chunks beside the entries: the shell finds out/preload and out/renderer from its own
        // folder (electron/main/start.ts), and since the entry only turns the code cache on and
        // imports the app (electron/main/boot.ts), the shell's code is a chunk.
        output: { chunkFileNames: '[name]-[hash].js' },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(root, 'electron/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(root, 'renderer'),
    plugins: [svelte()],
    resolve: { alias: [windowCatalogAlias(root)] },
    build: {
      outDir: resolve(root, 'out/renderer'),
      // Minified: the first screen parses less before it paints (issue 33's budget: the
      // entry at most 150 KB gzipped). The parts loaded on first use are chunks of their own
      // (`{#await import(...)}` where each is used); `npm run bench -- startup` prints both sizes.
      minify: true,
      rollupOptions: { input: { index: resolve(root, 'renderer/index.html') } },
    },
  },
});
