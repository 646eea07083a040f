// Run 2, crash loop: the process running the upload engine and the outbox is SIGKILLed over
// and over at chosen kinds of moments (just after a call returned, mid-transfer, mid-replay)
// and restarted on the same database each time, while the sandbox host (here, in the parent)
// lives on. Every round: the database passes `PRAGMA integrity_check`, every acknowledged
// job and folder is still there, and nothing is left "running" once the next process has
// opened it. At the end, after a last process is let finish: every acknowledged file is on
// the service exactly once, every acknowledged folder exactly once.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { DatabaseSync } from 'node:sqlite';
import { startHost } from '../host/index.ts';
import { makeVideo } from './chaos.ts';
import { randomApiKey, seededRandom, summaryLine, tempDir, type ReliabilityRun, type RunResult } from './common.ts';
import type { CrashChildConfig } from './crash-child.ts';

const KILL_ROUNDS = 22;
const FILES = 24;
const FILES_PER_ROUND = 3;
const FOLDERS_PER_ROUND = 2;
const BANDWIDTH = 3 * 1024 * 1024;
const SEED = 77;
/** If the chosen moment does not come, the kill happens anyway after this long. */
const TRIGGER_WAIT_MS = 2_500;
const SETTLE_WITHIN_MS = 90_000;

type Moment = 'queueing' | 'transfer' | 'replay';
const MOMENTS: readonly Moment[] = ['queueing', 'transfer', 'replay'];

interface ChildLine {
  t: string;
  kind?: string;
  path?: string;
  name?: string;
  active?: number;
  sending?: number;
  runningAfterOpen?: number;
  sendingAfterOpen?: number;
}

interface RoundOutcome {
  killedAt: Moment | 'timeout';
  exitedOnItsOwn: string | null;
  ready: ChildLine | null;
}

function startChild(config: CrashChildConfig): { child: ChildProcess; lines: AsyncIterable<string>; stderr: () => string } {
  const child = spawn(process.execPath, [join(import.meta.dirname, 'crash-child.ts'), JSON.stringify(config)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    err = (err + chunk.toString('utf8')).slice(-4_000);
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  return { child, lines, stderr: () => err };
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/** Reads the child's lines, records acknowledgements, and SIGKILLs it at the chosen moment. */
async function killRound(config: CrashChildConfig, moment: Moment, random: () => number, acked: { uploads: Set<string>; folders: Set<string> }): Promise<RoundOutcome> {
  const { child, lines, stderr } = startChild(config);
  const outcome: RoundOutcome = { killedAt: 'timeout', exitedOnItsOwn: null, ready: null };
  let killed = false;
  const kill = (why: Moment | 'timeout', delayMs: number): void => {
    if (killed) return;
    killed = true;
    outcome.killedAt = why;
    setTimeout(() => child.kill('SIGKILL'), delayMs);
  };
  const fallback = setTimeout(() => kill('timeout', 0), TRIGGER_WAIT_MS);
  const ended = exited(child);
  for await (const raw of lines) {
    let line: ChildLine;
    try {
      line = JSON.parse(raw) as ChildLine;
    } catch {
      continue;
    }
    if (line.t === 'ready') outcome.ready = line;
    // An acknowledgement counts from the moment it is printed, even if the kill follows at once.
    if (line.t === 'ack' && line.kind === 'upload' && line.path) acked.uploads.add(line.path);
    if (line.t === 'ack' && line.kind === 'folder' && line.name) acked.folders.add(line.name);
    if (moment === 'queueing' && line.t === 'ack') kill('queueing', Math.floor(random() * 30));
    if (moment === 'transfer' && line.t === 'uploads' && (line.active ?? 0) > 0) kill('transfer', Math.floor(random() * 300));
    if (moment === 'replay' && line.t === 'outbox' && (line.sending ?? 0) > 0) kill('replay', Math.floor(random() * 40));
  }
  clearTimeout(fallback);
  const { code, signal } = await ended;
  if (signal !== 'SIGKILL') outcome.exitedOnItsOwn = `exit ${code ?? signal}: ${stderr().trim().split('\n').slice(-5).join(' | ')}`;
  return outcome;
}

/** After a kill: is the file sound, and is every acknowledged change in it? */
function inspect(dbFile: string, acked: { uploads: Set<string>; folders: Set<string> }): { integrity: string; missingUploads: string[]; missingFolders: string[] } {
  const db = new DatabaseSync(dbFile);
  try {
    const integrity = (db.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[]).map((r) => r.integrity_check).join(', ');
    const hasJobs = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'upload_jobs'").get() !== undefined;
    const hasFolders = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'lib_folders'").get() !== undefined;
    const paths = new Set(hasJobs ? (db.prepare('SELECT path FROM upload_jobs').all() as { path: string }[]).map((r) => r.path) : []);
    const names = new Set<string>();
    if (hasFolders) {
      for (const row of db.prepare('SELECT name, local_name FROM lib_folders').all() as { name: string; local_name: string | null }[]) {
        names.add(row.name);
        if (row.local_name) names.add(row.local_name);
      }
    }
    return {
      integrity,
      missingUploads: [...acked.uploads].filter((p) => !paths.has(p)),
      missingFolders: [...acked.folders].filter((n) => !names.has(n)),
    };
  } finally {
    db.close();
  }
}

export const crashLoopRun: ReliabilityRun = {
  name: 'crash',
  proves: 'SIGKILL at any moment never corrupts the database, never loses an acknowledged upload or outbox change, and never makes a duplicate on the service',
  async execute(): Promise<RunResult> {
    const problems: string[] = [];
    const dir = tempDir('crash');
    const random = seededRandom(SEED);
    const apiKey = randomApiKey();
    const host = await startHost({ seed: 'empty', apiKey, rngSeed: SEED, latencyMs: 20 });
    const dbFile = join(dir.path, 'data', 'account.db');
    const acked = { uploads: new Set<string>(), folders: new Set<string>() };
    const offered = new Set<string>();
    const kills: Record<string, number> = { queueing: 0, transfer: 0, replay: 0, timeout: 0 };
    let crashes = 0;
    let rounds = 0;
    try {
      const files = new Map<string, string>();
      for (let i = 0; i < FILES; i++) {
        const bytes = makeVideo(random, 700 * 1024 + Math.floor(random() * 1024 * 1024));
        const path = join(dir.path, `crash-${String(i + 1).padStart(2, '0')}.mp4`);
        writeFileSync(path, bytes);
        files.set(path, createHash('sha256').update(bytes).digest('hex'));
      }
      const base = { dbFile, baseUrl: host.baseUrl, apiKey, bandwidthLimit: BANDWIDTH };

      for (let round = 0; round < KILL_ROUNDS; round++) {
        // Files not yet acknowledged are offered again (queueing the same file twice is refused by the app).
        const paths = [...files.keys()].filter((p) => !acked.uploads.has(p)).slice(0, FILES_PER_ROUND);
        for (const p of paths) offered.add(p);
        const folders = Array.from({ length: FOLDERS_PER_ROUND }, (_, i) => `crash r${round} f${i}`);
        const moment = MOMENTS[round % MOMENTS.length] ?? 'queueing';
        const outcome = await killRound({ ...base, paths, folders, settle: false }, moment, random, acked);
        rounds++;
        kills[outcome.killedAt] = (kills[outcome.killedAt] ?? 0) + 1;
        if (outcome.exitedOnItsOwn) {
          crashes++;
          problems.push(`crash: round ${round}: the core process died on its own (${outcome.exitedOnItsOwn})`);
          if (!outcome.ready) break; // it cannot even start: more rounds would say the same
        }
        if (outcome.ready && ((outcome.ready.runningAfterOpen ?? 0) > 0 || (outcome.ready.sendingAfterOpen ?? 0) > 0)) {
          problems.push(`crash: round ${round}: after opening, ${outcome.ready.runningAfterOpen} upload(s) and ${outcome.ready.sendingAfterOpen} outbox item(s) were still marked running`);
        }
        const state = inspect(dbFile, acked);
        if (state.integrity !== 'ok') problems.push(`crash: round ${round}: integrity_check says ${state.integrity}`);
        for (const p of state.missingUploads) problems.push(`crash: round ${round}: the acknowledged upload ${p} is gone from the queue`);
        for (const n of state.missingFolders) problems.push(`crash: round ${round}: the acknowledged folder “${n}” is gone`);
      }

      // The last process offers what is left and is let finish.
      const rest = [...files.keys()].filter((p) => !acked.uploads.has(p));
      const { child, lines, stderr } = startChild({ ...base, paths: rest, folders: [], bandwidthLimit: null, settle: true });
      const timer = setTimeout(() => child.kill('SIGKILL'), SETTLE_WITHIN_MS);
      let settled = false;
      for await (const raw of lines) {
        if (raw.includes('"t":"ack"')) {
          const line = JSON.parse(raw) as ChildLine;
          if (line.kind === 'upload' && line.path) acked.uploads.add(line.path);
        }
        if (raw.includes('"t":"ready"')) {
          const line = JSON.parse(raw) as ChildLine;
          if ((line.runningAfterOpen ?? 0) > 0 || (line.sendingAfterOpen ?? 0) > 0) problems.push('crash: final open: rows still marked running');
        }
        if (raw.includes('"t":"settled"')) settled = true;
      }
      clearTimeout(timer);
      const end = await exited(child);
      if (!settled) {
        crashes += end.signal === 'SIGKILL' ? 0 : 1;
        problems.push(`crash: the last process did not finish within ${SETTLE_WITHIN_MS / 1000} s (${end.signal ?? end.code}): ${stderr().slice(-400)}`);
      }
      const final = inspect(dbFile, acked);
      if (final.integrity !== 'ok') problems.push(`crash: final integrity_check says ${final.integrity}`);

      // The service's records decide.
      const db = new DatabaseSync(dbFile);
      let jobs: { path: string; state: string; video_id: string | null; error_message: string | null }[] = [];
      try {
        jobs = db.prepare('SELECT path, state, video_id, error_message FROM upload_jobs').all() as typeof jobs;
      } catch (error) {
        problems.push(`crash: the upload queue cannot be read at the end: ${String(error)}`);
      } finally {
        db.close();
      }
      const videos = host.control.videos();
      const hostFolders = host.control.folders();
      let lost = 0;
      let duplicates = 0;
      let uploaded = 0;
      for (const [path, sha] of files) {
        const copies = videos.filter((v) => v.sha256 === sha).length;
        if (copies > 1) {
          duplicates += copies - 1;
          problems.push(`crash: ${path} is on the service ${copies} times`);
        }
        if (!acked.uploads.has(path)) continue;
        const job = jobs.find((j) => j.path === path);
        if (job?.state === 'done' && copies === 1) uploaded++;
        else if (job?.state === 'failed') problems.push(`crash: ${path} failed: ${job.error_message ?? '?'}`);
        else {
          lost++;
          problems.push(`crash: acknowledged ${path} ended ${job?.state ?? 'without a job'} with ${copies} cop${copies === 1 ? 'y' : 'ies'} on the service`);
        }
      }
      for (const name of acked.folders) {
        const count = hostFolders.filter((f) => f.name === name).length;
        if (count === 0) {
          lost++;
          problems.push(`crash: the acknowledged folder “${name}” never reached the service`);
        }
      }
      const byName = new Map<string, number>();
      for (const f of hostFolders) byName.set(f.name, (byName.get(f.name) ?? 0) + 1);
      for (const [name, count] of byName) {
        if (count > 1) {
          duplicates += count - 1;
          problems.push(`crash: the folder “${name}” was created ${count} times on the service`);
        }
      }
      return {
        summary: summaryLine('crash', {
          rounds,
          kills_queueing: kills.queueing ?? 0,
          kills_transfer: kills.transfer ?? 0,
          kills_replay: kills.replay ?? 0,
          kills_fallback: kills.timeout ?? 0,
          acked_uploads: acked.uploads.size,
          acked_folders: acked.folders.size,
          uploaded,
          lost,
          duplicates,
          crashes,
        }),
        totals: { crash_rounds: rounds, uploads: acked.uploads.size, lost, duplicates, crashes },
        problems,
      };
    } finally {
      await host.close();
      dir.remove();
    }
  },
};
