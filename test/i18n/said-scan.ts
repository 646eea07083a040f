// A check of `npm run lint` (issue 30): the core speaks codes, so no English sentence is
// written where electron/core throws or refuses. It reads every source file of electron/core
// with the TypeScript parser and fails on a string literal or template with words given to
// - any error class: `new AppError(…)`, `new ServiceError(…)`, `new TransferError(…)`… (every
//   `new <Name>Error(…)`), and `super(…)` in a class's constructor (an error class of its own
//   words its message there, and that message reaches a person as written);
// - a refusal helper (refuse, invalid, notFound);
// - a field the contract carries to the window or the CLI as text a person reads (`reason`,
//   `problem`, `lastError`, `error`, `message` in an object literal or an assignment; a
//   `message` in lower case is a developer's note, as a plain Error's is).
// Say it as a code with params instead (shared/said.ts, worded in shared/i18n/messages/*/codes.json).
//
// A developer's note about a broken invariant (`new Error('a limiter needs at least one slot')`,
// lower case, never shown but as "something went wrong") is not a sentence to a person and passes:
// only a plain Error is read so, since a class of its own is made to be shown.
//
//   node test/i18n/said-scan.ts           scan electron/core
//   node test/i18n/said-scan.ts <dir>...  scan other folders (its test uses fixtures)
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(import.meta.dirname, '../..');

const REFUSERS = new Set(['refuse', 'invalid', 'notFound']);

/** Fields of what the core hands on (a status, a reason, an outbox row) that the window or the CLI shows as given. */
const SHOWN_FIELDS = new Set(['reason', 'problem', 'lastError', 'error', 'message']);

/** Every error class by its name (AppError, ServiceError, TransferError…), and the plain Error. */
function isErrorClass(name: string): boolean {
  return /Error$/.test(name);
}

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
  if (ts.isParenthesizedExpression(node)) return textOf(node.expression);
  return null;
}

/** The texts an expression can give: each branch of a choice on its own (two codes are not a sentence). */
function textsOf(node: ts.Node): string[] {
  if (ts.isParenthesizedExpression(node)) return textsOf(node.expression);
  if (ts.isConditionalExpression(node)) return [...textsOf(node.whenTrue), ...textsOf(node.whenFalse)];
  const text = textOf(node);
  return text === null ? [] : [text];
}

function fieldName(name: ts.PropertyName): string | null {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : null;
}

export function scanSource(file: string, source: string): SaidFinding[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const found: SaidFinding[] = [];
  const flag = (argument: ts.Node, errorOnly: boolean): void => {
    for (const text of textsOf(argument)) {
      if (isSentence(text, errorOnly)) found.push({ file, line: tree.getLineAndCharacterOfPosition(argument.getStart()).line + 1, text: text.slice(0, 80) });
    }
  };
  const visit = (node: ts.Node): void => {
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && isErrorClass(node.expression.text)) {
      // An error class's first argument may be its category (a code, one word: never a sentence).
      for (const argument of node.arguments ?? []) flag(argument, node.expression.text === 'Error');
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.SuperKeyword) {
      for (const argument of node.arguments) flag(argument, false);
    } else if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && REFUSERS.has(node.expression.text)) {
      for (const argument of node.arguments) flag(argument, false);
    } else if (ts.isPropertyAssignment(node) && fieldName(node.name) !== null && SHOWN_FIELDS.has(fieldName(node.name)!)) {
      // A `message` is an Error's (an ErrorShape's, a schema issue's): read as a plain Error's is.
      flag(node.initializer, fieldName(node.name) === 'message');
    } else if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isPropertyAccessExpression(node.left) &&
      SHOWN_FIELDS.has(node.left.name.text)
    ) {
      flag(node.right, false);
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
