// The link finder (electron/core/links/link-finder.ts): every shape the app's own export
// formats write (derived from shared/export-formats.ts's table, not restated), with and
// without scheme and `www.`, in any host case, HTML-escaped and JSON-escaped; never another
// host, a lookalike domain, a subdomain or the host's name as a path elsewhere.
import { describe, expect, it } from 'vitest';
import { EXPORT_FORMAT, EXPORT_FORMATS, type ExportVideo } from '../../../../shared/export-formats.ts';
import { LinkFinder } from '../../../../electron/core/links/link-finder.ts';
import { templateOf, templatesOf } from '../../../../electron/core/links/link-templates.ts';

const ID = 'abcDEF123_xy';
const OTHER = 'zzzzzzzzzzz9';
const known = { id: 'k00000000000', download: 'https://dood.test/d/k00000000000', embed: 'https://dood.test/e/k00000000000' };
const finder = new LinkFinder(templatesOf([known]));

const found = (text: string) => finder.find(text).map((l) => ({ link: text.slice(l.start, l.end), kind: l.kind, id: l.id }));

function video(id: string): ExportVideo {
  return { id, title: 'A [title] & <more>', size: 1, lengthSeconds: 1, views: 0, created: null, folder: 'f', download: `https://dood.test/d/${id}`, embed: `https://dood.test/e/${id}`, thumbnail: `https://dood.test/img/${id}/thumb.png` };
}

describe('link templates', () => {
  it('takes a link apart around its id: host (lowercase, without www.), what comes before and after', () => {
    expect(templateOf('embed', 'https://WWW.Dood.Test:8443/e/abcDEF123_xy?autoplay=1', ID)).toEqual({ kind: 'embed', host: 'dood.test:8443', before: '/e/', after: '?autoplay=1' });
    expect(templateOf('download', 'https://dood.test/d/other', ID)).toBeNull();
    expect(templateOf('download', 'not a url', ID)).toBeNull();
  });

  it('a million links of one shape make one template per kind', () => {
    const links = Array.from({ length: 1000 }, (_, i) => ({ id: `v${String(i).padStart(11, '0')}`, download: `https://dood.test/d/v${String(i).padStart(11, '0')}`, embed: `https://dood.test/e/v${String(i).padStart(11, '0')}` }));
    expect(templatesOf(links)).toHaveLength(2);
  });
});

describe('link finder', () => {
  it('finds the download and embed link in every format the app exports', () => {
    for (const format of EXPORT_FORMATS) {
      const row = EXPORT_FORMAT[format];
      const text = `${row.head?.({}) ?? ''}${row.entry(video(ID), { template: '{download} {embed}' }, 0)}${row.entry(video(OTHER), { template: '{download} {embed}' }, 1)}${row.tail?.(2) ?? ''}`;
      const links = found(text);
      // Every format carries the embed link; the data formats and the download format the download link too.
      const expected = [video(ID), video(OTHER)].flatMap((v) => {
        const entry = row.entry(v, { template: '{download} {embed}' }, 1);
        return [
          ...(entry.includes(v.download) ? [{ link: v.download, kind: 'download', id: v.id }] : []),
          ...(entry.includes(v.embed) ? [{ link: v.embed, kind: 'embed', id: v.id }] : []),
        ];
      });
      expect(links, format).toEqual(expected);
      expect(expected.length, format).toBeGreaterThan(0);
    }
  });

  it('finds links with or without scheme and www., in any host case, and spans exactly the link', () => {
    const shapes = [
      `https://dood.test/d/${ID}`,
      `http://dood.test/d/${ID}`,
      `https://www.dood.test/d/${ID}`,
      `//dood.test/e/${ID}`,
      `www.dood.test/e/${ID}`,
      `dood.test/d/${ID}`,
      `HTTPS://WWW.DOOD.TEST/d/${ID}`,
      `Dood.Test/e/${ID}`,
    ];
    for (const shape of shapes) {
      const text = `see ${shape}, ok`;
      expect(found(text), shape).toEqual([{ link: shape, kind: /\/d\//.test(shape) ? 'download' : 'embed', id: ID }]);
    }
  });

  it('finds links in BBCode, HTML (attribute-escaped), Markdown, CSV and JSON as sites write them', () => {
    const text = [
      `[url=https://dood.test/e/${ID}]One[/url] [url]dood.test/d/${ID}[/url] [img]https://dood.test/img/${ID}/thumb.png[/img]`,
      `<a href="https://dood.test/e/${ID}?a=1&amp;b=2">x</a> <iframe src='//www.dood.test/e/${ID}'></iframe>`,
      `[One](https://dood.test/d/${ID}) <https://dood.test/e/${ID}> [two](<https://dood.test/e/${ID}>)`,
      `"${ID}","https://dood.test/d/${ID}",https://dood.test/e/${ID}\r\n`,
      `{"download":"https:\\/\\/dood.test\\/d\\/${ID}"}`,
    ].join('\n');
    expect(found(text).map((l) => l.link)).toEqual([
      `https://dood.test/e/${ID}`,
      `dood.test/d/${ID}`,
      `https://dood.test/e/${ID}`,
      `//www.dood.test/e/${ID}`,
      `https://dood.test/d/${ID}`,
      `https://dood.test/e/${ID}`,
      `https://dood.test/e/${ID}`,
      `https://dood.test/d/${ID}`,
      `https://dood.test/e/${ID}`,
      `https:\\/\\/dood.test\\/d\\/${ID}`,
    ]);
  });

  it('an escaped & inside a template is matched in its HTML forms', () => {
    const query = new LinkFinder(templatesOf([{ id: 'k00000000000', download: 'https://dood.test/d?id=k00000000000&x=1', embed: 'https://dood.test/e/k00000000000' }]));
    const text = `<a href="https://dood.test/d?id=${ID}&amp;x=1">a</a> https://dood.test/d?id=${ID}&#38;x=1 https://dood.test/d?id=${ID}&x=1`;
    expect(query.find(text).map((l) => [text.slice(l.start, l.end), l.id])).toEqual([
      [`https://dood.test/d?id=${ID}&amp;x=1`, ID],
      [`https://dood.test/d?id=${ID}&#38;x=1`, ID],
      [`https://dood.test/d?id=${ID}&x=1`, ID],
    ]);
  });

  it('does not match other hosts, lookalike domains, subdomains, paths elsewhere or ids of the wrong length', () => {
    const misses = [
      `https://notdood.test/d/${ID}`,
      `https://dood.test.evil.example/d/${ID}`,
      `https://cdn.dood.test/d/${ID}`,
      `https://evil.example/dood.test/d/${ID}`,
      `https://evil.example//dood.test/d/${ID}`,
      `https://dood-test.example/d/${ID}`,
      `https://dood.testing/d/${ID}`,
      `https://dood.test/d/${ID}x`,
      `https://dood.test/d/short`,
      `https://dood.test/x/${ID}`,
      `https://dood.test/D/${ID}`,
      `mail@dood.test/d/${ID}`,
      `https://other.example/d/${ID}`,
    ];
    for (const miss of misses) expect(found(`a ${miss} b`), miss).toEqual([]);
  });

  it('finds nothing without a known link to learn the shape from', () => {
    expect(new LinkFinder([]).find(`https://dood.test/d/${ID}`)).toEqual([]);
  });

  it('learns mirrors and ports from the links it is given', () => {
    const mirrors = new LinkFinder(templatesOf([known, { id: 'm00000000000', download: 'http://127.0.0.1:4567/d/m00000000000', embed: 'https://mirror.test/embed/m00000000000.html' }]));
    const text = `127.0.0.1:4567/d/${ID} https://mirror.test/embed/${ID}.html https://mirror.test/embed/${ID}`;
    expect(mirrors.find(text).map((l) => [l.kind, text.slice(l.start, l.end)])).toEqual([
      ['download', `127.0.0.1:4567/d/${ID}`],
      ['embed', `https://mirror.test/embed/${ID}.html`],
    ]);
  });
});
