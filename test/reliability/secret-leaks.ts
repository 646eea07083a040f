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

/** Files and folders in the app's own data and log folders that other users of the machine could read. */
function readableByOthers(root: string): string[] {
  if (process.platform === 'win32') return [];
  const loose: string[] = [];
  const visit = (path: string): void => {
    let info;
    try {
      info = statSync(path);
    } catch {
      return;
    }
    const mode = info.mode & 0o777;
    if (mode & 0o077) loose.push(`${path.slice(root.length)} (mode ${mode.toString(8)})`);
    if (info.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  // The folders the core made, not the copy the child took while the database was open.
  for (const folder of ['data', 'logs']) visit(join(root, folder));
  return loose;
}

interface Round {
  scanned: number;
  leaks: number;
  events: number;
  sessions: number;
  secrets: number;
  outputBytes: number;
  viaCore: boolean;
}

/**
 * One round of work and its scan. With `echo`, the service quotes the key in every error
 * message and the file server refuses each upload quoting its session, so what servers say is
 * stored, emitted and answered to the renderer: it must arrive there redacted.
 */
async function round(echo: boolean, problems: string[]): Promise<Round> {
  const label = echo ? 'leaks (echoing servers)' : 'leaks';
  const dir = tempDir(echo ? 'leaks-echo' : 'leaks');
  const apiKey = randomApiKey();
  const secrets = new Map<string, string>([[apiKey, 'api key']]);
  const host = await startHost({ seed: 'demo', apiKey, rngSeed: 13, remoteWorker: { enabled: false }, echoSecrets: echo });
  const proxy = await startRecordingProxy(host.baseUrl, (route, body) => {
    if (route !== 'GET /v1/upload') return;
    const session = (JSON.parse(body) as { session?: unknown }).session;
    if (typeof session === 'string') secrets.set(session, 'upload session');
  });
  let output = '';
  let scanned = 0;
  let leaks = 0;
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
    if (code !== 0) problems.push(`${label}: the core process ended with ${code}: ${output.slice(-600)}`);
    if (!output.includes('finished')) problems.push(`${label}: the round of work did not finish`);
    const events = output.split('\n').filter((l) => l.startsWith('EVENT ')).length;
    const sessions = [...secrets.values()].filter((k) => k === 'upload session').length;
    if (sessions === 0) problems.push(`${label}: no upload session was handed out, so the scan for sessions proves nothing`);
    if (events === 0) problems.push(`${label}: no renderer event was seen, so the scan of events proves nothing`);
    if (echo && !output.includes('[redacted]')) problems.push(`${label}: nothing echoed was seen redacted, so the echo round proves nothing`);

    // Let the last checkpoint-less writes of the WAL stay as they are: the -wal file is scanned as is.
    const files = filesUnder(config.root);
    for (const file of files) {
      scanned++;
      for (const hit of findLeaks(readFileSync(file), file.slice(config.root.length), secrets)) {
        leaks++;
        problems.push(`${label}: the ${hit.secretKind} is in ${hit.where} (${hit.form})`);
      }
    }
    for (const hit of findLeaks(output, 'the process output and renderer events', secrets)) {
      leaks++;
      const line = output.split('\n').find((l) => findLeaks(l, '', new Map([[[...secrets].find(([, k]) => k === hit.secretKind)?.[0] ?? '', '']])).length > 0);
      problems.push(`${label}: the ${hit.secretKind} is in ${hit.where} (${hit.form})${line ? `: ${line.slice(0, 160)}` : ''}`);
    }
    if (!files.some((f) => f.endsWith('.db') || f.endsWith('.sqlite') || f.endsWith('-wal'))) problems.push(`${label}: no database file was found to scan`);
    for (const loose of readableByOthers(config.root)) problems.push(`${label}: ${loose} is readable by other users of the machine`);
    return { scanned, leaks, events, sessions, secrets: secrets.size, outputBytes: output.length, viaCore: output.includes('via createCore') };
  } finally {
    await proxy.close();
    await host.close();
    dir.remove();
  }
}

export const secretLeaksRun: ReliabilityRun = {
  name: 'leaks',
  proves: 'the API key and the upload sessions never reach a file, a log, a renderer event or the process output, even when the servers echo them back',
  async execute(): Promise<RunResult> {
    assertLeakScanWorks();
    const problems: string[] = [];
    const plain = await round(false, problems);
    const echoed = await round(true, problems);
    const leaks = plain.leaks + echoed.leaks;
    return {
      summary: summaryLine('leaks', {
        files_scanned: plain.scanned + echoed.scanned,
        output_bytes: plain.outputBytes + echoed.outputBytes,
        events: plain.events + echoed.events,
        secrets: plain.secrets + echoed.secrets,
        sessions: plain.sessions + echoed.sessions,
        hits: leaks,
        echo_hits: echoed.leaks,
        via: plain.viaCore && echoed.viaCore ? 'createCore' : 'modules',
      }),
      totals: { leaks },
      problems,
    };
  },
};
