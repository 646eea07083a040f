// The timetable parser on rclone's own examples (fs/bwtimetable_test.go and the --bwlimit
// docs), the limit in force at a moment, and bad inputs with the part their error names.
// Moments are built in local time, as the timetable is read.
import { describe, expect, it } from 'vitest';
import { describeTimetableProblem, formatTimetable, limitAt, parseTimetable, timetableFromGrid, weekGrid, type Timetable } from '../../../shared/bandwidth-timetable.ts';

const K = 1024;
const M = 1024 * 1024;

function parsed(text: string): Timetable {
  const result = parseTimetable(text);
  if (!result.ok) throw new Error(`did not parse: ${describeTimetableProblem(result.problem)}`);
  return result.timetable;
}

/** A local moment in the week of Sunday 2026-11-22 (day 0 = that Sunday). */
function at(day: number, hour: number, minute = 0, second = 0): number {
  return new Date(2026, 10, 22 + day, hour, minute, second).getTime();
}

describe('the rclone forms', () => {
  it.each([
    ['0', null],
    ['off', null],
    ['OFF', null],
    ['666', 666 * K],
    ['666:333', 666 * K],
    ['10M:100k', 10 * M],
    ['512k', 512 * K],
    ['1.5M', 1.5 * M],
    ['1G', 1024 * M],
    ['20000b', 20_000],
    ['10Mi', 10 * M],
    ['10MiB', 10 * M],
    ['off:10M', null],
  ])('a single value %s is one limit all week (the upload side of a pair)', (text, rate) => {
    const timetable = parsed(text);
    expect(timetable.entries).toEqual([{ day: null, minute: 0, rate }]);
    expect(limitAt(timetable, at(3, 12))).toEqual({ rate, until: null });
  });

  it('10:20,666 is every day from 10:20 (rclone expands it to each weekday)', () => {
    const timetable = parsed('10:20,666');
    expect(timetable.entries).toEqual([{ day: null, minute: 10 * 60 + 20, rate: 666 * K }]);
    expect(weekGrid(timetable).every((day) => day.every((rate) => rate === 666 * K))).toBe(true);
  });

  it('the docs’ daily timetable: 08:00,512k 12:00,10M 13:00,512k 18:00,30M 23:00,off', () => {
    const timetable = parsed('08:00,512k 12:00,10M 13:00,512k 18:00,30M 23:00,off');
    expect(timetable.entries.map((e) => [e.minute, e.rate])).toEqual([
      [8 * 60, 512 * K],
      [12 * 60, 10 * M],
      [13 * 60, 512 * K],
      [18 * 60, 30 * M],
      [23 * 60, null],
    ]);
    // Before the first entry of a day, the last of the day before still holds (off).
    expect(limitAt(timetable, at(2, 7, 59))).toEqual({ rate: null, until: at(2, 8) });
    expect(limitAt(timetable, at(2, 8))).toEqual({ rate: 512 * K, until: at(2, 12) });
    expect(limitAt(timetable, at(2, 12, 30, 15))).toEqual({ rate: 10 * M, until: at(2, 13) });
    expect(limitAt(timetable, at(2, 18, 59))).toEqual({ rate: 30 * M, until: at(2, 23) });
    // Sunday before 08:00: Saturday 23:00's "off" wraps round the week.
    expect(limitAt(timetable, at(0, 3))).toEqual({ rate: null, until: at(0, 8) });
  });

  it('the issue’s weekly timetable: Mon-00:00,512 Fri-23:59,off', () => {
    const timetable = parsed('Mon-00:00,512 Fri-23:59,off');
    expect(timetable.entries).toEqual([
      { day: 1, minute: 0, rate: 512 * K },
      { day: 5, minute: 23 * 60 + 59, rate: null },
    ]);
    expect(limitAt(timetable, at(3, 9))).toEqual({ rate: 512 * K, until: at(5, 23, 59) });
    expect(limitAt(timetable, at(6, 9))).toEqual({ rate: null, until: at(8, 0) });
    expect(limitAt(timetable, at(0, 23, 59))).toEqual({ rate: null, until: at(1, 0) });
  });

  it('the docs’ weekly timetable with four entries, and a mix of daily and weekly entries', () => {
    const weekly = parsed('Mon-00:00,512 Fri-23:59,10M Sat-10:00,1M Sun-20:00,off');
    expect(limitAt(weekly, at(6, 9)).rate).toBe(10 * M);
    expect(limitAt(weekly, at(6, 10)).rate).toBe(1 * M);
    expect(limitAt(weekly, at(0, 21))).toEqual({ rate: null, until: at(1, 0) });
    const mixed = parsed('Mon-00:00,512 12:00,1M Sun-20:00,off');
    expect(limitAt(mixed, at(1, 11)).rate).toBe(512 * K);
    expect(limitAt(mixed, at(1, 12)).rate).toBe(1 * M);
    expect(limitAt(mixed, at(0, 21)).rate).toBeNull();
    expect(limitAt(mixed, at(0, 13)).rate).toBe(1 * M);
  });

  it('rclone’s pairs per entry take the upload side: 11:00,333:666 13:40,666:off 23:50,10M:1M 23:59,off:10M', () => {
    const timetable = parsed('11:00,333:666 13:40,666:off 23:50,10M:1M 23:59,off:10M');
    expect(timetable.entries.map((e) => e.rate)).toEqual([333 * K, 666 * K, 10 * M, null]);
  });

  it('semicolons separate entries as spaces do (rclone 1.68)', () => {
    expect(parsed('08:00,512k;23:00,off')).toEqual(parsed('08:00,512k 23:00,off'));
  });

  it('the same rate on both sides of a boundary is no change: until names the next real change', () => {
    const timetable = parsed('08:00,1M 12:00,1M 19:00,off');
    expect(limitAt(timetable, at(2, 9))).toEqual({ rate: 1 * M, until: at(2, 19) });
  });

  it('writes itself back as the text it came from (the grid edits the same text)', () => {
    for (const text of ['08:00,512k 12:00,10M 13:00,512k 18:00,30M 23:00,off', 'Mon-00:00,512k Fri-23:59,off', '10M', 'off']) expect(formatTimetable(parsed(text))).toBe(text);
  });
});

describe('bad timetables name the bad part', () => {
  it.each([
    ['', 'empty', ''],
    ['25:00,1M', 'hour', '25:00'],
    ['10:61,1M', 'minute', '10:61'],
    ['bad', 'rate', 'bad'],
    ['1000X', 'rate', '1000X'],
    ['bad,bad', 'time', 'bad'],
    ['bad bad', 'entry', 'bad'],
    ['2401,666', 'time', '2401'],
    ['1061,666', 'time', '1061'],
    ['bad-10:20,666', 'day', 'bad'],
    ['Mon-bad,666', 'time', 'bad'],
    ['Mon-10:20,bad', 'rate', 'bad'],
    ['08:00,512k 12:00 18:00,off', 'entry', '12:00'],
    ['08:00,512k,1M', 'entry', '08:00,512k,1M'],
    ['08:00,1b', 'too-low', '1b'],
    ['08:00,1M:nope', 'rate', 'nope'],
    ['Funday-08:00,1M', 'day', 'Funday'],
  ])('%j: %s, naming %j', (text, reason, part) => {
    const result = parseTimetable(text);
    expect(result).toEqual({ ok: false, problem: { reason, part } });
    if (!result.ok && part !== '') expect(describeTimetableProblem(result.problem)).toContain(`"${part}"`);
  });

  it('the words say what is wrong with the part', () => {
    const result = parseTimetable('08:00,512k 25:00,1M');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(describeTimetableProblem(result.problem)).toBe('"25:00": the hour must be from 00 to 23');
  });
});

describe('the Settings week grid', () => {
  it('paints the rate in force at each hour, and writes a painted grid back as a timetable that paints the same', () => {
    const daily = parsed('08:00,512k 12:00,10M 13:00,512k 18:00,30M 23:00,off');
    const grid = weekGrid(daily);
    expect(grid[3]!.slice(7, 14)).toEqual([null, 512 * K, 512 * K, 512 * K, 512 * K, 10 * M, 512 * K]);
    expect(timetableFromGrid(grid)).toBe('08:00,512k 12:00,10M 13:00,512k 18:00,30M 23:00,off');

    const painted = grid.map((day) => [...day]);
    painted[6]!.fill(1 * M);
    const text = timetableFromGrid(painted);
    // The days alike stay entries for every day; Saturday says what differs.
    expect(text).toBe('08:00,512k 12:00,10M 13:00,512k 18:00,30M 23:00,off Sat-00:00,1M Sat-08:00,1M Sat-12:00,1M Sat-13:00,1M Sat-18:00,1M Sat-23:00,1M Sun-00:00,off');
    expect(weekGrid(parsed(text))).toEqual(painted);

    // One painted hour: one entry with its day, and one that goes back.
    const onePainted = grid.map((day) => [...day]);
    onePainted[6]![10] = 1 * M;
    expect(timetableFromGrid(onePainted)).toBe('08:00,512k 12:00,10M 13:00,512k 18:00,30M 23:00,off Sat-10:00,1M Sat-11:00,512k');
    expect(weekGrid(parsed(timetableFromGrid(onePainted)))).toEqual(onePainted);
  });

  it('a grid of one rate is that rate alone', () => {
    expect(timetableFromGrid(Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 2 * M)))).toBe('2M');
    expect(timetableFromGrid(Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => null)))).toBe('off');
  });
});
