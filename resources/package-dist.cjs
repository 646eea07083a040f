// `npm run dist`: electron-builder downloads Electron, its headers (to rebuild keytar) and its
// packaging tools (AppImage, fpm, NSIS) the first time, and without the internet it fails with a long stack trace that
// names neither. So it runs in a child process whose output is kept back, as
// ensure-electron.cjs does for `npm start`: on success its output is shown; on a download
// that could not be made, one sentence says what to do; on any other failure its whole
// output is shown as it came. Arguments after `npm run dist --` go to electron-builder.
'use strict';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS on purpose: it must run on any Node
var spawnSync = require('node:child_process').spawnSync;
// eslint-disable-next-line @typescript-eslint/no-require-imports
var path = require('node:path');

var builder = path.join(__dirname, '..', 'node_modules', 'electron-builder', 'cli.js');
console.log('Packaging with electron-builder (the first time it downloads Electron and its tools; its output follows when it ends)…');
var run = spawnSync(process.execPath, [builder, '--config', 'electron-builder.yml'].concat(process.argv.slice(2)), {
  encoding: 'utf8',
  maxBuffer: 256 * 1024 * 1024,
  timeout: 60 * 60 * 1000,
});
var output = (run.stdout || '') + (run.stderr || '');
if (run.status === 0) {
  process.stdout.write(output);
  process.exit(0);
}
// What a download that never reached its server leaves in electron-builder's output (Node's
// socket errors, node-gyp's sentence when Electron's headers for rebuilding keytar cannot be
// fetched, and Go's errors from its app-builder helper).
var NETWORK = /\b(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|getaddrinfo|no such host|dial tcp|network is unreachable|network connectivity|socket hang up|i\/o timeout)\b/i;
if (NETWORK.test(output)) {
  console.error(
    'Vidlift could not package: electron-builder could not download what it needs (Electron, its headers, the packaging tools; no internet, or a proxy in the way): ' +
      'connect to the internet (behind a proxy, set HTTPS_PROXY), then run `npm run dist` again.',
  );
  process.exit(1);
}
process.stderr.write(output);
process.exit(run.status === null ? 1 : run.status);
