// Issue 13: "check it on ... a folder on a slow disk". The watched folder is on a FUSE mount
// that waits 50 ms on every lookup, listing, open and read (test/support/slow-fs.py). A file
// copied in slowly through the mount is reported once, complete; a file written behind the
// mount's back (another machine writing to a share: no change event) is found by the
// periodic scan.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FolderWatcher, type WatchedFile } from '../../../electron/core/watch/folder-watcher.ts';

const SLOW_FS = join(import.meta.dirname, '../../support/slow-fs.py');

function fuseUsable(): boolean {
  if (process.platform !== 'linux' || !existsSync('/dev/fuse')) return false;
  const python = spawnSync('/usr/bin/python3', ['-c', 'import fusepy'], { stdio: 'ignore' });
  const unmount = spawnSync('fusermount3', ['-V'], { stdio: 'ignore' });
  return python.status === 0 && unmount.status === 0;
}

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

async function until(what: string, check: () => boolean): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function mountSlowDisk(): Promise<{ src: string; mount: string }> {
  const root = mkdtempSync(join(tmpdir(), 'vidlift-slowdisk-'));
  const src = join(root, 'src');
  const mount = join(root, 'mnt');
  mkdirSync(src);
  mkdirSync(mount);
  const fs: ChildProcess = spawn('/usr/bin/python3', [SLOW_FS, src, mount, '0.05'], { stdio: 'ignore' });
  cleanups.push(() => {
    // Lazily: a stat still waiting on the slow disk would keep a plain unmount busy.
    spawnSync('fusermount3', ['-uz', mount], { stdio: 'ignore' });
    fs.kill('SIGKILL');
    rmSync(root, { recursive: true, force: true });
  });
  // Mounted once the folder is another device than its parent.
  await until('the slow disk mounted', () => statSync(mount).dev !== statSync(root).dev);
  return { src, mount };
}

describe.skipIf(!fuseUsable())('a watched folder on a slow disk', () => {
  it('reports a slowly copied file once, complete, and finds a file written behind the mount’s back', async () => {
    const { src, mount } = await mountSlowDisk();
    const reported: WatchedFile[] = [];
    const watcher = new FolderWatcher({ folder: mount, settleMs: 400, rescanMs: 500, isKnown: () => false, onFile: (file) => reported.push(file) });
    await watcher.start();
    cleanups.unshift(() => void watcher.stop());

    const copied = join(mount, 'recording.mp4');
    const chunk = Buffer.alloc(64 * 1024, 7);
    for (let i = 0; i < 10; i++) {
      appendFileSync(copied, chunk);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    writeFileSync(join(src, 'from-another-machine.mp4'), Buffer.alloc(1000, 1));

    await until('both files reported', () => reported.length >= 2);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await watcher.stop();
    expect(reported.map((file) => [file.path, file.size]).sort()).toEqual([
      [join(mount, 'from-another-machine.mp4'), 1000],
      [copied, 10 * 64 * 1024],
    ]);
  }, 60_000);
});
