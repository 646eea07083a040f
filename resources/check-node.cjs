// Runs before every npm script (see package.json): it must work on any Node, so it is plain
// CommonJS with nothing newer than ES5 syntax. Vidlift needs node:sqlite (Node 22.12+);
// on an older Node the scripts would fail later with errors that name neither.
'use strict';
var parts = process.versions.node.split('.').map(Number);
var major = parts[0];
var minor = parts[1];
if (major > 22 || (major === 22 && minor >= 12)) process.exit(0);
console.error('Vidlift needs Node 22.12 or newer (you have ' + process.versions.node + '): install Node 24 LTS');
process.exit(1);
