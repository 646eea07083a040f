// A hook is a real program: a script written here receives the JSON document on its stdin,
// one that hangs is killed at its timeout, and neither sees the key in its environment.
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runHook } from '../../../../electron/core/hooks/run-hook.ts';
import type { HookDocument } from '../../../../shared/notify.ts';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function script(name: string, body: string): string {
  dir ??= mkdtempSync(join(tmpdir(), 'vidlift-hook-'));
  const file = join(dir, name);
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}

const DOCUMENT: HookDocument = {
  event: 'upload',
  account: 'Work',
  file: '/videos/a "quoted"; rm -rf x.mp4',
  size: 1234,
  videoId: 'abc123',
  links: { download: 'https://video.example/d/abc123', embed: 'https://video.example/e/abc123' },
  folder: { id: 7, name: 'Trips' },
  durationSeconds: 4.2,
};

describe('runHook', () => {
  it('hands the program one JSON document on stdin, its arguments as data, and its output back', async () => {
    const file = script('record.sh', 'cat > "$1"; echo "printed $2"; echo "warned" >&2; env > "$1.env"');
    const out = join(dir!, 'got.json');
    const outcome = await runHook({ file, args: [out, 'a; echo injected'] }, DOCUMENT, 10_000, { PATH: process.env.PATH, VIDLIFT_API_KEY: 'k-secret-123', HOME: '/tmp' });
    expect(outcome).toMatchObject({ ok: true, exitCode: 0, timedOut: false, stdout: 'printed a; echo injected\n', stderr: 'warned\n' });
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(DOCUMENT);
    const env = readFileSync(`${out}.env`, 'utf8');
    expect(env).not.toContain('k-secret-123');
    expect(env).toContain('HOME=/tmp');
  });

  it('kills a program that hangs at its timeout, even one that ignores SIGTERM, with what it started', async () => {
    const file = script('hang.sh', `trap '' TERM; sleep 3600 & echo $! > "$1"; wait`);
    const pidFile = join(dir!, 'sleep.pid');
    const outcome = await runHook({ file, args: [pidFile] }, DOCUMENT, 500);
    expect(outcome).toMatchObject({ ok: false, timedOut: true, signal: 'SIGKILL' });
    // The sleep it started (holding its output open) went with it.
    const pid = Number(readFileSync(pidFile, 'utf8'));
    const alive = () => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    for (let i = 0; i < 100 && alive(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(alive()).toBe(false);
  });

  it('reports a program that fails, and one that cannot start', async () => {
    const failing = await runHook({ file: script('fail.sh', 'echo nope >&2; exit 3'), args: [] }, DOCUMENT, 10_000);
    expect(failing).toMatchObject({ ok: false, exitCode: 3, timedOut: false, startError: null, stderr: 'nope\n' });
    const missing = await runHook({ file: '/nonexistent/vidlift-hook', args: [] }, DOCUMENT, 10_000);
    expect(missing).toMatchObject({ ok: false, startError: 'ENOENT' });
  });
});
