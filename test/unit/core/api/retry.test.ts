import { describe, expect, it } from 'vitest';
import { backoffDelay, DEFAULT_RETRY_POLICY, withRetry } from '../../../../electron/core/api/retry.ts';

describe('backoffDelay', () => {
  const policy = { maxAttempts: 10, baseMs: 250, capMs: 5_000 };

  it('is full jitter under an exponential ceiling', () => {
    expect(backoffDelay(policy, 1, () => 0.999999)).toBe(249);
    expect(backoffDelay(policy, 2, () => 0.5)).toBe(250);
    expect(backoffDelay(policy, 3, () => 0.5)).toBe(500);
    expect(backoffDelay(policy, 1, () => 0)).toBe(0);
  });

  it('never passes the cap', () => {
    expect(backoffDelay(policy, 20, () => 0.999999)).toBe(4_999);
  });
});

describe('withRetry', () => {
  it('retries up to maxAttempts with the computed waits, then throws the last error', async () => {
    const waits: number[] = [];
    let calls = 0;
    const run = withRetry(
      async (n) => {
        calls++;
        throw new Error(`fail ${n}`);
      },
      { policy: DEFAULT_RETRY_POLICY, shouldRetry: () => true, random: () => 0.5, sleep: async (ms) => void waits.push(ms) },
    );
    await expect(run).rejects.toThrow('fail 3');
    expect(calls).toBe(3);
    expect(waits).toEqual([125, 250]);
  });

  it('stops at once when a failure may not be retried', async () => {
    let calls = 0;
    const run = withRetry(
      async () => {
        calls++;
        throw new Error('refused');
      },
      { policy: DEFAULT_RETRY_POLICY, shouldRetry: () => false, sleep: async () => undefined },
    );
    await expect(run).rejects.toThrow('refused');
    expect(calls).toBe(1);
  });

  it('returns the first success', async () => {
    let calls = 0;
    const value = await withRetry(
      async () => {
        calls++;
        if (calls < 2) throw new Error('once');
        return 'ok';
      },
      { policy: DEFAULT_RETRY_POLICY, shouldRetry: () => true, random: () => 0, sleep: async () => undefined },
    );
    expect(value).toBe('ok');
    expect(calls).toBe(2);
  });
});
