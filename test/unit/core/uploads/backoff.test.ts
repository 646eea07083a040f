import { describe, expect, it } from 'vitest';
import { backoffDelay } from '../../../../electron/core/api/retry.ts';

// The upload engine's retry waits use the client's backoff with its own policy.
describe('backoffDelay with the upload policy', () => {
  const policy = { baseMs: 1_000, capMs: 30_000 };
  it('grows exponentially up to the cap, with full jitter', () => {
    expect(backoffDelay(policy, 1, () => 0.999)).toBe(999);
    expect(backoffDelay(policy, 3, () => 0.5)).toBe(2_000);
    expect(backoffDelay(policy, 20, () => 0.999)).toBe(29_970);
    expect(backoffDelay(policy, 5, () => 0)).toBe(0);
  });
});
