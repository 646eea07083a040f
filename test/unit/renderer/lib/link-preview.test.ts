// The side-by-side preview of Fix my links (renderer/src/lib/link-preview.ts): the text as read
// rebuilt from the text written and its changes, a row per line with each replaced link marked,
// and a long text cut down to the lines around its changes.
import { describe, expect, it } from 'vitest';
import { originalText, previewRows, WHOLE_TEXT_LINES } from '../../../../renderer/src/lib/link-preview.ts';
import type { LinkChange } from '../../../../shared/link-text.ts';

/** The change that swaps `before` for `after` at `start` in `original`, where the written text has it at `newStart`. */
function change(start: number, before: string, after: string, newStart: number): LinkChange {
  return { start, end: start + before.length, byteStart: start, byteEnd: start + before.length, kind: 'download', oldId: 'old', newId: 'new', before, after, newStart, newEnd: newStart + after.length };
}

describe('originalText', () => {
  it('puts each old link back where its new one stands', () => {
    const original = 'a http://h/d/OLD1 b\r\nc http://h/d/OLD22 d';
    const fixed = 'a http://h/d/N b\r\nc http://h/d/NEW d';
    const changes = [
      change(original.indexOf('http://h/d/OLD1'), 'http://h/d/OLD1', 'http://h/d/N', fixed.indexOf('http://h/d/N ')),
      change(original.indexOf('http://h/d/OLD22'), 'http://h/d/OLD22', 'http://h/d/NEW', fixed.indexOf('http://h/d/NEW')),
    ];
    expect(originalText(fixed, changes)).toBe(original);
  });
});

describe('previewRows', () => {
  it('marks the old link on the left and the new one on the right, without the line breaks', () => {
    const original = '[url=http://h/d/OLD]x[/url]\r\nplain line\r\n';
    const fixed = '[url=http://h/d/NEWER]x[/url]\r\nplain line\r\n';
    const { rows, cut } = previewRows(original, fixed, [change(5, 'http://h/d/OLD', 'http://h/d/NEWER', 5)]);
    expect(cut).toBe(false);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toEqual({
      kind: 'line',
      number: 1,
      changed: true,
      before: [{ text: '[url=', mark: false }, { text: 'http://h/d/OLD', mark: true }, { text: ']x[/url]', mark: false }],
      after: [{ text: '[url=', mark: false }, { text: 'http://h/d/NEWER', mark: true }, { text: ']x[/url]', mark: false }],
    });
    expect(rows[1]).toMatchObject({ kind: 'line', number: 2, changed: false, before: [{ text: 'plain line', mark: false }] });
  });

  it('shows a long text as its changed lines with two lines around them, the rest counted', () => {
    const lines = Array.from({ length: WHOLE_TEXT_LINES + 100 }, (_, i) => `line ${i}`);
    lines[200] = 'see http://h/d/OLD here';
    const original = lines.join('\n');
    const fixed = original.replace('http://h/d/OLD', 'http://h/d/NEW');
    const start = original.indexOf('http://h/d/OLD');
    const { rows } = previewRows(original, fixed, [change(start, 'http://h/d/OLD', 'http://h/d/NEW', start)]);
    expect(rows.map((r) => (r.kind === 'gap' ? `gap ${r.lines}` : r.number))).toEqual(['gap 198', 199, 200, 201, 202, 203, `gap ${lines.length - 203}`]);
  });
});
