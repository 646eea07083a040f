// `npm run lint` part (issue 30): fails on words a person reads written straight into a .svelte
// file instead of coming from the catalogs (`m.some_key()`, shared/i18n). Each file is parsed
// with svelte/compiler's own parser, so what counts is the template as Svelte sees it: text
// between tags, the attributes a person reads or hears (title, aria-label, placeholder, alt,
// label), and string literals inside `{…}` in those places (`{busy ? 'Checking…' : 'Save'}`).
// Script code is read too, the .svelte files' <script> parts and renderer/src's .ts files, by
// script-words.ts: notices, copy confirmations, shown fields of objects, chart labels, and
// plurals chosen by hand (`n === 1 ? 'video' : 'videos'`, here and in templates). Styles are not
// read: class names are not prose.
//
//   node resources/i18n/check-window-literals.ts             check renderer/src
//   node resources/i18n/check-window-literals.ts <file>...   check these files (tests)
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parse } from 'svelte/compiler';
import { scriptWordsIn } from './script-words.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const RENDERER = join(ROOT, 'renderer/src');

/** Attributes whose value a person reads or a screen reader says. */
const READ_ATTRIBUTES = new Set(['title', 'aria-label', 'placeholder', 'alt', 'label', 'aria-description', 'aria-roledescription', 'aria-valuetext']);

/** Words that are the same in every language: the product's name and CSS pixels. */
const ALLOWED_WORDS = new Set(['Vidlift', 'px']);
/**
 * An example address reads the same everywhere: a placeholder such as https://example.com/video.mp4,
 * or a host name under the names kept for examples (RFC 2606: proxy.example.com).
 */
const EXAMPLE_ADDRESS = /^(https?:\/\/\S+|([a-z0-9-]+\.)*example\.(com|org|net))$/;

export interface Literal {
  file: string;
  line: number;
  text: string;
  where: string;
}

/** Prose: a letter in any script, and not one of the words every language shares. */
function isProse(text: string): boolean {
  const trimmed = text.trim();
  return /\p{L}/u.test(trimmed) && !ALLOWED_WORDS.has(trimmed) && !EXAMPLE_ADDRESS.test(trimmed);
}

/**
 * A string inside `{…}` that reads as words rather than a value compared or passed on: it
 * has a space, or starts with a capital ("Connect"). `'keychain'` in `x === 'keychain'` is not.
 */
function isProseLiteral(text: string): boolean {
  return isProse(text) && (/\s/.test(text.trim()) || /^\p{Lu}/u.test(text.trim()));
}

/** `n === 1 ? 'video' : 'videos'`: the singular or the plural picked by hand, not by the catalog's variants. */
function isHandPlural(n: Node): boolean {
  const test = n.test as Node;
  if (test.type !== 'BinaryExpression' || !['===', '!==', '==', '!=', '>', '<'].includes(test.operator as string)) return false;
  const one = [test.left, test.right].some((side) => (side as Node).type === 'Literal' && [1, 2].includes((side as Node).value as number));
  const words = (branch: Node): boolean =>
    (branch.type === 'Literal' && typeof branch.value === 'string' && /\p{L}/u.test(branch.value)) ||
    (branch.type === 'TemplateLiteral' && (branch.quasis as Node[]).some((q) => /\p{L}/u.test((q.value as { cooked?: string }).cooked ?? '')));
  return one && (words(n.consequent as Node) || words(n.alternate as Node));
}

type Node = { type: string; start: number; end: number; [key: string]: unknown };

function lineOf(source: string, offset: number): number {
  return source.slice(0, offset).split('\n').length;
}

/** String literals of an expression, skipping the operands of comparisons (values, not words). */
function proseInExpression(node: unknown, found: Array<{ start: number; text: string }>): void {
  if (!node || typeof node !== 'object') return;
  const n = node as Node;
  if (n.type === 'ConditionalExpression' && isHandPlural(n)) found.push({ start: n.start, text: 'plural by hand' });
  if (n.type === 'TemplateLiteral' && (n.expressions as unknown[]).length > 0) {
    // Words around a value (`${n} selected`) are a sentence built in code, even lower case.
    const fixed = (n.quasis as Node[]).map((q) => (q.value as { cooked?: string }).cooked ?? '').join(' ');
    if (/\p{L}{2,}/u.test(fixed) && !(n.quasis as Node[]).some((q) => isProseLiteral((q.value as { cooked?: string }).cooked ?? ''))) found.push({ start: n.start, text: fixed.trim() });
  }
  if (n.type === 'BinaryExpression' && ['===', '!==', '==', '!='].includes(n.operator as string)) return;
  if (n.type === 'Literal' && typeof n.value === 'string' && isProseLiteral(n.value)) found.push({ start: n.start, text: n.value });
  if (n.type === 'TemplateElement') {
    const cooked = (n.value as { cooked?: string }).cooked ?? '';
    if (isProseLiteral(cooked)) found.push({ start: n.start, text: cooked });
  }
  for (const [key, value] of Object.entries(n)) {
    if (key === 'parent' || key === 'loc') continue;
    if (Array.isArray(value)) value.forEach((child) => proseInExpression(child, found));
    else if (value && typeof value === 'object' && 'type' in value) proseInExpression(value, found);
  }
}

/** Words built in a .ts file's code (script-words.ts). */
export function scriptLiteralsIn(file: string, source: string): Literal[] {
  return scriptWordsIn(file, source).map((w) => ({ file, line: lineOf(source, w.start), text: w.text, where: `script, ${w.where}` }));
}

export function literalsIn(file: string, source: string): Literal[] {
  const ast = parse(source, { modern: true }) as unknown as { fragment: Node; instance: Node | null; module: Node | null };
  const out: Literal[] = [];
  const add = (start: number, text: string, where: string) => out.push({ file, line: lineOf(source, start), text: text.trim(), where });
  for (const script of [ast.module, ast.instance]) {
    if (!script) continue;
    const content = script.content as Node;
    for (const w of scriptWordsIn(file, source.slice(content.start, content.end))) add(content.start + w.start, w.text, `script, ${w.where}`);
  }
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const n = node as Node;
    if (n.type === 'Text' && isProse(n.data as string)) add(n.start, n.data as string, 'text');
    if (n.type === 'ExpressionTag') {
      const found: Array<{ start: number; text: string }> = [];
      proseInExpression(n.expression, found);
      for (const f of found) add(f.start, f.text, 'text {…}');
      return;
    }
    if (n.type === 'Attribute') {
      const name = n.name as string;
      if (!READ_ATTRIBUTES.has(name)) return;
      const parts = Array.isArray(n.value) ? (n.value as Node[]) : n.value && typeof n.value === 'object' ? [n.value as Node] : [];
      for (const part of parts) {
        if (part.type === 'Text' && isProse(part.data as string)) add(part.start, part.data as string, `${name}=`);
        if (part.type === 'ExpressionTag') {
          const found: Array<{ start: number; text: string }> = [];
          proseInExpression(part.expression, found);
          for (const f of found) add(f.start, f.text, `${name}={…}`);
        }
      }
      return;
    }
    // <style> and <script> are not in the fragment; a <svelte:head><title> would be.
    for (const [key, value] of Object.entries(n)) {
      if (key === 'parent' || key === 'expression' || key === 'metadata') continue;
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object' && 'type' in value) visit(value);
    }
  };
  visit(ast.fragment);
  return out;
}

/** The window's .svelte files and its script files (.ts, .svelte.ts; not declarations). */
function windowFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return windowFiles(path);
    return entry.name.endsWith('.svelte') || (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) ? [path] : [];
  });
}

function main(args: readonly string[]): number {
  const files = args.length > 0 ? args.map((f) => resolve(f)) : windowFiles(RENDERER);
  const found = files
    .map((path) => relative(ROOT, path).split('\\').join('/'))
    .flatMap((file) => (file.endsWith('.svelte') ? literalsIn : scriptLiteralsIn)(file, readFileSync(join(ROOT, file), 'utf8')));
  for (const f of found) console.error(`${f.file}:${f.line}: words not from the catalog (${f.where}): ${JSON.stringify(f.text)}`);
  if (found.length > 0) {
    console.error(`\n${found.length} literal(s) a person reads are written into the window's templates or code. Put them in shared/i18n/messages/<locale>/<area>.json and use m.<key>() (docs/i18n.md).`);
    return 1;
  }
  return 0;
}

if (import.meta.filename === resolve(process.argv[1] ?? '')) process.exitCode = main(process.argv.slice(2));
