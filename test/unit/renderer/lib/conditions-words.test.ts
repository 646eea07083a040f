// The upload conditions in words (renderer/src/lib/conditions-words.ts): the limit in force
// with until when, and why the queue waits.
import { describe, expect, it } from 'vitest';
import { formatWhen, limitText, waitingSentence, waitingShort } from '../../../../renderer/src/lib/conditions-words.ts';

const M = 1024 * 1024;
const today = (hour: number, minute = 0): number => new Date(2026, 10, 24, hour, minute).getTime();
const tomorrow = (hour: number): number => new Date(2026, 10, 25, hour, 0).getTime();
const clock = (at: number): string => new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' }).format(new Date(at));

describe('the conditions in words', () => {
  it('says the limit in force and until when, today by its time and another day with its weekday', () => {
    expect(limitText({ rate: 1 * M, until: today(19), source: 'timetable' }, today(9))).toBe(`1 MB/s until ${clock(today(19))}`);
    expect(limitText({ rate: null, until: tomorrow(8), source: 'timetable' }, today(23))).toBe(`No limit until ${formatWhen(tomorrow(8), today(23))}`);
    expect(formatWhen(tomorrow(8), today(23))).toMatch(new RegExp(`\\S+ ${clock(tomorrow(8))}$`));
    expect(limitText({ rate: 2 * M, until: null, source: 'limit' }, today(9))).toBe('2 MB/s');
    expect(limitText({ rate: null, until: null, source: 'limit' }, today(9))).toBeNull();
  });

  it('says why uploads wait and when that ends', () => {
    expect(waitingShort({ code: 'on-battery', until: null }, today(9))).toBe('Paused on battery');
    expect(waitingShort({ code: 'outside-window', until: today(23) }, today(9))).toBe(`Waiting for the upload window · opens ${clock(today(23))}`);
    expect(waitingSentence({ code: 'outside-window', until: null }, today(9))).toMatch(/no upload window is open on any day/);
  });
});
