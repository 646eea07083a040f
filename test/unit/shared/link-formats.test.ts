import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS, formatLink, formatLinks, type LinkVideo } from '../../../shared/link-formats.ts';

const tricky: LinkVideo = {
  id: 'v1',
  name: 'He said "hi", then <b>left</b> & [ran] *away*_\nnext line',
  embedUrl: 'https://example.test/embed/v1?a=1&b=(2)',
  downloadUrl: 'https://example.test/dl/v1',
};
const plain: LinkVideo = { id: 'v2', name: 'Plain', embedUrl: 'https://example.test/embed/v2', downloadUrl: 'https://example.test/dl/v2' };

describe('link formats', () => {
  it('CSV parses back to the same fields, quotes, commas and newlines included', () => {
    const rows = parse(formatLinks([tricky, plain], 'csv'), { columns: true }) as Record<string, string>[];
    expect(rows).toEqual([tricky, plain].map((v) => Object.fromEntries(CSV_COLUMNS.map((c) => [c, v[c]]))));
  });

  it('HTML and iframe escape the name and the address', () => {
    expect(formatLink(tricky, 'html')).toBe(
      '<a href="https://example.test/embed/v1?a=1&amp;b=(2)">He said &quot;hi&quot;, then &lt;b&gt;left&lt;/b&gt; &amp; [ran] *away*_\nnext line</a>',
    );
    expect(formatLink(tricky, 'iframe')).toBe(
      '<iframe src="https://example.test/embed/v1?a=1&amp;b=(2)" title="He said &quot;hi&quot;, then &lt;b&gt;left&lt;/b&gt; &amp; [ran] *away*_\nnext line" allowfullscreen></iframe>',
    );
  });

  it('Markdown escapes link text and keeps the whole address as the target', () => {
    expect(formatLink(tricky, 'markdown')).toBe(
      '[He said "hi", then \\<b\\>left\\</b\\> & \\[ran\\] \\*away\\*\\_ next line](<https://example.test/embed/v1?a=1&b=(2)>)',
    );
  });

  it('plain lists addresses one per line; JSON round-trips', () => {
    expect(formatLinks([tricky, plain], 'plain')).toBe(`${tricky.embedUrl}\n${plain.embedUrl}`);
    expect(JSON.parse(formatLinks([tricky, plain], 'json'))).toEqual([tricky, plain]);
  });
});

describe('link formats: CSV and formulas (issue 27 item 5)', () => {
  it('writes a title that starts like a formula as text, in every CSV this module writes', () => {
    const names = ["=cmd|' /C calc'!A0", '@SUM(1+1)', '+HYPERLINK("http://evil.test","x")', '-1+1', '\r=1'];
    const videos = names.map((name, i) => ({ id: `v${i}`, name, embedUrl: `https://e.test/${i}`, downloadUrl: `https://d.test/${i}` }));
    const rows = parse(formatLinks(videos, 'csv'), { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.name)).toEqual(names.map((n) => `'${n}`));
    const line = parse(formatLink(videos[0]!, 'csv')) as string[][];
    expect(line[0]![1]).toBe(`'${names[0]}`);
  });
});
