// A check of `npm run lint` (issue 30): the core speaks codes, so no English sentence is
// written where electron/core throws or refuses. It reads every source file of electron/core
// with the TypeScript parser and fails on a string literal or template with words given to
// `new AppError(…)`, `new Error(…)` or a refusal helper (refuse, invalid, notFound). Say it as a
// code with params instead (shared/said.ts, worded in shared/i18n/messages/*/codes.json).
//
// A developer's note about a broken invariant (`new Error('a limiter needs at least one slot')`,
// lower case, never shown but as "something went wrong") is not a sentence to a person and passes.
//
//   node test/i18n/said-scan.ts           scan electron/core
//   node test/i18n/said-scan.ts <dir>...  scan other folders (its test uses fixtures)
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(import.meta.dirname, '../..');

const REFUSERS = new Set(['AppError', 'Error', 'refuse', 'invalid', 'notFound']);

export interface SaidFinding {
  file: string;
  line: number;
  text: string;
}

/** Words a person reads: two words in a row, or one capitalised word ending a sentence. */
function isSentence(text: string, errorOnly: boolean): boolean {
  const words = text.trim();
  if (!/\p{L}{2,}\s+\p{L}{2,}/u.test(words) && !/^\p{Lu}\p{Ll}+[.!?]$/u.test(words)) return false;
  // A plain Error's lower-case note is for the developer (see above).
  return !(errorOnly && /^\p{Ll}/u.test(words));
}

function textOf(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) return [textOf(node.left), textOf(node.right)].filter(Boolean).join(' ') || null;
  if (ts.isConditionalExpression(node)) return [textOf(node.whenTrue), textOf(node.whenFalse)].filter(Boolean).join(' ') || null;
  if (ts.isParenthesizedExpression(node)) return textOf(node.expression);
  return null;
}

export function scanSource(file: string, source: string): SaidFinding[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const found: SaidFinding[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && ts.isIdentifier(node.expression) && REFUSERS.has(node.expression.text)) {
      const name = node.expression.text;
      const isNew = ts.isNewExpression(node);
      if (isNew === (name === 'AppError' || name === 'Error')) {
        // AppError's first argument is its category (a code, not words).
        for (const argument of (node.arguments ?? []).slice(name === 'AppError' ? 1 : 0)) {
          const text = textOf(argument);
          if (text !== null && isSentence(text, name === 'Error')) {
            found.push({ file, line: tree.getLineAndCharacterOfPosition(argument.getStart()).line + 1, text: text.slice(0, 80) });
          }
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

export function scan(dirs: readonly string[]): SaidFinding[] {
  return dirs.flatMap((dir) =>
    sourceFiles(dir)
      .map((path) => relative(ROOT, path).split('\\').join('/'))
      .flatMap((file) => scanSource(file, readFileSync(join(ROOT, file), 'utf8'))),
  );
}

if (import.meta.main) {
  const dirs = process.argv.length > 2 ? process.argv.slice(2).map((dir) => resolve(dir)) : [join(ROOT, 'electron/core')];
  const findings = scan(dirs);
  for (const f of findings) console.error(`${f.file}:${f.line}: an English sentence where the core should say a code (shared/said.ts): “${f.text}”`);
  if (findings.length > 0) {
    console.error(`said-scan: ${findings.length} sentence(s) in electron/core; say them as codes with params.`);
    process.exit(1);
  }
  console.log('said-scan: electron/core speaks codes');
}
