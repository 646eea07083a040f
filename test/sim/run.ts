// `npm run sim`: runs seeded schedules of the simulated world (schedule.ts) and prints
//   simulation: schedules=N faults=M crashes=K invariants_broken=0 slowest_ms=X
// A broken schedule prints its seed and the command that replays it; fast-check then
// shrinks it to the fewest steps that still break. Options:
//   --schedules N   how many (default 10,000; nights: 1,000,000)
//   --seed N        replay one seed (with --verbose: its whole trace)
//   --first N       the first seed of the run (default 1)
//   --keep 0,4,9    with --seed: only these steps of its schedule (what shrinking found)
import { mkdirSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { shrinkSchedule } from './shrink.ts';
import { runSchedule, type ScheduleResult } from './schedule.ts';
import { installSyncFs } from './sync-fs.ts';
import { REGRESSION_SEEDS } from './regressions.ts';

const { values } = parseArgs({
  options: {
    schedules: { type: 'string', default: '10000' },
    seed: { type: 'string' },
    first: { type: 'string', default: '1' },
    keep: { type: 'string' },
    verbose: { type: 'boolean', default: false },
    'no-shrink': { type: 'boolean', default: false },
  },
});

const scratch = join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), `vidlift-sim-${process.pid}`);
mkdirSync(scratch, { recursive: true });
installSyncFs();

function replayLine(result: ScheduleResult): string {
  return `npm run sim -- --seed ${result.seed} --verbose`;
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
  let faults = 0;
  let crashes = 0;
  let brokenSchedules = 0;
  let slowest = 0;
  // The seeds of bugs found before run first: each must stay fixed.
  const seeds = [...REGRESSION_SEEDS, ...Array.from({ length: count }, (_, i) => first + i)];
  let ran = 0;
  for (const seed of seeds) {
    const started = performance.now();
    const result = await runSchedule(seed, { scratch });
    slowest = Math.max(slowest, performance.now() - started);
    ran++;
    faults += result.faults;
    crashes += result.crashes;
    if (result.broken.length > 0) {
      brokenSchedules++;
      console.log(`schedule ${seed} broke: ${result.broken[0]}`);
      console.log(`  replay: ${replayLine(result)}`);
      if (!values['no-shrink'] && brokenSchedules === 1) {
        const smallest = await shrinkSchedule(seed, result.steps, scratch);
        if (smallest !== null) console.log(`  shrunk from ${result.steps} to ${smallest.length} steps: npm run sim -- --seed ${seed} --keep ${smallest.join(',')} --verbose`);
      }
      if (brokenSchedules >= 3) break;
    }
  }
  console.log(`simulation: schedules=${ran} faults=${faults} crashes=${crashes} invariants_broken=${brokenSchedules} slowest_ms=${Math.round(slowest)}`);
  return brokenSchedules === 0 ? 0 : 1;
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
