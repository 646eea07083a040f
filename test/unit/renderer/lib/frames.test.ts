import { describe, expect, it } from 'vitest';
import { blackSkipTimes, fitWithin, formatPosition, meanLuma, suggestionTimes } from '../../../../renderer/src/lib/frames.ts';

describe('frames', () => {
  it('fits a frame within 1600 x 1200 keeping its aspect ratio, never enlarging it', () => {
    expect(fitWithin(3840, 2160)).toEqual({ width: 1600, height: 900 });
    expect(fitWithin(1080, 1920)).toEqual({ width: 675, height: 1200 });
    expect(fitWithin(2000, 1500)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(640, 360)).toEqual({ width: 640, height: 360 });
  });

  it('spaces six suggestions evenly, each in the middle of its slot', () => {
    expect(suggestionTimes(60)).toEqual([5, 15, 25, 35, 45, 55]);
    expect(suggestionTimes(0)).toEqual([]);
    expect(suggestionTimes(Number.NaN)).toEqual([]);
  });

  it('looks later within the slot past black frames, never past the end', () => {
    expect(blackSkipTimes(0.5, 1, 6)).toEqual([0.5, 0.75, 1, 1.25]);
    expect(blackSkipTimes(5.5, 1, 6)).toEqual([5.5, 5.75, 5.95, 5.95]);
  });

  it('measures the mean luma of RGBA pixels', () => {
    expect(meanLuma(new Uint8ClampedArray([0, 0, 0, 255, 0, 0, 0, 255]))).toBe(0);
    expect(meanLuma(new Uint8ClampedArray([255, 255, 255, 255]))).toBeCloseTo(255);
    expect(meanLuma(new Uint8ClampedArray([255, 0, 0, 255]))).toBeCloseTo(76.245);
  });

  it('writes positions with tenths', () => {
    expect(formatPosition(2.5)).toBe('0:02.5');
    expect(formatPosition(75.04)).toBe('1:15.0');
  });
});
