import { describe, expect, it } from 'vitest';
import { backoffDelay } from '../../../../electron/core/uploads/backoff.ts';

describe('backoffDelay', () => {
  const policy = { baseMs: 1_000, capMs: 30_000 };
  it('grows exponentially up to the cap, with full jitter', () => {
    expect(backoffDelay(1, policy, () => 0.999)).toBe(999);
    expect(backoffDelay(3, policy, () => 0.5)).toBe(2_000);
    expect(backoffDelay(20, policy, () => 0.999)).toBe(29_970);
    expect(backoffDelay(5, policy, () => 0)).toBe(0);
  });
});
