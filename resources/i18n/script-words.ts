// The script half of check-window-literals.ts (issue 30): English built in code reaches a person
// as surely as English in a template. A notice, a copy confirmation, a button's label in an
// object, a chart's legend are all words; so is `count === 1 ? 'file' : 'files'`, a plural the
// catalog's variants must choose (Russian has four forms, Arabic six). Read with the TypeScript
// parser, so ids, event names, CSS, keys, URLs and MIME types (no space, no capital, or not in
// one of these places) and a lower-case developer note to the log pass.
import ts from 'typescript';

export interface ScriptWords {
  /** Offset in the source given, so a .svelte script's finding points at its line in the file. */
  start: number;
  text: string;
  where: string;
}

/** Calls whose string arguments a person reads: the notice bar, the copy confirmation, the browser's own dialogs. */
const SAYING_CALLS: ReadonlyArray<{ test: (callee: ts.Expression) => boolean; where: string }> = [
  { where: 'notices', test: (callee) => ts.isPropertyAccessExpression(callee) && /notices$/i.test(nameOf(callee.expression)) },
  { where: 'copyText', test: (callee) => ts.isIdentifier(callee) && callee.text === 'copyText' },
  { where: 'dialog', test: (callee) => ts.isIdentifier(callee) && ['alert', 'confirm', 'prompt'].includes(callee.text) },
];

/** Fields of objects the window shows: a notice action's label, a chart dataset's label, an axis title's text. */
const SHOWN_FIELDS = new Set(['label', 'title', 'text', 'heading', 'message', 'summary', 'description', 'placeholder', 'tooltip', 'ariaLabel', 'hint', 'detail', 'details']);

/** Letters in a template that are a length or a time, not a word (`${x}px`, `${ms}ms`). */
const CSS_UNITS = new Set(['px', 'em', 'rem', 'vh', 'vw', 'ms', 's', 'deg', 'fr', 'ch']);

/** A word between spaces, not a path (`/embed/`), a key (`vidlift:`) or a unit: letters, then at most closing marks. */
function isWord(token: string): boolean {
  const letters = /^[“"«(]?(\p{L}[\p{L}’'-]*)[.,;!?…”"»)]*$/u.exec(token)?.[1];
  return letters !== undefined && !CSS_UNITS.has(letters);
}

/** The only words every language shares (check-window-literals.ts has the same). */
const ALLOWED_WORDS = new Set(['Vidlift', 'px']);

function nameOf(node: ts.Expression): string {
  if (ts.isIdentifier(node)) return node.text;
  if (ts.isPropertyAccessExpression(node)) return node.name.text;
  if (ts.isPrivateIdentifier(node as ts.Node)) return (node as unknown as ts.PrivateIdentifier).text;
  return '';
}

/** The fixed text of a string or template (the values left out), or null for anything else. */
function fixedText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
  return null;
}

/**
 * Words, not a value: a letter, and a space or a capital ("Upload anyway", "Views"), or any
 * letter around a value in a template (`${n} selected`): a sentence built round a number.
 */
function reads(node: ts.Node): boolean {
  const text = fixedText(node)?.trim();
  if (!text || !/\p{L}/u.test(text) || ALLOWED_WORDS.has(text)) return false;
  if (ts.isTemplateExpression(node)) return text.split(/\s+/u).some(isWord);
  return /\s/.test(text) || /^\p{Lu}/u.test(text);
}

/** The strings an expression can evaluate to, through `a ? b : c`, `a ?? b`, `a || b`, `a + b`, parentheses and `as`. */
function stringsOf(node: ts.Expression): ts.Node[] {
  if (fixedText(node) !== null) return [node];
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isNonNullExpression(node)) return stringsOf(node.expression);
  if (ts.isConditionalExpression(node)) return [...stringsOf(node.whenTrue), ...stringsOf(node.whenFalse)];
  if (ts.isBinaryExpression(node) && [ts.SyntaxKind.PlusToken, ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(node.operatorToken.kind)) {
    return [...stringsOf(node.left), ...stringsOf(node.right)];
  }
  return [];
}

/** `n === 1`, `1 !== n`, `n > 1`, `n < 2`: a test that picks the singular or the plural. */
function isOneTest(node: ts.Expression): boolean {
  const test = ts.isParenthesizedExpression(node) ? node.expression : node;
  if (!ts.isBinaryExpression(test)) return false;
  const kind = test.operatorToken.kind;
  const number = (side: ts.Expression) => (ts.isNumericLiteral(side) ? Number(side.text) : null);
  const one = number(test.left) ?? number(test.right);
  const equality = [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsToken].includes(kind);
  const order = [ts.SyntaxKind.GreaterThanToken, ts.SyntaxKind.LessThanToken].includes(kind);
  return (equality && one === 1) || (order && (one === 1 || one === 2));
}

/** A hand plural: a singular-or-plural test choosing between words (either branch has a letter). */
function isHandPlural(node: ts.ConditionalExpression): boolean {
  if (!isOneTest(node.condition)) return false;
  return [node.whenTrue, node.whenFalse].some((branch) => stringsOf(branch).some((s) => /\p{L}/u.test(fixedText(s) ?? '')));
}

/** Words built in script code that a person reads: see the top of the file. */
export function scriptWordsIn(fileName: string, source: string): ScriptWords[] {
  const tree = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: ScriptWords[] = [];
  const seen = new Set<number>();
  const add = (node: ts.Node, where: string) => {
    if (seen.has(node.getStart(tree))) return;
    seen.add(node.getStart(tree));
    found.push({ start: node.getStart(tree), text: (fixedText(node) ?? node.getText(tree)).trim(), where });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isConditionalExpression(node) && isHandPlural(node)) add(node, 'plural by hand');
    if (isLogCall(node)) return;
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && isSentence(node.text)) add(node, 'sentence');
    if (ts.isTemplateExpression(node) && isSentence(node.head.text)) add(node, 'sentence');
    if (ts.isCallExpression(node)) {
      const saying = SAYING_CALLS.find((c) => c.test(node.expression));
      if (saying) for (const argument of node.arguments) for (const s of stringsOf(argument)) if (reads(s)) add(s, saying.where);
    }
    if (ts.isPropertyAssignment(node) && SHOWN_FIELDS.has(propertyName(node.name))) {
      for (const s of stringsOf(node.initializer)) if (reads(s)) add(s, `${propertyName(node.name)}:`);
    }
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(node.left) && SHOWN_FIELDS.has(node.left.name.text)) {
      for (const s of stringsOf(node.right)) if (reads(s)) add(s, `.${node.left.name.text} =`);
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found.sort((a, b) => a.start - b.start);
}

/** A sentence wherever it is: a capital, then a second word, as in "Already uploaded (the same content)." */
function isSentence(text: string): boolean {
  return /^\p{Lu}\p{Ll}*\s+\p{L}{2,}/u.test(text.trim());
}

/** console.* and a logger's calls: a developer's note, read in the log, not in the window. */
function isLogCall(node: ts.Node): boolean {
  if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return false;
  return /^(console|log|logger)$/.test(nameOf(node.expression.expression));
}

function propertyName(name: ts.PropertyName): string {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : '';
}
