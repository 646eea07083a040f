import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { playwright } from '@vitest/browser-playwright';
import { CHROMIUM_ARGS, chromiumPath } from './test/support/chromium.ts';
import { processCatalogAlias, windowCatalogAlias } from './resources/i18n/catalog-aliases.ts';

// Three kinds of tests, mirroring the source layout under test/:
// - unit: pure logic, mocked `electron` where main-process code is under test;
// - integration: the real core against the sandbox host over loopback, real SQLite files,
//   a real keychain when one is running;
// - e2e: the real renderer in Debian's Chromium through the harness.
// Renderer component tests need Svelte's `browser` export condition.
export default defineConfig({
  test: {
    // The catalogs are compiled before any project runs (test/support/compile-catalogs.ts).
    globalSetup: ['test/support/compile-catalogs.ts'],
    // `vitest run --project unit --project boot --coverage` (under test/support/with-keyring.sh):
    // line coverage of the shell, the code only Electron runs.
    coverage: {
      provider: 'v8',
      include: ['electron/main/**/*.ts', 'electron/preload/**/*.ts'],
      reporter: ['text', 'json-summary'],
      reportsDirectory: 'coverage',
    },
    // The Node projects read Paraglide's messages as the main bundle does (process-catalog.ts):
    // a language's words come once it is loaded, as in the built shell and command line.
    projects: [
      {
        resolve: { alias: [processCatalogAlias(import.meta.dirname)] },
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          exclude: ['test/unit/renderer/**'],
          environment: 'node',
        },
      },
      {
        // Renderer managers and components run in Debian's Chromium (vitest browser mode),
        // so components mount into a real DOM.
        plugins: [svelte()],
        resolve: { conditions: ['browser'], alias: [windowCatalogAlias(import.meta.dirname)] },
        // Bundled up front: optimizing a dependency mid-run reloads the page under a test.
        optimizeDeps: { include: ['virtua/svelte', 'chart.js'] },
        test: {
          name: 'renderer',
          include: ['test/unit/renderer/**/*.test.ts'],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: { ...(chromiumPath() ? { executablePath: chromiumPath()! } : {}), args: CHROMIUM_ARGS },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
      {
        resolve: { alias: [processCatalogAlias(import.meta.dirname)] },
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The real shell (electron/main) and the built out/main/index.js under Node, against
        // the one Electron double (test/doubles), substituted by module hooks.
        resolve: { alias: [processCatalogAlias(import.meta.dirname)] },
        test: {
          name: 'boot',
          include: ['test/boot/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['test/doubles/register-electron.ts'],
          testTimeout: 120_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        resolve: { alias: [processCatalogAlias(import.meta.dirname)] },
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
