// Settings › Running unattended's words (issue 30), in Chromium: the week's weekday names and
// times through Intl in the language asked (week-words.ts), a timetable's problem worded by its
// reason with the bad part as code (timetable-words.ts, CodeInText.svelte), in English and German.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { flushSync, mount, unmount } from 'svelte';
import CodeInText from '../../../../renderer/src/components/common/CodeInText.svelte';
import { clockTime, hourLabel, weekdayName } from '../../../../renderer/src/lib/week-words.ts';
import { TIMETABLE_PROBLEM_WORDS } from '../../../../renderer/src/lib/timetable-words.ts';
import { EVENT_LABEL } from '../../../../renderer/src/lib/notify-words.ts';
import { exportFormatWords } from '../../../../renderer/src/lib/export-format-words.ts';
import { windowLocale } from '../../../../renderer/src/lib/i18n.svelte.ts';
import { loadCatalog } from '../../../../renderer/src/lib/catalog.svelte.ts';
import { parseTimetable, type TimetableReason } from '../../../../shared/bandwidth-timetable.ts';
import { EXPORT_FORMATS } from '../../../../shared/export-formats.ts';
import { NOTIFY_EVENTS } from '../../../../shared/notify-names.ts';
import { mountPlace } from '../mount-place.ts';

beforeAll(async () => {
  await loadCatalog('de');
});

// Registered before mountPlace, so it runs after the unmount (see mount-place.ts).
afterEach(() => {
  windowLocale.choice = 'en';
});

const place = mountPlace();

/** The problem of a timetable text, shown as the window shows it. */
function shownProblem(text: string): HTMLElement {
  const parsed = parseTimetable(text);
  if (parsed.ok) throw new Error(`${text} parsed`);
  place.component = mount(CodeInText, { target: place.target, props: { word: TIMETABLE_PROBLEM_WORDS[parsed.problem.reason], codes: { part: parsed.problem.part } } });
  flushSync();
  return place.target;
}

describe('the week in the language asked', () => {
  it('names weekdays, Sunday being 0, long and short', () => {
    expect(weekdayName(1, 'long', 'de')).toBe('Montag');
    expect(weekdayName(1, 'short', 'de')).toBe('Mo');
    expect(weekdayName(0, 'long', 'en')).toBe('Sunday');
    expect(weekdayName(6, 'short', 'en')).toBe('Sat');
    expect(weekdayName(6, 'long', 'ar')).toBe('السبت');
  });

  it('says the timetable’s times on the 24-hour clock, also where the language counts 12 hours', () => {
    expect(clockTime(22 * 60 + 5, 'en-US')).toBe('22:05');
    expect(clockTime(0, 'de')).toBe('00:00');
    expect(hourLabel(9, 'de')).toBe('09');
    expect(hourLabel(9, 'ar-EG')).toBe('٠٩');
  });
});

describe('a timetable’s problem', () => {
  it('has words for every reason the parser gives', () => {
    const reasons: TimetableReason[] = ['empty', 'entry', 'time', 'hour', 'minute', 'day', 'rate', 'too-low'];
    for (const reason of reasons) expect(TIMETABLE_PROBLEM_WORDS[reason]({ part: 'x' }).length, reason).toBeGreaterThan(10);
    expect(TIMETABLE_PROBLEM_WORDS['too-low']({ part: '8k' })).toBe('"8k": a limit is at least 16k (or off for none)');
  });

  it('names the bad part as code, where the language puts it', () => {
    expect(shownProblem('08:00,512k 25:00,1M').textContent).toBe('"25:00": the hour must be from 00 to 23');
    expect(place.target.querySelector('code')?.textContent).toBe('25:00');
    expect(place.target.querySelector('code')?.getAttribute('dir')).toBe('ltr');
    void unmount(place.component!);
    place.component = null;

    windowLocale.choice = 'de';
    flushSync();
    expect(shownProblem('Mon-08:00,512k Xyz-09:00,off').textContent).toBe('„Xyz“: Ein Tag wird englisch geschrieben: Mon, Tue, Wed, Thu, Fri, Sat oder Sun (oder der volle Name)');
    expect(place.target.querySelector('code')?.textContent).toBe('Xyz');
  });
});

describe('notification words', () => {
  it('every event and link format has its words, in German too', () => {
    windowLocale.choice = 'de';
    flushSync();
    expect(NOTIFY_EVENTS.map((event) => EVENT_LABEL[event].short())).toEqual(['Ein Stapel ist fertig', 'Ein Upload ist endgültig fehlgeschlagen', 'Die Warteschlange ist blockiert', 'Gesperrte Videos']);
    for (const format of EXPORT_FORMATS) expect(exportFormatWords(format).length, format).toBeGreaterThan(3);
    expect(exportFormatWords('download')).toBe('Download-Links, einer pro Zeile');
  });
});
