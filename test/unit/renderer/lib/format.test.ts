import { describe, expect, it } from 'vitest';
import { baseName, explainError, formatAge, formatBytes, formatCount, formatDate, formatDuration, formatKb, parseServiceTime, percent } from '../../../../renderer/src/lib/format.ts';
import { ERROR_CODES } from '../../../../shared/errors.ts';

describe('formatBytes', () => {
  it('picks the unit a person expects', () => {
    expect(formatBytes(0, 'en')).toBe('0 bytes');
    expect(formatBytes(1536, 'en')).toBe('1.5 KB');
    expect(formatBytes(734 * 1024 * 1024, 'en')).toBe('734 MB');
    expect(formatBytes(2.25 * 1024 ** 3, 'en')).toBe('2.3 GB');
    expect(formatKb(1024 * 1024, 'en')).toBe('1 GB');
  });
  it('shows a dash for nonsense', () => {
    expect(formatBytes(-1)).toBe('—');
    expect(formatBytes(Number.NaN)).toBe('—');
  });
});

describe('formatters made once', () => {
  it('each locale and options keeps its own: one format never answers for another', () => {
    const date = '2024-05-01 10:00:00';
    expect([formatDate(date, 'en-US'), formatDate(date, 'de-DE'), formatDate(date, 'en-US')]).toEqual(['May 1, 2024', '01.05.2024', 'May 1, 2024']);
    expect([formatCount(1234567, 'en'), formatCount(1234567, 'de'), formatBytes(1536, 'de'), formatBytes(1536, 'en')]).toEqual(['1,234,567', '1.234.567', '1,5 KB', '1.5 KB']);
    expect(formatBytes(2.25 * 1024 ** 3, 'en')).toBe('2.3 GB'); // a unit with other fraction digits than the one before
    expect(formatBytes(12.5 * 1024 ** 3, 'en')).toBe('13 GB');
  });
});

describe('formatDuration', () => {
  it('reads as seconds, minutes, hours, days', () => {
    expect(formatDuration(42)).toBe('42 s');
    expect(formatDuration(125)).toBe('2 min 5 s');
    expect(formatDuration(3725)).toBe('1 h 2 min');
    expect(formatDuration(3 * 86400)).toBe('3 days');
    expect(formatDuration(null)).toBe('—');
  });
});

describe('parseServiceTime', () => {
  it('reads the service timestamp as local time', () => {
    const d = parseServiceTime('2024-03-05 14:07:09');
    expect(d && [d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds()]).toEqual([2024, 2, 5, 14, 7, 9]);
    expect(parseServiceTime('2024-03-05')?.getDate()).toBe(5);
    expect(parseServiceTime('yesterday')).toBeNull();
  });
});

describe('formatAge', () => {
  it('says how old data is', () => {
    const now = 1_700_000_000_000;
    expect(formatAge(null, now)).toBe('not loaded yet');
    expect(formatAge(now - 10_000, now, 'en')).toBe('just now');
    expect(formatAge(now - 5 * 60_000, now, 'en')).toBe('5 minutes ago');
    expect(formatAge(now - 26 * 3600_000, now, 'en')).toBe('yesterday');
  });
});

describe('explainError', () => {
  it('gives every code a next step and keeps the readable message', () => {
    for (const code of ERROR_CODES) {
      const e = explainError({ code, message: 'Something specific.' });
      expect(e.text).toBe('Something specific.');
      expect(e.next.length).toBeGreaterThan(10);
    }
  });
  it('falls back to a sentence by code when the message is empty', () => {
    expect(explainError({ code: 'offline', message: '' }).text).toMatch(/could not be reached/);
  });
});

it('percent and baseName', () => {
  expect(percent(5, 10)).toBe(50);
  expect(percent(5, 0)).toBe(0);
  expect(percent(20, 10)).toBe(100);
  expect(baseName('C:\\videos\\trip.mp4')).toBe('trip.mp4');
  expect(baseName('/home/a/b.mov')).toBe('b.mov');
});
