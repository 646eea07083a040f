// The codes the core says (shared/said.ts) and their words (codes.json): every code has its
// English message with exactly its params, say() words it in the locale asked, and a stored
// said thing reads back — also from the English sentences older versions stored.
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { SAID_CODE_NAMES, SAID_CODES, asSaid, said, storeSaid } from '../../../../shared/said.ts';
import { readStoredSaid, say, sayInEnglish } from '../../../../shared/i18n/say.ts';
import { AppError, saidOf } from '../../../../shared/errors.ts';
import { LOCALES } from '../../../../shared/i18n/locales.ts';
import { loadLanguage } from '../../../../shared/i18n/process-catalog.ts';

/** A message: one text, or variants chosen by a plural (their params are declared as `input`). */
type Message = string | { declarations: string[]; match: Record<string, string> }[];
const english = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../../shared/i18n/messages/en/codes.json'), 'utf8')) as Record<string, Message>;

function paramsOf(message: Message): string[] {
  const texts = typeof message === 'string' ? [message] : message.flatMap((variant) => Object.values(variant.match));
  const declarations = typeof message === 'string' ? [] : message.flatMap((variant) => variant.declarations);
  const inputs = declarations.flatMap((d) => /^input\s+(\w+)/.exec(d)?.[1] ?? []);
  // A local (a count as a number in the locale, a plural) is not a param.
  const locals = new Set(declarations.flatMap((d) => /^local\s+(\w+)/.exec(d)?.[1] ?? []));
  return [...new Set([...texts.flatMap((text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)), ...inputs])].filter((name) => !locals.has(name)).sort();
}

// say() words in the languages whose words are loaded (the main process loads its own only:
// shared/i18n/process-catalog.ts); these tests word in all of them.
beforeAll(() => Promise.all(LOCALES.map((locale) => loadLanguage(locale))));

describe('said codes', () => {
  it('every code has its English message with exactly its params, and codes.json holds no other', () => {
    for (const code of SAID_CODE_NAMES) {
      const message = english[`code_${code}`];
      expect(typeof message === 'string' || Array.isArray(message), code).toBe(true);
      expect(paramsOf(message!), code).toEqual(Object.keys(SAID_CODES[code]).sort());
    }
    expect(Object.keys(english).filter((key) => key !== '$schema').sort()).toEqual(SAID_CODE_NAMES.map((code) => `code_${code}`).sort());
  });

  it('say() words a code with its params in the locale asked', () => {
    const locked = said('upload_folder_locked', { name: 'a.mp4' });
    expect(sayInEnglish(locked)).toBe('“a.mp4” has started uploading; its folder can no longer change.');
    expect(say(locked, 'de')).toBe('„a.mp4“ wird schon hochgeladen; sein Ordner lässt sich nicht mehr ändern.');
    expect(say(said('skip_already_uploaded'), 'pt-BR')).toBe('Já foi enviado.');
    expect(say(said('skip_already_uploaded'), 'zh-CN')).toBe('已上传。');
    // A count picks its plural's words.
    expect(sayInEnglish(said('destination_signing_secret_short', { min: 1 }))).toBe('The signing secret must be at least 1 character long.');
    expect(sayInEnglish(said('destination_signing_secret_short', { min: 16 }))).toBe('The signing secret must be at least 16 characters long.');
    expect(say(said('destination_signing_secret_short', { min: 2 }), 'ar')).toBe('يجب ألا يقل سرّ التوقيع عن حرفين.');
  });

  it("the core's English (say-english.ts, the English catalog alone) is say() in English for every code, a said thing inside another too", () => {
    const value = (kind: string, name: string): unknown => (kind === 'said' ? said('skip_already_uploaded') : kind === 'count' ? 3 : `“${name}”`);
    for (const code of SAID_CODE_NAMES) {
      const params = Object.fromEntries(Object.entries(SAID_CODES[code]).map(([name, kind]) => [name, value(kind, name)]));
      const thing = { code, params } as Parameters<typeof say>[0];
      expect(sayInEnglish(thing), code).toBe(say(thing, 'en'));
    }
    expect(sayInEnglish(said('service_not_reached', { reason: said('skip_already_uploaded') }))).toContain('Already uploaded.');
    // A newer core's code reads as the code, in either.
    const unknown = { code: 'from_a_newer_core', params: {} } as unknown as Parameters<typeof say>[0];
    expect([sayInEnglish(unknown), say(unknown, 'de')]).toEqual(['from_a_newer_core', 'from_a_newer_core']);
  });

  it('quantities are numbers in the locale (Intl); pixel sizes and an HTTP status stay as they are', () => {
    expect(say(said('skip_too_many', { max: 10000 }), 'de')).toBe('Mehr als 10.000 Dateien auf einmal; füge den Rest danach hinzu.');
    expect(sayInEnglish(said('skip_too_many', { max: 10000 }))).toBe('More than 10,000 files at once; add the rest afterwards.');
    expect(say(said('service_deadline', { seconds: 2.5 }), 'de')).toBe('Der Dienst hat innerhalb von 2,5 s keine vollständige Antwort gegeben.');
    expect(sayInEnglish(said('thumbnail_too_big', { name: 'a.png', width: 4000, height: 3000, maxWidth: 1920, maxHeight: 1080 }))).toContain('4000 x 3000 pixels');
    expect(sayInEnglish(said('bad_reply_status', { status: 1000 }))).toContain('HTTP 1000 reply');
  });

  it('an AppError carries what it says and keeps its English as the message, across a shape', () => {
    const error = new AppError('validation', said('key_length', { expected: 32, actual: 5 }), { retryable: false });
    expect(error.message).toBe('An API key is exactly 32 characters; this one has 5. Copy it again from your account page.');
    const back = AppError.fromShape(JSON.parse(JSON.stringify(error.toShape())) as ReturnType<AppError['toShape']>);
    expect(back.said).toEqual({ code: 'key_length', params: { expected: 32, actual: 5 } });
    // A shape from before codes (no said) shows its message as written.
    expect(saidOf({ message: 'Old words.' })).toEqual({ code: 'as_written', params: { text: 'Old words.' } });
  });

  it('asSaid refuses an unknown code and params of the wrong kind or number', () => {
    expect(asSaid({ code: 'skip_empty', params: {} })).toEqual({ code: 'skip_empty', params: {} });
    expect(asSaid({ code: 'no_such_code', params: {} })).toBeNull();
    expect(asSaid({ code: 'key_length', params: { expected: '32', actual: 5 } })).toBeNull();
    expect(asSaid({ code: 'skip_empty', params: { extra: 'x' } })).toBeNull();
    expect(asSaid('skip_empty')).toBeNull();
  });

  it('a stored note reads back: JSON as its code, an old English sentence a code says as that code, other text as written', () => {
    expect(readStoredSaid(storeSaid(said('upload_folder_locked', { name: 'x' })))).toEqual({ code: 'upload_folder_locked', params: { name: 'x' } });
    expect(readStoredSaid('The video had already arrived on the service when the upload was cancelled, so it was kept.')).toEqual({ code: 'note_arrived_before_cancel', params: {} });
    expect(readStoredSaid('{not json at all')).toEqual({ code: 'as_written', params: { text: '{not json at all' } });
    expect(readStoredSaid('Something a newer version wrote.')).toEqual({ code: 'as_written', params: { text: 'Something a newer version wrote.' } });
  });
});
