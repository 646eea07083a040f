// Shrinking a broken schedule with fast-check: the schedule is its seed and the steps kept
// (each step draws from its own stream, schedule.ts, so leaving one out changes no other).
// fast-check starts from the whole schedule and looks for the fewest steps that still break
// an invariant; the answer replays with `--keep`.
import fc from 'fast-check';
import { runSchedule } from './schedule.ts';

/** The fewest steps of `seed`'s schedule (of `steps`) that still break, or null when none smaller is found. */
export async function shrinkSchedule(seed: number, steps: number, scratch: string): Promise<number[] | null> {
  const all = Array.from({ length: steps }, (_, i) => i);
  let smallest: number[] | null = null;
  const result = await fc.check(
    fc.asyncProperty(fc.subarray(all), async (kept) => {
      const outcome = await runSchedule(seed, { scratch, keep: new Set(kept) });
      if (outcome.broken.length > 0 && (smallest === null || kept.length < smallest.length)) smallest = kept;
      return outcome.broken.length === 0;
    }),
    // Only the schedule that broke, then its shrinking: nothing random is generated.
    { examples: [[all]], numRuns: 1, seed, interruptAfterTimeLimit: 120_000, markInterruptAsFailure: false },
  );
  return result.failed ? smallest : null;
}
