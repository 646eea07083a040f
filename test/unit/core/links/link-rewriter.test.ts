// The rewriter (electron/core/links/link-rewriter.ts) over the text document
// (text-document.ts): the output is byte for byte the input except the replaced links, in
// UTF-8 with and without a byte-order mark, Windows-1252 with CRLF, UTF-16 and a text with a
// byte its encoding cannot name; download links get the download replacement, embed links the
// embed one, and the change list's spans point at the right bytes on both sides.
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { LinkFinder } from '../../../../electron/core/links/link-finder.ts';
import { rewriteLinks } from '../../../../electron/core/links/link-rewriter.ts';
import { templatesOf } from '../../../../electron/core/links/link-templates.ts';
import { byteSpans, decodeDocument, documentOfText, type TextDocument } from '../../../../electron/core/links/text-document.ts';
import type { Replacement } from '../../../../shared/links.ts';

const OLD = 'old000000001';
const NEW = 'new000000001';
const KEEP = 'keep00000001';
const finder = new LinkFinder(templatesOf([{ id: KEEP, download: `https://dood.test/d/${KEEP}`, embed: `https://dood.test/e/${KEEP}` }]));
const map = new Map<string, Replacement>([[OLD, { videoId: NEW, downloadUrl: `https://dood.test/d/${NEW}`, embedUrl: `https://dood.test/e/${NEW}` }]]);

function fix(document: TextDocument, replacements = map) {
  const links = finder.find(document.text);
  const spans = byteSpans(document, links);
  return rewriteLinks(
    document,
    links.map((l, i) => ({ ...l, ...spans[i]! })),
    (id) => replacements.get(id),
  );
}

/** The input with each old link's bytes replaced by the new one's: what the output must be, byte for byte. */
function expected(input: Buffer, encoding: string, pairs: ReadonlyArray<[string, string]>): Buffer {
  let latin = input.toString('latin1');
  for (const [from, to] of pairs) latin = latin.split(iconv.encode(from, encoding).toString('latin1')).join(iconv.encode(to, encoding).toString('latin1'));
  return Buffer.from(latin, 'latin1');
}

describe('rewriting links', () => {
  it('swaps download for download and embed for embed, keeping how each was written', () => {
    const text = `[url=https://dood.test/e/${OLD}]x[/url]\nwww.DOOD.test/d/${OLD} <a href="//dood.test/e/${OLD}">\nhttps://dood.test/d/${KEEP}\n`;
    const result = fix(documentOfText(text));
    expect(result.text).toBe(`[url=https://dood.test/e/${NEW}]x[/url]\nwww.DOOD.test/d/${NEW} <a href="//dood.test/e/${NEW}">\nhttps://dood.test/d/${KEEP}\n`);
    expect(result.bytes.toString('utf8')).toBe(result.text);
    expect(result.changes.map((c) => [c.kind, c.before, c.after])).toEqual([
      ['embed', `https://dood.test/e/${OLD}`, `https://dood.test/e/${NEW}`],
      ['download', `www.DOOD.test/d/${OLD}`, `www.DOOD.test/d/${NEW}`],
      ['embed', `//dood.test/e/${OLD}`, `//dood.test/e/${NEW}`],
    ]);
    for (const change of result.changes) {
      expect(text.slice(change.start, change.end)).toBe(change.before);
      expect(result.text!.slice(change.newStart, change.newEnd)).toBe(change.after);
    }
  });

  it('writes a replacement on another host in full, escaped as the old link was', () => {
    const elsewhere = new Map<string, Replacement>([[OLD, { videoId: NEW, downloadUrl: `https://mirror.test/d/${NEW}?a=1&b=2`, embedUrl: `https://mirror.test/e/${NEW}` }]]);
    const text = `<a href="https://dood.test/d/${OLD}?x=1&amp;y=2">a</a> {"e":"https:\\/\\/dood.test\\/e\\/${OLD}"} dood.test/d/${OLD}`;
    const result = fix(documentOfText(text), elsewhere);
    expect(result.changes.map((c) => c.after)).toEqual([`https://mirror.test/d/${NEW}?a=1&amp;b=2`, `https:\\/\\/mirror.test\\/e\\/${NEW}`, `https://mirror.test/d/${NEW}?a=1&b=2`]);
  });

  it('keeps every byte but the links: UTF-8 with a byte-order mark, CRLF, non-ASCII, a text with no link', () => {
    const body = `Ünïcødé 東京 — “quotes”\r\nhttps://dood.test/d/${OLD}\r\n\r\n[url=https://dood.test/e/${OLD}]€[/url]\r\n`;
    const input = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(body, 'utf8')]);
    const document = decodeDocument(input);
    expect([document.encoding, document.bomLength]).toEqual(['utf-8', 3]);
    const result = fix(document);
    expect(result.changes).toHaveLength(2);
    expect(result.bytes.equals(expected(input, 'utf-8', [[OLD, NEW]]))).toBe(true);
    for (const change of result.changes) expect(input.subarray(change.byteStart, change.byteEnd).toString('utf8')).toBe(change.before);

    const none = Buffer.from('nothing to see\r\n', 'utf8');
    expect(fix(decodeDocument(none)).bytes.equals(none)).toBe(true);
  });

  it('keeps every byte of a Windows-1252 text, also one with a byte Windows-1252 has no character for', () => {
    const body = `Café “déjà vu” – naïve\r\n[url=https://dood.test/e/${OLD}]Voilà[/url]\r\nhttp://www.dood.test/d/${OLD}\r\nÆØÅ æøå ß\r\n`.repeat(20);
    const input = iconv.encode(body, 'windows-1252');
    const document = decodeDocument(input);
    expect(document.encoding).toBe('windows-1252');
    expect(fix(document).bytes.equals(expected(input, 'windows-1252', [[OLD, NEW]]))).toBe(true);

    // 0x81 has no character in Windows-1252: the text is read byte for byte, links still found.
    const odd = Buffer.concat([input, Buffer.from([0x81, 0x0d, 0x0a])]);
    const oddDocument = decodeDocument(odd);
    expect(oddDocument.encoding).toBe('latin1');
    const result = fix(oddDocument);
    expect(result.changes).toHaveLength(40);
    expect(result.bytes.equals(expected(odd, 'latin1', [[OLD, NEW]]))).toBe(true);
  });

  it('keeps every byte of UTF-16 with a byte-order mark', () => {
    for (const encoding of ['utf-16le', 'utf-16be'] as const) {
      const body = `Grüße 東京\r\nhttps://dood.test/e/${OLD}\r\n`.repeat(10);
      const bom = encoding === 'utf-16le' ? [0xff, 0xfe] : [0xfe, 0xff];
      const input = Buffer.concat([Buffer.from(bom), iconv.encode(body, encoding)]);
      const document = decodeDocument(input);
      expect(document.encoding).toBe(encoding);
      const result = fix(document);
      expect(result.changes).toHaveLength(10);
      expect(result.bytes.equals(expected(input, encoding, [[OLD, NEW]])), encoding).toBe(true);
    }
  });

  it('byte spans of a multi-byte text point at the link bytes', () => {
    const text = `ä東🎬 https://dood.test/d/${OLD} ü https://dood.test/e/${KEEP}`;
    const document = documentOfText(text);
    const links = finder.find(text);
    const spans = byteSpans(document, links);
    expect(spans.map((s) => document.bytes.subarray(s.byteStart, s.byteEnd).toString('utf8'))).toEqual([`https://dood.test/d/${OLD}`, `https://dood.test/e/${KEEP}`]);
  });
});
