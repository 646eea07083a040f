// The side-by-side preview of Fix my links: the text as read on the left, as written on the
// right, a row per line (a link never holds a line break, so both sides have the same lines),
// each replaced link marked. A long text shows only the lines around its changes.
import type { LinkChange } from '../../../shared/link-text.ts';

export interface PreviewPiece {
  text: string;
  /** A replaced link (the old one on the left, the new one on the right). */
  mark: boolean;
}

export type PreviewRow =
  | { kind: 'line'; number: number; before: PreviewPiece[]; after: PreviewPiece[]; changed: boolean }
  | { kind: 'gap'; lines: number };

/** Up to this many lines the whole text shows; past it, the changed lines with a little context. */
export const WHOLE_TEXT_LINES = 400;
const CONTEXT_LINES = 2;
/** A preview stops after this many rows (a 20 MB text with 100,000 changes): the saved file holds them all. */
export const MAX_PREVIEW_ROWS = 2_000;

/** The text as read, rebuilt from the text written and its changes (the core answers only the latter). */
export function originalText(fixed: string, changes: readonly LinkChange[]): string {
  let original = '';
  let at = 0;
  for (const change of [...changes].sort((a, b) => a.newStart - b.newStart)) {
    original += fixed.slice(at, change.newStart) + change.before;
    at = change.newEnd;
  }
  return original + fixed.slice(at);
}

/** Where each line begins (offsets of the characters after each "\n"), the first at 0. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** The line holding `offset` (binary search over the starts). */
function lineOf(starts: readonly number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid]! <= offset) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** One line cut into plain and marked pieces; its line break (\n or \r\n) is not shown. */
function pieces(text: string, from: number, to: number, marks: ReadonlyArray<[number, number]>): PreviewPiece[] {
  const line = text.slice(from, to).replace(/\r?\n$/, '');
  const out: PreviewPiece[] = [];
  let at = 0;
  for (const [start, end] of marks) {
    if (start - from > at) out.push({ text: line.slice(at, start - from), mark: false });
    out.push({ text: line.slice(start - from, end - from), mark: true });
    at = end - from;
  }
  if (at < line.length) out.push({ text: line.slice(at), mark: false });
  return out;
}

export function previewRows(original: string, fixed: string, changes: readonly LinkChange[]): { rows: PreviewRow[]; cut: boolean } {
  const before = lineStarts(original);
  const after = lineStarts(fixed);
  const byLine = new Map<number, LinkChange[]>();
  for (const change of changes) {
    const line = lineOf(before, change.start);
    const list = byLine.get(line) ?? [];
    list.push(change);
    byLine.set(line, list);
  }
  const lines = before.length;
  const whole = lines <= WHOLE_TEXT_LINES;
  const shown = (line: number): boolean => {
    if (whole) return true;
    for (let d = -CONTEXT_LINES; d <= CONTEXT_LINES; d++) if (byLine.has(line + d)) return true;
    return false;
  };
  const rows: PreviewRow[] = [];
  let hidden = 0;
  for (let line = 0; line < lines; line++) {
    if (!shown(line)) {
      hidden++;
      continue;
    }
    if (rows.length >= MAX_PREVIEW_ROWS) return { rows, cut: true };
    if (hidden > 0) rows.push({ kind: 'gap', lines: hidden });
    hidden = 0;
    const here = (byLine.get(line) ?? []).sort((a, b) => a.start - b.start);
    const end = (starts: readonly number[], text: string) => (line + 1 < starts.length ? starts[line + 1]! : text.length);
    rows.push({
      kind: 'line',
      number: line + 1,
      before: pieces(original, before[line]!, end(before, original), here.map((c) => [c.start, c.end])),
      after: pieces(fixed, after[line]!, end(after, fixed), here.map((c) => [c.newStart, c.newEnd])),
      changed: here.length > 0,
    });
  }
  if (hidden > 0) rows.push({ kind: 'gap', lines: hidden });
  return { rows, cut: false };
}
