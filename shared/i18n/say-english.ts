// The core's English: a said thing (shared/said.ts) worded for a log line and an Error's own
// message, never for a person (the window, the CLI and the shell word it in the person's
// language with say.ts). Only the English catalog is read here, so the core's threads (the sync
// writer, the transfer, the subtitles) load one language: through say.ts's messages, which
// switch on the locale, they loaded all eleven (a 2.9 MB chunk each thread compiled at its start).
import * as english from './paraglide/messages/en.js';
import { SAID_CODES, type Said } from '../said.ts';

/** A compiled message: its params in, its words out (the locale, when taken, is say.ts's). */
export type Worder = (params: Record<string, unknown>) => string;

const englishMessages = english as unknown as Record<string, Worder | undefined>;

/**
 * Words a said thing with the given messages, and a said thing inside it first, the same way:
 * the one rule of nesting, for every language. A code without a message (a newer core's) reads
 * as the code itself, which a person can still report.
 */
export function wordSaid(value: Said, messageOf: (code: string) => Worder | undefined): string {
  const word = messageOf(value.code);
  if (!word) return value.code;
  const kinds: Record<string, string> = Object.hasOwn(SAID_CODES, value.code) ? SAID_CODES[value.code] : {};
  const params = Object.fromEntries(
    Object.entries(value.params).map(([name, param]) => [name, kinds[name] === 'said' ? wordSaid(param as Said, messageOf) : param]),
  );
  return word(params);
}

/** English, for logs and the Error's own message: never what a person reads in another language. */
export function sayInEnglish(value: Said): string {
  return wordSaid(value, (code) => {
    const name = `code_${code}`;
    return Object.hasOwn(englishMessages, name) ? englishMessages[name] : undefined;
  });
}
