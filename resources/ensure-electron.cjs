// `npm start` / `npm run dev`: Electron's package downloads its binary the first time
// require('electron') resolves it (it no longer does at install), and electron-vite reads
// the binary's path before that happens, failing with "Electron uninstall". So the binary is
// resolved here first, in a child process whose own output (download progress, a stack trace)
// is kept back; on failure the person gets one sentence that says what to do.
'use strict';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS on purpose: it must run on any Node
var spawnSync = require('node:child_process').spawnSync;
var resolved = spawnSync(process.execPath, ['-e', "require('electron')"], { encoding: 'utf8', timeout: 15 * 60 * 1000 });
if (resolved.status === 0) process.exit(0);
console.error(
  'Vidlift could not download Electron (no internet, or a proxy in the way): connect to the internet ' +
    '(behind a proxy, set HTTPS_PROXY), then run `npm start` again.',
);
process.exit(1);
