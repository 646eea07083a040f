// The startup bench's idle RSS figures (test/bench/support/startup-page.ts): a step down is not
// growth, a steady climb is, and a climb after a drop counts from the low point.
import { describe, expect, it } from 'vitest';
import { largestRise, rssTrend } from '../../../bench/support/startup-page.ts';

const MIB = 1024 * 1024;
const readings = (mib: number[]) => mib.map((value, i) => ({ seconds: i * 2, bytes: value * MIB }));

describe('idle RSS figures', () => {
  it('reads a flat run with one step down as no growth, and its trend as falling', () => {
    const samples = readings([257, 257, 257, 257, 222, 222, 222]);
    expect(largestRise(samples)).toBe(0);
    expect(rssTrend(samples)).toBeLessThan(0);
  });

  it('reads a steady climb as growth, and its trend as its rate', () => {
    const samples = readings([100, 101, 102, 103, 104]);
    expect(largestRise(samples) / MIB).toBe(4);
    expect(rssTrend(samples) / MIB).toBeCloseTo(0.5); // 1 MiB per reading, a reading every 2 s
  });

  it('counts a climb from the lowest reading before it', () => {
    expect(largestRise(readings([200, 150, 160, 155, 170])) / MIB).toBe(20);
    expect(largestRise([]) + rssTrend([])).toBe(0);
  });
});
