// The one place a said code (shared/said.ts) becomes words: the window, the CLI and the shell
// call say(), which reads the `code_<code>` message of the codes.json catalogs in the locale in
// force (or the one given). The core words nothing; its errors carry English only for its log
// (AppError's message), worded here in English.
import { m } from './paraglide/messages.js';
import type { Locale } from './locales.ts';
import { SAID_CODE_NAMES, SAID_CODES, asSaid, type Said, type SaidCode } from '../said.ts';

type Worder = (params: Record<string, unknown>, options?: { locale?: Locale }) => string;
const messages = m as unknown as Record<string, Worder | undefined>;

export function say(value: Said, locale?: Locale): string {
  const word = messages[`code_${value.code}`];
  // Every code has its message (test/unit/shared/i18n/say.test.ts); a newer core's unknown code
  // still shows something a person can report.
  if (!word) return value.code;
  return word(value.params, locale === undefined ? undefined : { locale });
}

/** English, for logs and the Error's own message: never what a person reads in another language. */
export function sayInEnglish(value: Said): string {
  return say(value, 'en');
}

let byEnglish: Map<string, SaidCode> | null = null;

/**
 * A said thing kept in a text column: JSON of `{code, params}` since issue 30; before, an English
 * sentence. A sentence that is exactly what a code without params says reads as that code (so it
 * shows in the person's language); any other text is shown as written.
 */
export function readStoredSaid(text: string): Said {
  if (text.startsWith('{')) {
    try {
      const parsed = asSaid(JSON.parse(text));
      if (parsed) return parsed;
    } catch {
      // Not JSON after all: an old sentence that starts with a brace, shown as written.
    }
  }
  byEnglish ??= new Map(SAID_CODE_NAMES.filter((code) => Object.keys(SAID_CODES[code]).length === 0).map((code) => [sayInEnglish({ code, params: {} } as Said), code]));
  const code = byEnglish.get(text);
  return code ? ({ code, params: {} } as Said) : { code: 'as_written', params: { text } };
}
