// Lint rules for the whole repo. Beyond the recommended sets, the process boundaries are
// enforced here: only electron/main and electron/preload may import `electron`, and only the
// IPC modules may touch ipcMain / ipcRenderer (everything else goes through the contract).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import electronSecurity from 'eslint-plugin-electron-security';
import globals from 'globals';

const IPC_MODULES = ['electron/main/ipc.ts', 'electron/preload/index.ts'];

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'shared/i18n/paraglide/**', 'node_modules/**', 'test-results/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'electron', message: 'Only electron/main and electron/preload may import electron; the core runs under plain Node.' }] },
      ],
    },
  },
  // Packages loaded at their first use (electron/core/lazy-package.ts), not with the main
  // process: one value import anywhere loads it at the start again (form-data did, ~48 ms of
  // the main bundle's import, issue 33). Their types may be imported.
  {
    files: ['electron/**/*.ts', 'shared/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['form-data', 'https-proxy-agent', 'socks-proxy-agent', 'image-size', 'image-size/fromFile', 'chardet', 'xxhash-addon', 'mediainfo.js', 'iconv-lite'].map((name) => ({
            name,
            allowTypeImports: true,
            message: 'Loaded at its first use: lazyPackage() from electron/core/lazy-package.ts (a type import is fine).',
          })),
        },
      ],
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.svelte'] }, globals: { ...globals.browser } },
  },
  {
    files: ['renderer/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['electron/main/**/*.ts', 'electron/preload/**/*.ts', 'test/unit/main/**/*.ts', 'test/unit/preload/**/*.ts', 'test/e2e/electron-smoke.test.ts', 'test/doubles/**/*.ts', 'test/boot/**/*.ts'],
    ignores: IPC_MODULES,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              importNames: ['ipcMain', 'ipcRenderer'],
              message: 'ipcMain/ipcRenderer belong to the IPC modules only (electron/main/ipc.ts, electron/preload/index.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: IPC_MODULES,
    rules: { 'no-restricted-imports': 'off' },
  },
  // The strict preset: every Electron security rule is an error. The two rules that look
  // for a guard are told which functions are ours (a URL check and the IPC sender check).
  {
    ...electronSecurity.configs.strict,
    files: ['electron/main/**/*.ts', 'electron/preload/**/*.ts'],
  },
  {
    files: ['electron/main/**/*.ts', 'electron/preload/**/*.ts'],
    rules: {
      'electron-security/no-open-external-with-dynamic-url': ['error', { allowedProtocols: ['https:'], urlValidators: ['openableExternalUrl'] }],
      'electron-security/require-ipc-sender-validation': ['error', { senderGuards: ['senderRefusal'] }],
    },
  },
);
