// Runs one reliability run in this process and writes its result as JSON to the file the
// runner named (RELIABILITY_RESULT). A crash of this process is the runner's to count: an
// uncaught exception or unhandled rejection here is recorded as a crash, not swallowed.
import { writeFileSync } from 'node:fs';
import type { RunResult } from './common.ts';
import { isRunName, loadRun } from './runs.ts';

const name = process.argv[2] ?? '';
const resultFile = process.env.RELIABILITY_RESULT;
const crashes: string[] = [];

process.on('uncaughtException', (error) => {
  crashes.push(`uncaught exception: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
});
process.on('unhandledRejection', (reason) => {
  crashes.push(`unhandled rejection: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`);
});

async function main(): Promise<void> {
  if (!isRunName(name)) throw new Error(`unknown run ${name}`);
  const run = await loadRun(name);
  const result: RunResult = await run.execute();
  if (crashes.length > 0) {
    result.totals.crashes = (result.totals.crashes ?? 0) + crashes.length;
    result.problems.push(...crashes.map((c) => `${name}: ${c.split('\n').slice(0, 6).join('\n')}`));
  }
  if (resultFile) writeFileSync(resultFile, JSON.stringify(result));
  else process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${name}: could not execute: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(2);
  },
);
