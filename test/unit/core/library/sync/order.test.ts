import { describe, expect, it } from 'vitest';
import { quickSeqs, sweepSeqs } from '../../../../../electron/core/library/sync/order.ts';

describe('sweepSeqs', () => {
  it('numbers a complete newest-first listing down to 1', () => {
    expect(sweepSeqs(4, 4)).toEqual([4, 3, 2, 1]);
  });

  it('numbers a page of it from its offset, the same as the whole listing does', () => {
    expect([...sweepSeqs(7, 3, 0), ...sweepSeqs(7, 3, 3), ...sweepSeqs(7, 1, 6)]).toEqual(sweepSeqs(7, 7));
    expect(sweepSeqs(7, 3, 3)).toEqual([4, 3, 2]);
  });
});

describe('quickSeqs', () => {
  const known = new Map([
    ['c', 3],
    ['b', 2],
    ['a', 1],
  ]);

  it('puts new videos on top, newest highest, and keeps known places', () => {
    expect(quickSeqs(['e', 'd', 'c', 'b'], known, 3)).toEqual([5, 4, 3, 2]);
  });

  it('places a video an earlier sync missed between its known neighbours', () => {
    const seqs = quickSeqs(['c', 'x', 'b'], known, 3);
    expect(seqs[0]).toBe(3);
    expect(seqs[1]).toBeGreaterThan(2);
    expect(seqs[1]).toBeLessThan(3);
    expect(seqs[2]).toBe(2);
  });

  it('orders a run of unknown videos at the bottom below the last known one', () => {
    const seqs = quickSeqs(['a', 'y', 'z'], known, 3);
    expect(seqs[0]).toBe(1);
    expect(seqs[1]!).toBeLessThan(1);
    expect(seqs[2]!).toBeLessThan(seqs[1]!);
  });

  it('treats a listing with nothing known as all new', () => {
    expect(quickSeqs(['q', 'p'], new Map(), 10)).toEqual([12, 11]);
  });
});
