// The format table (shared/export-formats.ts): every escaping rule against hostile titles a
// service or uploader chose: `"><script>`, formulas (`=cmd|`), commas, quotes, line breaks,
// brackets and CJK. Issue 27 items 5 and 9; issue 28 section 1.
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { checkTemplate, csvRecord, EXPORT_COLUMNS, EXPORT_FORMAT, EXPORT_FORMATS, renderTemplate, TemplateError, type ExportVideo } from '../../../shared/export-formats.ts';

const HOSTILE = [
  '"><script>alert(1)</script>',
  "=cmd|' /C calc'!A0",
  '@SUM(1+1)*cmd|\' /C calc\'!A0',
  '+HYPERLINK("http://evil.test","x")',
  '-2+3+cmd|\' /C calc\'!A0',
  '\t=1+1',
  '\r=1',
  '\uFF1D1+1',
  'a, b, "c"',
  'line one\nline two\r\nthree',
  '[b]bold[/b] *em* _u_ `code` \\ <i>',
  '東京の夜景 ビデオ',
];

function video(title: string, index: number): ExportVideo {
  return {
    id: `vid${index}`,
    title,
    size: 1234,
    lengthSeconds: -1,
    views: 3,
    created: '2026-01-02 03:04:05',
    folder: '=folder()',
    download: `https://example.test/d/${index}?a=1&b=(2)`,
    embed: `https://example.test/e/${index}?a=1&b=(2)`,
    thumbnail: `https://example.test/t/[${index}].jpg`,
  };
}

const write = (format: (typeof EXPORT_FORMATS)[number], videos: ExportVideo[], options = {}) => {
  const row = EXPORT_FORMAT[format];
  return (row.head?.(options) ?? '') + videos.map((v, i) => row.entry(v, options, i)).join('') + (row.tail?.(videos.length) ?? '');
};

describe('CSV (RFC 4180, formulas written as text)', () => {
  it('parses back to every title, quotes, commas and line breaks included; no cell a spreadsheet would run', () => {
    const text = write('csv', HOSTILE.map(video));
    expect(text.startsWith(`${EXPORT_COLUMNS.join(',')}\r\n`)).toBe(true);
    const rows = parse(text, { columns: true }) as Array<Record<string, string>>;
    expect(Object.keys(rows[0]!)).toEqual([...EXPORT_COLUMNS]);
    expect(rows.map((r) => r.title)).toEqual(HOSTILE.map((t) => (/^[=+\-@\t\r\uFF1D]/.test(t) ? `'${t}` : t)));
    for (const row of rows) {
      expect(row.folder).toBe("'=folder()");
      // A number column is written as the number (a negative one too), not as text.
      expect(row.lengthSeconds).toBe('-1');
      expect(row.size).toBe('1234');
    }
  });

  it('quotes only what needs it and leaves an unknown value empty', () => {
    expect(csvRecord(['plain', 'a,b', 'say "hi"', 'x\ny', null, 7])).toBe('plain,"a,b","say ""hi""","x\ny",,7\r\n');
  });
});

describe('HTML and iframe (one escaping)', () => {
  it('escapes the title and the address so no tag or attribute can be opened', () => {
    const title = HOSTILE[0]!;
    expect(write('html', [video(title, 0)])).toBe(
      '<a href="https://example.test/e/0?a=1&amp;b=(2)">&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;</a>\n',
    );
    expect(write('iframe', [video(title, 0)], { width: 800, height: 450 })).toBe(
      '<iframe src="https://example.test/e/0?a=1&amp;b=(2)" title="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" width="800" height="450" frameborder="0" allowfullscreen></iframe>\n',
    );
    for (const format of ['html', 'iframe'] as const) {
      const text = write(format, HOSTILE.map(video));
      expect(text).not.toContain('<script');
      expect(text).not.toMatch(/"></);
      expect(text).toContain('東京の夜景 ビデオ');
    }
  });
});

describe('Markdown and BBCode', () => {
  it('Markdown escapes link text and keeps the whole address as the target', () => {
    expect(write('markdown', [video(HOSTILE[10]!, 0)])).toBe('[\\[b\\]bold\\[/b\\] \\*em\\* \\_u\\_ \\`code\\` \\\\ \\<i\\>](<https://example.test/e/0?a=1&b=(2)>)\n');
    expect(write('markdown', [video(HOSTILE[9]!, 0)])).toBe('[line one line two three](<https://example.test/e/0?a=1&b=(2)>)\n');
  });

  it('BBCode keeps brackets and line breaks in a title from opening or closing tags', () => {
    const line = write('bbcode', [video('Say "hi", [b]bold[/b]\n<script>', 0)]);
    expect(line).toBe('[url=https://example.test/e/0?a=1&b=(2)]Say "hi", (b)bold(/b) <script>[/url]\n');
    expect(line.match(/\[/g)).toHaveLength(2);
    expect(write('bbcode-img', [video('x', 1)])).toBe('[url=https://example.test/e/1?a=1&b=(2)][img]https://example.test/t/%5B1%5D.jpg[/img][/url]\n');
    expect(write('bbcode-img', [{ ...video('no thumb', 2), thumbnail: '' }])).toBe(write('bbcode', [video('no thumb', 2)]));
  });
});

describe('JSON and one-per-line', () => {
  it('JSON round-trips every column of every title; an empty export is an empty array', () => {
    const videos = HOSTILE.map(video);
    expect(JSON.parse(write('json', videos))).toEqual(videos.map((v) => Object.fromEntries(EXPORT_COLUMNS.map((c) => [c, v[c]]))));
    expect(write('json', [])).toBe('[]\n');
  });

  it('download and embed are one address per line', () => {
    expect(write('download', [video('a', 0), video('b', 1)])).toBe('https://example.test/d/0?a=1&b=(2)\nhttps://example.test/d/1?a=1&b=(2)\n');
    expect(write('embed', [video('a', 0)])).toBe('https://example.test/e/0?a=1&b=(2)\n');
  });

  it('every format has its file extension and media type', () => {
    for (const format of EXPORT_FORMATS) expect(EXPORT_FORMAT[format]).toMatchObject({ extension: expect.stringMatching(/^[a-z]+$/), mime: expect.stringMatching(/^[a-z]+\/[a-z-]+$/) });
    expect(EXPORT_FORMATS.filter((f) => EXPORT_FORMAT[f].kind === 'data')).toEqual(['csv', 'json']);
  });
});

describe('custom template', () => {
  it('fills every placeholder, values as they are, an unknown size empty', () => {
    const template = '{title} | {download} | {embed} | {thumbnail} | {size} | {folder} | {id}';
    checkTemplate(template);
    const v = video('Trip', 0);
    expect(renderTemplate(template, v)).toBe(`Trip | ${v.download} | ${v.embed} | ${v.thumbnail} | 1234 | =folder() | vid0`);
    expect(renderTemplate('<a href="{embed}">{size}</a>', { ...v, size: null })).toBe(`<a href="${v.embed}"></a>`);
  });

  it('refuses an unknown placeholder and an empty template with a clear message', () => {
    expect(() => checkTemplate('{titel} {embed}')).toThrow(TemplateError);
    expect(() => checkTemplate('{titel} {embed}')).toThrow(/\{titel\} is not a placeholder. Use \{id\}, \{title\}/);
    expect(() => checkTemplate('')).toThrow(/empty/);
  });
});
