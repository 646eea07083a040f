import { describe, expect, it } from 'vitest';
import { describeMedia, formatBitrate, formatClock } from '../../../../renderer/src/lib/media-format.ts';

describe('media facts in words', () => {
  it('writes lengths as a clock', () => {
    expect(formatClock(7.4)).toBe('0:07');
    expect(formatClock(125)).toBe('2:05');
    expect(formatClock(3723)).toBe('1:02:03');
  });

  it('writes bitrates in kbit/s or Mbit/s', () => {
    expect(formatBitrate(381_367)).toBe('381 kbit/s');
    expect(formatBitrate(6_565_490)).toBe('6.6 Mbit/s');
  });

  it('joins the known facts and leaves out the unknown', () => {
    const media = { container: 'MPEG-4', durationSeconds: 6, width: 640, height: 360, videoCodec: 'AVC', audioCodec: 'AAC', bitrate: 1_600_000 };
    expect(describeMedia(media)).toBe('0:06 · 640 × 360 · AVC / AAC · 1.6 Mbit/s');
    expect(describeMedia({ ...media, audioCodec: null, bitrate: null, width: null })).toBe('0:06 · AVC');
    expect(describeMedia({ container: null, durationSeconds: null, width: null, height: null, videoCodec: null, audioCodec: null, bitrate: null })).toBeNull();
    expect(describeMedia(null)).toBeNull();
  });
});
