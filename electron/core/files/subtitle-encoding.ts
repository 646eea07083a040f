// Subtitle text as the service needs it: detect the encoding of a real-world SRT/VTT file
// (Windows-1252, ISO-8859-x, UTF-16 with or without a byte-order mark, GB18030, Shift-JIS,
// CP1251 ...), decode it to text, and repair the faults that make hosts mangle or refuse
// such files. Detection is chardet's statistical model (a port of Mozilla's universal
// detector) after the cases it cannot see: byte-order marks, UTF-16 without one, and valid
// UTF-8 (which the detector sometimes calls Latin-1). Decoding is iconv-lite.
import { lazyPackage } from '../lazy-package.ts';
import { SUBTITLE_ENCODINGS } from '../../../shared/subtitle-encodings.ts';

// Loaded with the first subtitle or text document, not with the app (links/text-document.ts
// encodes and decodes with the same iconv-lite).
const chardet = lazyPackage<typeof import('chardet')>('chardet');
export const iconv = lazyPackage<typeof import('iconv-lite')>('iconv-lite');

const KNOWN: ReadonlySet<string> = new Set(SUBTITLE_ENCODINGS.map((e) => e.name));

export function isKnownEncoding(name: string): boolean {
  return KNOWN.has(name);
}

interface DetectedEncoding {
  /** An iconv-lite name from SUBTITLE_ENCODINGS. */
  encoding: string;
  /** How it was decided: a byte-order mark, a byte pattern, or the detector with its confidence (0-100). */
  by: 'bom' | 'utf16-pattern' | 'utf8-valid' | 'detector' | 'fallback';
  confidence: number | null;
}

// What chardet reports, as the encoding to decode with. Latin-1 files are nearly always
// Windows-1252 in practice (browsers decode them so too): 0x80-0x9F are curly quotes and
// dashes there, control codes in ISO-8859-1.
const DETECTOR_NAMES: Record<string, string> = {
  'UTF-8': 'utf-8',
  'UTF-16LE': 'utf-16le',
  'UTF-16BE': 'utf-16be',
  'ISO-8859-1': 'windows-1252',
  'ISO-8859-2': 'iso-8859-2',
  'ISO-8859-5': 'iso-8859-5',
  'ISO-8859-7': 'iso-8859-7',
  'ISO-8859-8': 'iso-8859-8',
  'ISO-8859-9': 'iso-8859-9',
  'windows-1250': 'windows-1250',
  'windows-1251': 'windows-1251',
  'windows-1252': 'windows-1252',
  'windows-1253': 'windows-1253',
  'windows-1254': 'windows-1254',
  'windows-1255': 'windows-1255',
  'windows-1256': 'windows-1256',
  'windows-1257': 'windows-1257',
  'KOI8-R': 'koi8-r',
  GB18030: 'gb18030',
  Big5: 'big5',
  Shift_JIS: 'shift_jis',
  'EUC-JP': 'euc-jp',
  'EUC-KR': 'euc-kr',
};

function bomEncoding(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return null;
}

/**
 * UTF-16 without a byte-order mark: subtitle text is mostly digits, colons and ASCII-range
 * letters, so one byte of nearly every pair is zero. The detector does not look for this.
 */
function utf16Pattern(bytes: Uint8Array): string | null {
  const n = Math.min(bytes.length - (bytes.length % 2), 4096);
  if (n < 8) return null;
  let evenZero = 0;
  let oddZero = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZero++;
    if (bytes[i + 1] === 0) oddZero++;
  }
  const pairs = n / 2;
  if (oddZero > pairs * 0.3 && evenZero < pairs * 0.05) return 'utf-16le';
  if (evenZero > pairs * 0.3 && oddZero < pairs * 0.05) return 'utf-16be';
  return null;
}

function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

export function detectSubtitleEncoding(bytes: Uint8Array): DetectedEncoding {
  const bom = bomEncoding(bytes);
  if (bom) return { encoding: bom, by: 'bom', confidence: null };
  const utf16 = utf16Pattern(bytes);
  if (utf16) return { encoding: utf16, by: 'utf16-pattern', confidence: null };
  if (isValidUtf8(bytes)) return { encoding: 'utf-8', by: 'utf8-valid', confidence: null };
  for (const match of chardet().analyse(bytes)) {
    const encoding = DETECTOR_NAMES[match.name];
    if (encoding) return { encoding, by: 'detector', confidence: match.confidence };
  }
  return { encoding: 'windows-1252', by: 'fallback', confidence: null };
}

/** Decodes with the given encoding (a byte-order mark of that encoding is dropped). */
export function decodeWith(bytes: Uint8Array, encoding: string): string {
  return iconv().decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), encoding, { stripBOM: true });
}

export function encodeUtf8(text: string): Buffer {
  return Buffer.from(text, 'utf8');
}
