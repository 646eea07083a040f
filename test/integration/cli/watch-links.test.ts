// Issue 27 item 2 for the command line: `vidlift-cli watch DIR` never uploads what a link in
// DIR points to (it granted each file it saw, so a link to a file elsewhere was sent). The
// real command line as its own process against the sandbox host on loopback.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHost, type Host } from '../../host/index.ts';

const MAIN = resolve(import.meta.dirname, '../../../electron/cli/main.ts');
const MP4_HEAD = Buffer.from('000000206674797069736f6d0000020069736f6d69736f32617663316d703431', 'hex');

let host: Host;
let root: string;

beforeAll(async () => {
  host = await startHost({ seed: 'empty' });
  root = realpathSync(mkdtempSync(join(tmpdir(), 'vidlift-cli-watch-')));
});

afterAll(async () => {
  await host?.close();
  rmSync(root, { recursive: true, force: true });
});

const video = (path: string, fill: number) => writeFileSync(path, Buffer.concat([MP4_HEAD, Buffer.alloc(40_000, fill)]));

/** Runs `watch`; `step` is told each new stderr/stdout and answers true to stop the watch with Ctrl-C. */
function watch(dir: string, step: (stderr: string, stdout: string) => boolean): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env = { PATH: process.env.PATH ?? '', HOME: root, VIDLIFT_BASE_URL: host.baseUrl, VIDLIFT_API_KEY: host.apiKey, VIDLIFT_DATA_DIR: join(root, 'data') };
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [MAIN, 'watch', dir, '--settle', '0.2'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let stopped = false;
    const look = (): void => {
      if (!stopped && step(stderr, stdout)) {
        stopped = true;
        child.kill('SIGINT');
      }
    };
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      look();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      look();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('error', fail);
    child.once('exit', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
  });
}

describe('vidlift-cli watch and symbolic links', () => {
  it('uploads the real file and never the file a link in the folder points to', async () => {
    const dir = join(root, 'watched');
    const outside = join(root, 'private');
    mkdirSync(dir);
    mkdirSync(outside);
    video(join(outside, 'secret.mp4'), 1);
    video(join(outside, 'also-secret.mp4'), 2);
    let made = false;
    let second = false;
    const run = await watch(dir, (stderr, stdout) => {
      if (!made && /watching/i.test(stderr)) {
        made = true;
        // Links made while watched, then a real file; a second real file once the first is
        // queued: by then the links (noticed before either) were looked at long ago.
        symlinkSync(join(outside, 'secret.mp4'), join(dir, 'link.mp4'));
        symlinkSync(outside, join(dir, 'linked-folder'));
        video(join(dir, 'real.mp4'), 3);
      }
      if (!second && stdout.includes('queued real.mp4')) {
        second = true;
        video(join(dir, 'real-2.mp4'), 4);
      }
      return stdout.includes('queued real-2.mp4');
    });
    expect(run.stdout.match(/queued .*/g)).toEqual(['queued real.mp4', 'queued real-2.mp4']);
  });
});
