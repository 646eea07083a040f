// The export's CSV as a spreadsheet reads it: a title a hostile service or uploader chose must
// stay text, never become a formula (issue 27 item 5).
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { EXPORT_COLUMNS, exportEntry, exportFrame, type ExportVideo } from '../../../../electron/core/export/export-lines.ts';

const FORMULAS = ["=cmd|' /C calc'!A0", '@SUM(1+1)*cmd|\' /C calc\'!A0', '+HYPERLINK("http://evil.test","x")', '-2+3+cmd|\' /C calc\'!A0', '\t=1+1', '\uFF1D1+1'];

function video(name: string, index: number): ExportVideo {
  return {
    id: `vid${String(index).padStart(9, '0')}`,
    folderId: 0,
    name,
    createdAt: '2026-01-02 03:04:05',
    isPublic: true,
    views: 3,
    size: 1234,
    skipIntro: 0,
    downloadUrl: `https://example.test/d/${index}`,
    embedUrl: `https://example.test/e/${index}`,
    thumbnailUrl: `https://example.test/t/${index}.jpg`,
    splashUrl: '',
    pending: null,
    folder: '=folder()',
    durationSeconds: -1,
  };
}

describe('export CSV', () => {
  it('writes no cell a spreadsheet would run as a formula, and keeps numbers numbers', () => {
    const options = { format: 'csv' as const };
    const frame = exportFrame(options);
    const text = frame.head + FORMULAS.map((name, i) => exportEntry(video(name, i), options, i)).join('') + frame.tail(FORMULAS.length);
    const rows = parse(text, { columns: true }) as Array<Record<string, string>>;
    expect(Object.keys(rows[0]!)).toEqual([...EXPORT_COLUMNS]);
    for (const [i, row] of rows.entries()) {
      expect(row.title).toBe(`'${FORMULAS[i]}`);
      expect(row.folder).toBe("'=folder()");
      // A number column is written as the number (a negative one too), not as text.
      expect(row.lengthSeconds).toBe('-1');
      expect(row.size).toBe('1234');
    }
  });
});
