// `npm run sim`: runs seeded schedules of the simulated world (schedule.ts) and prints
//   simulation: schedules=N faults=M crashes=K invariants_broken=0 slowest_ms=X
// A broken schedule prints its seed and the command that replays it; fast-check then
// shrinks it to the fewest steps that still break. Options:
//   --schedules N   how many (default 10,000; nights: 1,000,000)
//   --first N       the first seed of the run (default 1)
//   --workers N     processes running schedules side by side (default: the cores, at most 4)
//   --seed N        replay one seed (with --verbose: its whole trace)
//   --keep 0,4,9    with --seed: only these steps of its schedule (what shrinking found)
// Beside the run (while its workers start): the seeds of bugs found before (regressions.ts,
// said on their own line, any broken one breaks the run), and one seed replayed twice, whose
// traces must be the same byte for byte.
import { fork } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { REGRESSION_SEEDS } from './regressions.ts';
import { runSchedule } from './schedule.ts';
import { shrinkSchedule } from './shrink.ts';
import { installSyncFs } from './sync-fs.ts';
import { useFileCheckWorker } from '../../electron/core/uploads/file-check-thread.ts';
import { installSimulatedDurability } from './durability.ts';

const { values } = parseArgs({
  options: {
    schedules: { type: 'string', default: '10000' },
    first: { type: 'string', default: '1' },
    workers: { type: 'string' },
    seed: { type: 'string' },
    keep: { type: 'string' },
    verbose: { type: 'boolean', default: false },
    'no-shrink': { type: 'boolean', default: false },
    /** Internal: this process is one worker; it answers its totals as one JSON line. */
    worker: { type: 'boolean', default: false },
  },
});

/** What a run of schedules adds up to. */
interface Totals {
  schedules: number;
  faults: number;
  crashes: number;
  broken: number;
  slowestMs: number;
  /** Broken schedules: seed and first broken invariant. */
  failures: Array<{ seed: number; steps: number; what: string }>;
}

const scratch = join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), `vidlift-sim-${process.pid}`);
mkdirSync(scratch, { recursive: true });
installSyncFs();
// A drop's files are checked inline, not on the file-check thread: its answers would come
// whenever the thread finished, and a seed would not replay.
useFileCheckWorker(null);
installSimulatedDurability();
// A rejection the core leaves unhandled is counted by the schedule; Node's warning about one
// handled later says nothing more.
process.on('rejectionHandled', () => undefined);

async function runSeeds(seeds: readonly number[], stopAfter: number): Promise<Totals> {
  const totals: Totals = { schedules: 0, faults: 0, crashes: 0, broken: 0, slowestMs: 0, failures: [] };
  for (const seed of seeds) {
    const started = performance.now();
    const result = await runSchedule(seed, { scratch });
    totals.slowestMs = Math.max(totals.slowestMs, performance.now() - started);
    totals.schedules++;
    totals.faults += result.faults;
    totals.crashes += result.crashes;
    if (result.broken.length > 0) {
      totals.broken++;
      totals.failures.push({ seed, steps: result.steps, what: result.broken[0]! });
      if (totals.broken >= stopAfter) break;
    }
  }
  return totals;
}

function inWorker(first: number, count: number): Promise<Totals> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL(import.meta.url).pathname, ['--worker', '--first', String(first), '--schedules', String(count)], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = out.trim().split('\n').at(-1) ?? '';
      try {
        resolve(JSON.parse(line) as Totals);
      } catch {
        reject(new Error(`a simulation worker ended (code ${code}) without its totals: ${out.slice(-500)}`));
      }
    });
  });
}

/** One seed replayed twice: the same trace, byte for byte, or the simulation is not deterministic. */
async function checkReplay(seed: number): Promise<string | null> {
  const once = (await runSchedule(seed, { scratch })).trace.join('\n');
  const twice = (await runSchedule(seed, { scratch })).trace.join('\n');
  if (once === twice) return null;
  const a = once.split('\n');
  const b = twice.split('\n');
  const at = a.findIndex((line, i) => line !== b[i]);
  return `seed ${seed} replayed differently at line ${at + 1}: “${a[at] ?? ''}” then “${b[at] ?? ''}”`;
}

async function main(): Promise<number> {
  if (values.seed !== undefined) {
    const seed = Number(values.seed);
    const keep = values.keep === undefined ? undefined : new Set(values.keep.split(',').filter(Boolean).map(Number));
    const result = await runSchedule(seed, { scratch, ...(keep ? { keep } : {}) });
    if (values.verbose) for (const line of result.trace) console.log(line);
    console.log(`simulation: schedules=1 faults=${result.faults} crashes=${result.crashes} invariants_broken=${result.broken.length} slowest_ms=0`);
    return result.broken.length === 0 ? 0 : 1;
  }
  const count = Number(values.schedules);
  const first = Number(values.first);
  if (values.worker) {
    const totals = await runSeeds(Array.from({ length: count }, (_, i) => first + i), 3);
    process.stdout.write(`${JSON.stringify(totals)}\n`);
    return 0;
  }

  // The run, split over the workers; meanwhile this process replays one seed twice and runs
  // the seeds of bugs found before (the workers start up in the meantime).
  const workers = Math.max(1, Math.min(Number(values.workers ?? Math.min(4, availableParallelism())), count));
  const share = Math.ceil(count / workers);
  const running = Promise.all(
    Array.from({ length: workers }, (_, w) => {
      const from = first + w * share;
      const n = Math.min(share, first + count - from);
      return n > 0 ? inWorker(from, n) : Promise.resolve(null);
    }),
  );
  const replay = await checkReplay(first);
  const regressions = await runSeeds(REGRESSION_SEEDS, Infinity);
  console.log(`regressions: seeds=${regressions.schedules} invariants_broken=${regressions.broken}`);
  const parts = await running;
  if (replay !== null) {
    console.log(`simulation: not deterministic: ${replay}`);
    return 1;
  }
  // The line counts the run's schedules; a broken regression breaks the run all the same.
  const totals: Totals = { schedules: 0, faults: 0, crashes: 0, broken: regressions.broken, slowestMs: 0, failures: [...regressions.failures] };
  for (const part of parts) {
    if (!part) continue;
    totals.schedules += part.schedules;
    totals.faults += part.faults;
    totals.crashes += part.crashes;
    totals.broken += part.broken;
    totals.slowestMs = Math.max(totals.slowestMs, part.slowestMs);
    totals.failures.push(...part.failures);
  }
  for (const failure of totals.failures) {
    console.log(`schedule ${failure.seed} broke: ${failure.what}`);
    console.log(`  replay: npm run sim -- --seed ${failure.seed} --verbose`);
  }
  const firstFailure = totals.failures[0];
  if (firstFailure && !values['no-shrink']) {
    const smallest = await shrinkSchedule(firstFailure.seed, firstFailure.steps, scratch);
    if (smallest !== null) console.log(`  shrunk from ${firstFailure.steps} to ${smallest.length} steps: npm run sim -- --seed ${firstFailure.seed} --keep ${smallest.join(',')} --verbose`);
  }
  console.log(
    `simulation: schedules=${totals.schedules} faults=${totals.faults} crashes=${totals.crashes} invariants_broken=${totals.broken} slowest_ms=${Math.round(totals.slowestMs)}`,
  );
  return totals.broken === 0 ? 0 : 1;
}

main().then(
  (code) => {
    rmSync(scratch, { recursive: true, force: true });
    process.exit(code);
  },
  (error: unknown) => {
    console.error(error);
    rmSync(scratch, { recursive: true, force: true });
    process.exit(2);
  },
);
