// Run 6, secret leak scan: a full round of work with a random per-run API key, then every
// file in the app's data and log folders (the database and its -wal included), every event
// sent towards the renderer and everything the process wrote to stdout/stderr are searched
// for the key and for every upload session the service handed out, in plain, base64, hex
// and URL-encoded form. The sessions are collected by a recording proxy in front of the
// host's API (independent of the app's own bookkeeping of its secrets). 0 hits.
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startHost } from '../host/index.ts';
import { makeVideo } from './chaos.ts';
import { assertLeakScanWorks, findLeaks, randomApiKey, seededRandom, summaryLine, tempDir, type ReliabilityRun, type RunResult } from './common.ts';
import { startRecordingProxy } from './hostile-servers.ts';
import type { LeakChildConfig } from './leak-child.ts';

const CHILD_WITHIN_MS = 60_000;

function filesUnder(folder: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(folder);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const path = join(folder, name);
    const info = statSync(path);
    return info.isDirectory() ? filesUnder(path) : info.isFile() ? [path] : [];
  });
}

export const secretLeaksRun: ReliabilityRun = {
  name: 'leaks',
  proves: 'the API key and the upload sessions never reach a file, a log, a renderer event or the process output',
  async execute(): Promise<RunResult> {
    assertLeakScanWorks();
    const problems: string[] = [];
    const dir = tempDir('leaks');
    const apiKey = randomApiKey();
    const secrets = new Map<string, string>([[apiKey, 'api key']]);
    const host = await startHost({ seed: 'demo', apiKey, rngSeed: 13, remoteWorker: { enabled: false } });
    const proxy = await startRecordingProxy(host.baseUrl, (route, body) => {
      if (route !== 'GET /v1/upload') return;
      const session = (JSON.parse(body) as { session?: unknown }).session;
      if (typeof session === 'string') secrets.set(session, 'upload session');
    });
    let output = '';
    let scanned = 0;
    let leaks = 0;
    let events = 0;
    try {
      const random = seededRandom(13);
      const videos = [1, 2, 3].map((i) => join(dir.path, 'picked', `leak-${i}.mp4`));
      mkdirSync(join(dir.path, 'picked'), { recursive: true });
      for (const path of videos) writeFileSync(path, makeVideo(random, 300 * 1024));
      const videoId = host.control.videos()[0]?.id ?? '';
      const config: LeakChildConfig = { root: join(dir.path, 'app'), baseUrl: proxy.url, apiKey, videos, videoId };
      const child = spawn(process.execPath, [join(import.meta.dirname, 'leak-child.ts'), JSON.stringify(config)], { stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString('utf8');
      });
      child.stderr.on('data', (chunk: Buffer) => {
        output += chunk.toString('utf8');
      });
      const timer = setTimeout(() => child.kill('SIGKILL'), CHILD_WITHIN_MS);
      const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
      clearTimeout(timer);
      if (code !== 0) problems.push(`leaks: the core process ended with ${code}: ${output.slice(-600)}`);
      if (!output.includes('finished')) problems.push('leaks: the round of work did not finish');
      events = output.split('\n').filter((l) => l.startsWith('EVENT ')).length;
      const sessions = [...secrets.values()].filter((k) => k === 'upload session').length;
      if (sessions === 0) problems.push('leaks: no upload session was handed out, so the scan for sessions proves nothing');
      if (events === 0) problems.push('leaks: no renderer event was seen, so the scan of events proves nothing');

      // Let the last checkpoint-less writes of the WAL stay as they are: the -wal file is scanned as is.
      const files = filesUnder(config.root);
      for (const file of files) {
        scanned++;
        for (const hit of findLeaks(readFileSync(file), file.slice(config.root.length), secrets)) {
          leaks++;
          problems.push(`leaks: the ${hit.secretKind} is in ${hit.where} (${hit.form})`);
        }
      }
      for (const hit of findLeaks(output, 'the process output and renderer events', secrets)) {
        leaks++;
        const line = output.split('\n').find((l) => findLeaks(l, '', new Map([[[...secrets].find(([, k]) => k === hit.secretKind)?.[0] ?? '', '']])).length > 0);
        problems.push(`leaks: the ${hit.secretKind} is in ${hit.where} (${hit.form})${line ? `: ${line.slice(0, 160)}` : ''}`);
      }
      if (!files.some((f) => f.endsWith('.db') || f.endsWith('-wal'))) problems.push('leaks: no database file was found to scan');
      return {
        summary: summaryLine('leaks', {
          files_scanned: scanned,
          output_bytes: output.length,
          events,
          secrets: secrets.size,
          sessions,
          hits: leaks,
          via: output.includes('via createCore') ? 'createCore' : 'modules',
        }),
        totals: { leaks },
        problems,
      };
    } finally {
      await proxy.close();
      await host.close();
      dir.remove();
    }
  },
};
