// Retries with capped full-jitter exponential backoff (AWS architecture blog, "Exponential
// Backoff And Jitter"): each wait is uniform in [0, min(cap, base * 2^n)), which spreads
// clients that failed together instead of having them hammer the service in lock-step.
// Only the caller knows whether a request is safe to repeat; this module only waits.

/** The shape of the waits: the first one's ceiling, doubling up to the cap. */
export interface BackoffPolicy {
  baseMs: number;
  capMs: number;
}

export interface RetryPolicy extends BackoffPolicy {
  /** Attempts in total, the first one included. */
  maxAttempts: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 3, baseMs: 250, capMs: 5_000 };

/** No retries at all (probes, one-off checks). */
export const NO_RETRY: RetryPolicy = { maxAttempts: 1, baseMs: 0, capMs: 0 };

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** The wait before retry number `retry` (1 = the first retry). `random` returns [0, 1). */
export function backoffDelay(policy: BackoffPolicy, retry: number, random: () => number): number {
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, retry - 1));
  return Math.floor(random() * ceiling);
}

/** A sleep that ends early (rejecting with the signal's reason) when the signal aborts. */
export const realSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

export interface RetryOptions {
  policy: RetryPolicy;
  /** Whether this failure may be retried after waiting `delayMs` (the caller checks deadlines here). */
  shouldRetry: (error: unknown, attempt: number, delayMs: number) => boolean;
  random?: () => number;
  sleep?: Sleep;
  signal?: AbortSignal;
  /** Called before each wait (for logging). */
  onRetry?: (error: unknown, attempt: number, delayMs: number) => void;
}

/** Runs `attempt(n)` (n from 1) until it succeeds, a failure may not be retried, or attempts run out. */
export async function withRetry<T>(attempt: (n: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const random = options.random ?? Math.random;
  const sleep = options.sleep ?? realSleep;
  for (let n = 1; ; n++) {
    try {
      return await attempt(n);
    } catch (error) {
      if (n >= options.policy.maxAttempts) throw error;
      const delay = backoffDelay(options.policy, n, random);
      if (!options.shouldRetry(error, n, delay)) throw error;
      options.onRetry?.(error, n, delay);
      await sleep(delay, options.signal);
    }
  }
}
