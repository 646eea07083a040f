// Seeds of schedules that broke an invariant in the real code, each kept after its fix:
// `npm run sim` runs them first, so the bug they found stays fixed.
export const REGRESSION_SEEDS: readonly number[] = [
  // A request sent with the key the person just replaced came back refused and marked the new key refused: the queue held for good (api/pipeline.ts).
  62,
  // A file changed on disk after its body may have arrived read "changed", though its video was on the service (uploads/job-runner.ts).
  37,
  // A cancel between the last chunk and the end of the body stopped a transfer whose video had arrived: "cancelled" beside a video (uploads/engine.ts).
  6,
  // A disk full while noting a failed fetch rejected the account refresh and ended every sync pass awaiting it (library/account-cache.ts).
  4,
  // A local write failure mid-replay left a change "sending" until a restart, out of reach of Retry and Discard (library/outbox/outbox.ts).
  97,
  // A database write refused after the body arrived failed the job for good beside its video (uploads/job-runner.ts).
  58,
  // Writing a failed upload's outcome failed too: the job stayed "uploading" until a restart (uploads/job-runner.ts).
  214,
  // A file server's 200 reply cut short after it stored the file failed the job for good beside its video (uploads/transfer.ts).
  1587,
  // A job whose body may have arrived could be moved to another folder, where the look for its video missed it (uploads/engine.ts).
  1397,
  // A change stopped by a refusal of the key just replaced waited for a reconnect that never came: the connection read online (library/outbox/outbox.ts).
  540,
  // A cancel held back until a running transfer's body was known arrived; the reply then came back unreadable or lost, and the job read cancelled beside its video (uploads/job-transitions.ts, job-runner.ts).
  2073, 2672, 2770, 5324, 6096, 7923,
  // A waiting or failed job whose body may have arrived (a reply lost) was cancelled without looking for its video: cancelled beside it (uploads/job-transitions.ts, job-runner.ts).
  627, 5766, 5818,
];
