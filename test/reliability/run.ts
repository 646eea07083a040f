// `npm run test:reliability`: the reliability and security suite. Each run goes in its own
// Node process (a run that crashes or hangs cannot take the others down), prints one line of
// figures, and the last line adds them up. Exits non-zero on any loss, duplicate, crash,
// leak, attack not refused, broken promise, or run that could not execute.
//
//   node test/reliability/run.ts              every run
//   node test/reliability/run.ts chaos fuzz   only these
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { emptyTotals, tempDir, TOTAL_KEYS, type RunResult, type Totals } from './common.ts';
import { isRunName, RUN_NAMES, type RunName } from './runs.ts';

/** A run that has not ended by then is stopped and counted as not executed. */
const RUN_TIMEOUT_MS = 240_000;

interface Outcome {
  name: RunName;
  result: RunResult | null;
  why: string | null;
}

function selectRuns(args: readonly string[]): RunName[] {
  if (args.length === 0) return [...RUN_NAMES];
  const unknown = args.filter((a) => !isRunName(a));
  if (unknown.length > 0) {
    process.stderr.write(`unknown run(s): ${unknown.join(', ')}; known: ${RUN_NAMES.join(', ')}\n`);
    process.exit(2);
  }
  return args.filter(isRunName);
}

function runInChild(name: RunName, folder: string): Promise<Outcome> {
  const resultFile = join(folder, `${name}.json`);
  const script = join(import.meta.dirname, 'run-one.ts');
  return new Promise((resolve) => {
    // Its own process group, so a hung run is stopped with every process it started.
    const child = spawn(process.execPath, [script, name], {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, RELIABILITY_RESULT: resultFile },
      detached: true,
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid !== undefined) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }, RUN_TIMEOUT_MS);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (timedOut) return resolve({ name, result: null, why: `did not end within ${RUN_TIMEOUT_MS / 1000} s` });
      if (!existsSync(resultFile)) return resolve({ name, result: null, why: `exited with ${signal ?? `code ${code}`} before reporting` });
      try {
        const result = JSON.parse(readFileSync(resultFile, 'utf8')) as RunResult;
        rmSync(resultFile, { force: true });
        resolve({ name, result, why: null });
      } catch (error) {
        resolve({ name, result: null, why: `its report could not be read (${String(error)})` });
      }
    });
  });
}

async function main(): Promise<void> {
  const names = selectRuns(process.argv.slice(2));
  const folder = tempDir('runner');
  const totals: Totals = emptyTotals();
  const problems: string[] = [];
  let notExecuted = 0;
  try {
    for (const name of names) {
      const started = Date.now();
      const outcome = await runInChild(name, folder.path);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (!outcome.result) {
        notExecuted++;
        problems.push(`${name}: could not execute: ${outcome.why ?? 'unknown'}`);
        process.stdout.write(`${name}: NOT EXECUTED (${outcome.why ?? 'unknown'}) in ${seconds}s\n`);
        continue;
      }
      process.stdout.write(`${outcome.result.summary} (${seconds}s)\n`);
      for (const key of TOTAL_KEYS) totals[key] += outcome.result.totals[key] ?? 0;
      problems.push(...outcome.result.problems);
    }
  } finally {
    folder.remove();
  }
  if (problems.length > 0) {
    process.stdout.write(`\n${problems.length} problem(s):\n`);
    for (const problem of problems.slice(0, 60)) process.stdout.write(`  - ${problem}\n`);
    if (problems.length > 60) process.stdout.write(`  ... and ${problems.length - 60} more\n`);
  }
  process.stdout.write(`reliability: ${TOTAL_KEYS.map((key) => `${key}=${totals[key]}`).join(' ')}\n`);
  const failed = notExecuted > 0 || problems.length > 0 || totals.lost + totals.duplicates + totals.crashes + totals.leaks > 0 || totals.refused < totals.attacks;
  process.exit(failed ? 1 : 0);
}

void main();
