// README's commands as a newcomer meets them: an old Node stops at once with one sentence,
// and `npm start` without Electron's binary (no internet here) says what to do in one
// sentence instead of electron-vite's "Electron uninstall" and a stack trace.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');
const run = (node: string, script: string) => spawnSync(node, [join(root, 'resources', script)], { cwd: root, encoding: 'utf8', timeout: 60_000 });

describe('resources/check-node.cjs (before every npm script)', () => {
  it('lets this Node (>= 22.12) through silently', () => {
    const result = run(process.execPath, 'check-node.cjs');
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
  });

  // Debian's own Node 20 is on these machines; elsewhere there may be no old Node to try.
  const oldNode = ['/usr/bin/node', '/usr/local/bin/node'].find((path) => {
    if (!existsSync(path)) return false;
    const major = Number(spawnSync(path, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.split('.')[0]);
    return major > 0 && major < 22;
  });
  it.skipIf(!oldNode)('stops an old Node with one sentence that names both versions', () => {
    const result = run(oldNode!, 'check-node.cjs');
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toMatch(/^Vidlift needs Node 22\.12 or newer \(you have 2\d\.\d+\.\d+\): install Node 24 LTS$/);
  });
});

describe('resources/ensure-electron.cjs (before npm start and npm run dev)', () => {
  const binaryPresent = existsSync(join(root, 'node_modules/electron/path.txt'));
  it.skipIf(binaryPresent)('says in one sentence that the download failed and what to do, with no stack trace', () => {
    const result = run(process.execPath, 'ensure-electron.cjs');
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Vidlift could not download Electron .*npm start/);
    expect(result.stdout + result.stderr).not.toMatch(/TypeError|at .*\.js:\d+/);
  });
});
