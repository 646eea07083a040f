// Capped exponential backoff with full jitter: a random wait in [0, min(cap, base·2^n)),
// so many clients failing together do not come back together.
export interface BackoffPolicy {
  baseMs: number;
  capMs: number;
}

export function backoffDelay(attempt: number, policy: BackoffPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.floor(random() * ceiling);
}
