// Issue 31 section 6: `upload --json` is NDJSON a script follows while the upload runs. The
// real command line as a child process against the sandbox host; its stdout read line by
// line as it comes: queued first, progress while the child is still running (at most four a
// second per file), done with its links, failed with a code and message, the summary last.
// And a bad --bwlimit timetable exits 2 naming the bad part.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHost, type Host } from '../../host/index.ts';
import { CLI_MAIN, MP4_HEAD, cliRunner, video } from './run-cli.ts';


let host: Host;
let root: string;

beforeAll(async () => {
  host = await startHost({ seed: 'empty' });
  root = mkdtempSync(join(tmpdir(), 'vidlift-cli-json-'));
});

afterAll(async () => {
  await host?.close();
  rmSync(root, { recursive: true, force: true });
});


interface Line {
  event: string;
  /** When the test read it, and whether the child was still running then. */
  readAt: number;
  childRunning: boolean;
  [field: string]: unknown;
}

describe('upload --json', () => {
  it('writes one event per line as the upload runs: queued, progress (at most 4 a second per file), done with links, failed with code and message, then the summary', async () => {
    const dir = join(root, 'files');
    mkdirSync(dir, { recursive: true });
    const slow = video(join(dir, 'slow.mp4'), 400_000);
    // Changed while it waits its turn (below): it is not sent, and ends as a failure.
    const refused = video(join(dir, 'notes.mp4'), 20_000);
    const quick = video(join(dir, 'quick.mp4'), 30_000);
    const env = { PATH: process.env.PATH ?? '', HOME: root, VIDLIFT_BASE_URL: host.baseUrl, VIDLIFT_API_KEY: host.apiKey, VIDLIFT_DATA_DIR: join(root, 'data') };
    const child = spawn(process.execPath, [CLI_MAIN, 'upload', slow, refused, quick, '--json', '--concurrency', '1', '--bwlimit', '128k'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const killer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    const lines: Line[] = [];
    for await (const text of createInterface({ input: child.stdout })) {
      // Each line is a JSON document on its own.
      const parsed = JSON.parse(text) as { event: string };
      lines.push({ ...parsed, readAt: performance.now(), childRunning: child.exitCode === null });
      // The first file is being sent: the second changes on disk before its turn.
      if (parsed.event === 'progress' && lines.filter((l) => l.event === 'progress').length === 1) appendFileSync(refused, randomBytes(1000));
    }
    const code = await exited;
    clearTimeout(killer);
    expect(code, stderr).toBe(1);

    const kinds = lines.map((line) => line.event);
    expect(kinds.slice(0, 3)).toEqual(['queued', 'queued', 'queued']);
    expect(kinds.at(-1)).toBe('summary');
    expect(new Set(kinds)).toEqual(new Set(['queued', 'progress', 'done', 'failed', 'summary']));
    expect(lines.find((l) => l.event === 'queued' && l.path === slow)).toMatchObject({ name: 'slow.mp4', size: 400_000 + MP4_HEAD.length, alreadyUploaded: false });

    // Followed while it runs: progress came while the child was still running, and grew.
    const slowProgress = lines.filter((l) => l.event === 'progress' && l.path === slow);
    expect(slowProgress.length).toBeGreaterThan(3);
    expect(slowProgress.every((l) => l.childRunning)).toBe(true);
    const sent = slowProgress.map((l) => l.bytesSent as number);
    expect(sent).toEqual([...sent].sort((a, b) => a - b));
    // At most four a second per file: over the time they came in, with one for the start.
    const seconds = (slowProgress.at(-1)!.readAt - slowProgress[0]!.readAt) / 1000;
    expect(slowProgress.length).toBeLessThanOrEqual(Math.ceil(seconds * 4) + 1);

    const done = lines.filter((l) => l.event === 'done');
    expect(done.map((l) => l.name).sort()).toEqual(['quick.mp4', 'slow.mp4']);
    for (const line of done) {
      expect(line.videoId).toMatch(/^\w{12}$/);
      expect(String(line.downloadUrl)).toContain(host.baseUrl);
      expect(String(line.embedUrl)).toContain(host.baseUrl);
    }
    const failed = lines.filter((l) => l.event === 'failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ path: refused, name: 'notes.mp4', code: 'changed' });
    expect(String(failed[0]!.message).length).toBeGreaterThan(0);

    const summary = lines.at(-1)!;
    expect(summary.summary).toMatchObject({ notUploaded: 1 });
    expect((summary.uploads as Array<{ name: string; state: string }>).map((u) => [u.name, u.state]).sort()).toEqual([
      ['notes.mp4', 'changed'],
      ['quick.mp4', 'done'],
      ['slow.mp4', 'done'],
    ]);
  }, 120_000);

  it('a bad --bwlimit timetable exits 2 and names the bad part, before anything is sent', async () => {
    const file = video(join(root, 'bad-limit.mp4'), 10_000);
    const env = { VIDLIFT_BASE_URL: host.baseUrl, VIDLIFT_API_KEY: host.apiKey, VIDLIFT_DATA_DIR: join(root, 'data-bad') };
    const before = host.control.uploadsReceived();
    const run = await cliRunner(root)(['upload', '--bwlimit', '25:00,1M', file], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--bwlimit: "25:00": the hour must be from 00 to 23');
    const weekday = await cliRunner(root)(['upload', '--bwlimit', 'Mon-00:00,512 Funday-23:59,off', file], env);
    expect(weekday.code).toBe(2);
    expect(weekday.stderr).toContain('"Funday"');
    expect(host.control.uploadsReceived()).toBe(before);
  });
});
