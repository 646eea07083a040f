// The stored title against the name sent (issue 26): the same whatever script the name is in,
// and, when a receiver changed it, the reasons that explain how. The receivers' changes are
// made here the way they make them (bytes read as Latin-1, a cut at the backslash, the
// escapes kept), not typed in by hand, so the table is checked against what they do.
import { describe, expect, it } from 'vitest';
import { compareTitle, titleSearch } from '../../../../electron/core/uploads/verification.ts';
import { fileNameAsSent } from '../../../../electron/core/uploads/file-server.ts';

/** A name of exactly 255 UTF-8 bytes (a file system's longest), in several scripts. */
const LONGEST = (() => {
  let name = 'é東🎬א';
  while (Buffer.byteLength(name + 'x.mp4') <= 255) name += 'x';
  return `${name}.mp4`;
})();

const NAMES = [
  'Café déjà vu — Tokyo.mp4',
  '東京の夜景.mp4',
  '🎬 party 🎉.mp4',
  'שלום עולם.mp4',
  'back\\slash plain.mp4',
  '=HYPERLINK("x"), quoted.mp4',
  '100% sure.mp4',
  LONGEST,
];

/** What busboy's defaults store: the bytes sent (escaped as on the wire) read as ISO-8859-1, cut at the last slash or backslash. */
function legacyReceiver(name: string): string {
  const read = Buffer.from(fileNameAsSent(name), 'utf8').toString('latin1');
  return read.slice(Math.max(read.lastIndexOf('\\'), read.lastIndexOf('/')) + 1);
}

describe('the stored title against the name sent', () => {
  it('is 255 bytes long, the longest name a file system has', () => {
    expect(Buffer.byteLength(LONGEST)).toBe(255);
  });

  it.each(NAMES)('%j stored as sent is the same', (name) => {
    expect(compareTitle(name, name)).toEqual({ status: 'same' });
  });

  it.each(NAMES)('%j stored without its extension is the same (the service names videos so)', (name) => {
    expect(compareTitle(name, name.slice(0, name.lastIndexOf('.')))).toEqual({ status: 'same' });
  });

  it('is the same in another Unicode normalization (a Mac sends decomposed names)', () => {
    expect(compareTitle('Cafe\u0301.mp4', 'Caf\u00e9.mp4')).toEqual({ status: 'same' });
  });

  it('is unknown when the service names no title', () => {
    expect(compareTitle('a.mp4', null)).toEqual({ status: 'unknown' });
  });

  it.each([
    ['Café déjà vu — Tokyo.mp4', ['read-as-latin1']],
    ['東京の夜景.mp4', ['read-as-latin1']],
    ['🎬 party 🎉.mp4', ['read-as-latin1']],
    ['שלום עולם.mp4', ['read-as-latin1']],
    ['back\\slash plain.mp4', ['cut-at-backslash']],
    ['=HYPERLINK("x"), quoted.mp4', ['escapes-kept']],
    ['Tokyo\\— "night" café.mp4', ['escapes-kept', 'read-as-latin1', 'cut-at-backslash']],
    [LONGEST, ['read-as-latin1']],
  ] as const)('%j through a legacy receiver differs, because %j', (name, reasons) => {
    const stored = legacyReceiver(name);
    expect(compareTitle(name, stored)).toEqual({ status: 'differs', stored, reasons });
  });

  it('names Windows-1252 as Latin-1 too (the bytes of "—" read as "â€”"; à is Ã and a no-break space)', () => {
    expect(compareTitle('Café déjà vu — Tokyo.mp4', 'CafÃ© dÃ©jÃ\u00A0 vu â€” Tokyo.mp4')).toEqual({
      status: 'differs',
      stored: 'CafÃ© dÃ©jÃ\u00A0 vu â€” Tokyo.mp4',
      reasons: ['read-as-latin1'],
    });
    // ’ “ ” € Ÿ: E2 80 99, E2 80 9C, E2 80 9D, E2 82 AC, C5 B8 read one byte a character in Windows-1252.
    expect(compareTitle('it’s “Ÿ” €.mp4', 'itâ€™s â€œÅ¸â€\u009D â‚¬.mp4')).toMatchObject({ status: 'differs', reasons: ['read-as-latin1'] });
  });

  it('says when a %22 written in the name was read as a quote', () => {
    expect(compareTitle('100%22 proof.mp4', '100" proof.mp4')).toEqual({ status: 'differs', stored: '100" proof.mp4', reasons: ['escapes-decoded'] });
  });

  it('says when the title was shortened, with or without its extension, or characters replaced', () => {
    expect(compareTitle(LONGEST, LONGEST.slice(0, 100))).toEqual({ status: 'differs', stored: LONGEST.slice(0, 100), reasons: ['shortened'] });
    expect(compareTitle('a long holiday film.mp4', 'a long hol.mp4')).toMatchObject({ reasons: ['shortened'] });
    expect(compareTitle('a long holiday film.mp4', 'a long hol\uFFFD')).toMatchObject({ reasons: ['shortened'] });
    expect(compareTitle('Café 東京.mp4', 'Caf? ??.mp4')).toMatchObject({ reasons: ['characters-replaced'] });
    expect(compareTitle('Café.mp4', 'Caf_')).toMatchObject({ reasons: ['characters-replaced'] });
  });

  it('differs with no reason when no known change explains it', () => {
    expect(compareTitle('holiday.mp4', 'video_1234')).toEqual({ status: 'differs', stored: 'video_1234', reasons: [] });
    expect(compareTitle('holiday.mp4', 'HOLIDAY.mp4')).toEqual({ status: 'differs', stored: 'HOLIDAY.mp4', reasons: [] });
  });
});

describe('a title as a search of the video list', () => {
  it('keeps a short title and cuts a long one to 200 code units, never inside a character', () => {
    expect(titleSearch('Café.mp4')).toBe('Café.mp4');
    const long = `${'x'.repeat(199)}🎬tail`;
    expect(titleSearch(long)).toBe('x'.repeat(199));
    expect(titleSearch(LONGEST).length).toBeLessThanOrEqual(200);
  });
});

