// Seeds of schedules that broke an invariant in the real code, each kept after its fix:
// `npm run sim` runs them first, so the bug they found stays fixed.
export const REGRESSION_SEEDS: readonly number[] = [
  // A request sent with the key the person just replaced came back refused and marked the new key refused: the queue held for good (api/pipeline.ts).
  62,
  // A file changed on disk after its body may have arrived read "changed", though its video was on the service (uploads/job-runner.ts).
  37,
  // A cancel between the last chunk and the end of the body stopped a transfer whose video had arrived: "cancelled" beside a video (uploads/engine.ts).
  6,
];
