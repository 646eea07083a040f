// The core's threads as the packaged app builds them (out/main/, npm run test:boot builds it):
// each loads the English catalog only (shared/i18n/say-english.ts words its errors for the
// log), never the other languages' messages, which only the shell and the command line word a
// person's text with. Each thread compiles what it loads at its start, on the first sync's and
// the first upload's path (issue 33): all eleven catalogs were a 2.9 MB chunk every thread loaded.
// The main bundle's start loads English alone too (shared/i18n/process-catalog.ts): each other
// language is a chunk loaded when the shell or the command line speaks it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../shared/i18n/locales.ts';

const outMain = join(import.meta.dirname, '../../out/main');
const catalogs = join(import.meta.dirname, '../../shared/i18n/messages');

// Import statements, and import() calls that are code (a JSDoc type reads `{import("./…")}`).
const STATIC_IMPORT = /^(?:import|export)\b[^;]*?\bfrom\s*"\.\/([^"]+)"/gm;
const DYNAMIC_IMPORT = /(?<![{\w.])import\("\.\/([^"]+)"\)/gm;

/** The text of a script and of every chunk it imports: statically, and with `onDemand` on demand too. */
function loadedText(script: string, onDemand = true, seen = new Set<string>()): string {
  if (seen.has(script)) return '';
  seen.add(script);
  const text = readFileSync(join(outMain, script), 'utf8');
  const imported = [...text.matchAll(STATIC_IMPORT), ...(onDemand ? text.matchAll(DYNAMIC_IMPORT) : [])].map((match) => match[1]!);
  return text + imported.map((chunk) => loadedText(chunk, onDemand, seen)).join('');
}

/** What the main bundle loads at every start: its entry, and the app it imports at once (electron/main/boot.ts) with what that imports statically. */
function startText(): string {
  const entry = readFileSync(join(outMain, 'index.js'), 'utf8');
  const app = [...entry.matchAll(DYNAMIC_IMPORT)].map((match) => match[1]!);
  expect(app).toHaveLength(1);
  return entry + loadedText(app[0]!, false);
}

/** The longest run of one message's words between its params, as a built chunk holds it. */
function wordsOf(locale: string, key: string): string {
  const message = (JSON.parse(readFileSync(join(catalogs, locale, 'codes.json'), 'utf8')) as Record<string, string>)[key]!;
  return message.split(/\{\w+\}/).sort((a, b) => b.length - a.length)[0]!;
}

const KEY = 'code_upload_folder_locked';
const others = LOCALES.filter((locale) => locale !== 'en');

describe('the built threads load one catalog', () => {
  it.each(['sync-writer.js', 'upload-transfer.js', 'subtitle-prepare.js', 'file-check.js'])('%s holds English words and no other language', (script) => {
    const text = loadedText(script);
    expect(text).toContain(wordsOf('en', KEY));
    for (const locale of others) expect(text.includes(wordsOf(locale, KEY)), locale).toBe(false);
  });

  it('the main bundle, which words the shell and the command line, holds them all, and loads English alone at its start', () => {
    const text = loadedText('index.js');
    for (const locale of ['en', ...others]) expect(text.includes(wordsOf(locale, KEY)), locale).toBe(true);
    const start = startText();
    expect(start).toContain(wordsOf('en', KEY));
    for (const locale of others) expect(start.includes(wordsOf(locale, KEY)), locale).toBe(false);
  });
});
