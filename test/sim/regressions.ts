// Seeds of schedules that broke an invariant in the real code, each kept after its fix:
// `npm run sim` runs them first, so the bug they found stays fixed.
export const REGRESSION_SEEDS: readonly number[] = [];
