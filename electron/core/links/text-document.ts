// A text as bytes and as characters, so that links found in the characters can be swapped in
// the bytes and every other byte stays as it was: line endings, a byte-order mark, the
// encoding, even bytes the encoding cannot name. Decoding is the project's encoding stack
// (files/subtitle-encoding.ts: byte-order marks, UTF-16 patterns, valid UTF-8, then chardet;
// iconv-lite). A decoding is only used when it re-encodes to the very bytes read; when it does
// not (a Windows-1252 file with a byte 0x81 that has no character), an ASCII-compatible text
// is read byte for byte as Latin-1 instead: links are ASCII, so they are found at the same
// places, and the bytes around them are never decoded and re-encoded at all.
import { isAscii } from 'node:buffer';
import { AppError } from '../../../shared/errors.ts';
import { said } from '../../../shared/said.ts';
import type { TextEncoding } from '../../../shared/link-text.ts';
import { detectSubtitleEncoding, iconv } from '../files/subtitle-encoding.ts';

export interface TextDocument {
  /** The bytes as read. */
  bytes: Buffer;
  /** The iconv-lite name it was decoded with ('latin1': read byte for byte). */
  encoding: string;
  /** The byte-order mark's length (0 without one). */
  bomLength: number;
  /** The characters after the byte-order mark. */
  text: string;
}

/** A place in the text's characters. */
export interface CharSpan {
  start: number;
  end: number;
}

export interface ByteSpan {
  byteStart: number;
  byteEnd: number;
}

const BOMS: ReadonlyArray<{ encoding: string; bom: readonly number[] }> = [
  { encoding: 'utf-8', bom: [0xef, 0xbb, 0xbf] },
  { encoding: 'utf-16le', bom: [0xff, 0xfe] },
  { encoding: 'utf-16be', bom: [0xfe, 0xff] },
];

const UTF16 = new Set(['utf-16le', 'utf-16be']);

function bomLengthOf(bytes: Uint8Array, encoding: string): number {
  const row = BOMS.find((b) => b.encoding === encoding);
  return row && row.bom.every((byte, i) => bytes[i] === byte) ? row.bom.length : 0;
}

/** Characters 0–127 only (a link): every encoding here but UTF-16 writes them byte for byte. */
const isAsciiText = (text: string): boolean => {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
};

function encode(text: string, encoding: string): Buffer {
  if (encoding === 'utf-8') return Buffer.from(text, 'utf8');
  // A replaced link is ASCII: thousands of them skip iconv's per-call encoder.
  if (encoding === 'latin1' || (!UTF16.has(encoding) && isAsciiText(text))) return Buffer.from(text, 'latin1');
  return iconv().encode(text, encoding);
}

/** Reads bytes as a text whose characters re-encode to exactly these bytes. */
export function decodeDocument(bytes: Buffer): TextDocument {
  // ASCII without NULs is what the detector calls valid UTF-8 (no byte-order mark, no UTF-16
  // zeros), and reads the same in every encoding here: one fast check and a byte-per-character
  // string instead of the detector's pass and a decoding pass (a 20 MB export is mostly ASCII).
  if (isAscii(bytes) && !bytes.includes(0)) return { bytes, encoding: 'utf-8', bomLength: 0, text: bytes.toString('latin1') };
  const { encoding, by } = detectSubtitleEncoding(bytes);
  const bomLength = bomLengthOf(bytes, encoding);
  const body = bytes.subarray(bomLength);
  const text = encoding === 'utf-8' ? body.toString('utf8') : iconv().decode(body, encoding, { stripBOM: false });
  // Bytes found to be valid UTF-8 decode and re-encode to themselves: no second pass over 20 MB to prove it.
  if (by === 'utf8-valid' || encode(text, encoding).equals(body)) return { bytes, encoding, bomLength, text };
  // UTF-16 has no byte-for-byte reading that keeps its links findable.
  if (UTF16.has(encoding)) throw new AppError('validation', said('link_text_not_encoding', { encoding: encoding.toUpperCase() }));
  return { bytes, encoding: 'latin1', bomLength, text: body.toString('latin1') };
}

/** A pasted text: its bytes are its UTF-8. */
export function documentOfText(text: string): TextDocument {
  return { bytes: Buffer.from(text, 'utf8'), encoding: 'utf-8', bomLength: 0, text };
}

export function describeEncoding(document: TextDocument): TextEncoding {
  return { name: document.encoding, bom: document.bomLength > 0 };
}

/**
 * The bytes of each span (spans in order, not overlapping). A text whose every character is
 * one byte (or, in UTF-16, two) is counted, not encoded; otherwise the text between spans is
 * measured once, so a 20 MB text costs one pass.
 */
export function byteSpans(document: TextDocument, spans: readonly CharSpan[]): ByteSpan[] {
  const bodyLength = document.bytes.length - document.bomLength;
  const unit = UTF16.has(document.encoding) ? 2 : bodyLength === document.text.length ? 1 : 0;
  if (unit > 0) return spans.map((s) => ({ byteStart: document.bomLength + s.start * unit, byteEnd: document.bomLength + s.end * unit }));
  const measure = document.encoding === 'utf-8' ? (text: string) => Buffer.byteLength(text, 'utf8') : (text: string) => iconv().encode(text, document.encoding).length;
  const result: ByteSpan[] = [];
  let char = 0;
  let byte = document.bomLength;
  for (const span of spans) {
    byte += measure(document.text.slice(char, span.start));
    const byteStart = byte;
    byte += measure(document.text.slice(span.start, span.end));
    result.push({ byteStart, byteEnd: byte });
    char = span.end;
  }
  return result;
}

/** A replacement of a span of the text. */
export interface Edit extends ByteSpan {
  text: string;
}

/**
 * The document's bytes with each span (in order) replaced by its text in the document's
 * encoding, as the pieces to write one after the other: views of the original bytes between
 * the edits (no 20 MB copy), and the edits' encoded texts.
 */
export function editedParts(document: TextDocument, edits: readonly Edit[]): Buffer[] {
  const pieces: Buffer[] = [];
  let at = 0;
  for (const edit of edits) {
    pieces.push(document.bytes.subarray(at, edit.byteStart), encode(edit.text, document.encoding));
    at = edit.byteEnd;
  }
  pieces.push(document.bytes.subarray(at));
  return pieces;
}
