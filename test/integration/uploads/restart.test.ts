// The app dies (SIGKILL) in the middle of transfers, one of them waiting for the file
// server's reply with the video already created. Started again on the same database,
// every job completes exactly once.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startHost, type Host } from '../../host/index.ts';
import { openDatabase } from '../../../electron/core/db/database.ts';
import type { ChildConfig } from './engine-child.ts';
import { until, writeVideo } from './helpers.ts';

const CHILD = fileURLToPath(new URL('./engine-child.ts', import.meta.url));

interface ChildJob {
  id: number;
  name: string;
  state: string;
  bytesSent: number;
  restarted: boolean;
}

function runChild(config: ChildConfig): { child: ChildProcess; latest: () => ChildJob[]; exited: Promise<number | null> } {
  const child = spawn(process.execPath, [CHILD, JSON.stringify(config)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let jobs: ChildJob[] = [];
  let buffer = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    let newline = buffer.indexOf('\n');
    while (newline >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      const message = JSON.parse(line) as { type: string; jobs?: ChildJob[] };
      if (message.jobs) jobs = message.jobs;
      newline = buffer.indexOf('\n');
    }
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, latest: () => jobs, exited };
}

let host: Host | undefined;
let dir: string | undefined;
let running: ChildProcess | undefined;
afterEach(async () => {
  running?.kill('SIGKILL');
  await host?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  host = undefined;
  dir = undefined;
});

describe('restart after a crash', () => {
  it('completes every job exactly once after SIGKILL mid-transfer and mid-reply', async () => {
    host = await startHost({ seed: 'empty' });
    dir = mkdtempSync(join(tmpdir(), 'vidlift-restart-'));
    const dbFile = join(dir, 'account.sqlite');
    const folderId = host.control.addFolder({ name: 'Crash' }).id;
    // The first file's reply trickles out byte by byte: its video exists, the job sits in
    // `finishing` when the process dies.
    host.control.setFaults([{ route: 'FILES', kind: 'drip', times: 1, dripMs: 200 }]);
    const files = [0, 1, 2, 3].map((i) => writeVideo(dir!, `crash-${i}.mp4`, i === 0 ? 50_000 : 1_500_000));
    const first = runChild({
      dbFile,
      baseUrl: host.baseUrl,
      apiKey: host.apiKey,
      add: { paths: files.map((f) => f.path), folderId },
      bandwidthLimit: 600_000,
      concurrency: 3,
    });
    running = first.child;
    await until(() => {
      const jobs = first.latest();
      // The host has created the first video and is still trickling out its reply.
      const created = host!.control.uploadsReceived() === 1;
      return created && jobs.some((job) => job.state === 'finishing') && jobs.some((job) => job.state === 'uploading' && job.bytesSent > 0);
    }, 'one job finishing with its video created, one uploading');
    first.child.kill('SIGKILL');
    await first.exited;
    expect(host.control.uploadsReceived()).toBe(1);
    host.control.setFaults([]);

    const second = runChild({ dbFile, baseUrl: host.baseUrl, apiKey: host.apiKey, exitWhenDone: true });
    running = second.child;
    expect(await second.exited).toBe(0);

    const videos = host.control.videos();
    expect(videos).toHaveLength(4);
    for (const file of files) expect(videos.filter((v) => v.sha256 === file.sha256 && v.folderId === folderId)).toHaveLength(1);
    expect(host.control.uploadsReceived()).toBe(4);

    const db = openDatabase(dbFile);
    const rows = db.prepare('SELECT name, state, restarted FROM upload_jobs ORDER BY id').all() as { name: string; state: string; restarted: number }[];
    db.close();
    expect(rows.every((row) => row.state === 'done')).toBe(true);
    // The finishing one and the ones mid-transfer say they started again.
    expect(rows.filter((row) => row.restarted === 1).length).toBeGreaterThanOrEqual(2);
  });
});
