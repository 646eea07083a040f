// How the sandbox's file server reads a part's file name. Browsers send it as the HTML
// standard's multipart/form-data encoding says (RFC 7578): raw UTF-8 in a quoted string, with
// only `"`, CR and LF escaped as %22, %0D and %0A (nothing else, not even `%`). Real servers
// read the bytes as UTF-8 and keep a backslash (Go's mime/multipart keeps it as a literal when
// it escapes nothing; werkzeug too; werkzeug also decodes %22). busboy's defaults do neither:
// `defParamCharset` 'latin1' reads the UTF-8 bytes one byte a character (Café → CafÃ©) and
// without `preservePath` it keeps only what follows the last slash or backslash.
//
// 'browsers': the default, as a real server reads what a browser sends, and liberal where
// that is unambiguous: the three escapes decoded (either case of hex), nothing else touched.
// 'legacy': busboy's defaults, as an older receiver (PHP also cuts at a backslash, and
// leaves %22 as sent), for tests of the app's "stored as …" path.
import type { BusboyConfig } from 'busboy';

export type FileNameReading = 'browsers' | 'legacy';

export const FILE_NAME_READINGS: Record<FileNameReading, { busboy: Pick<BusboyConfig, 'defParamCharset' | 'preservePath'>; decode: (name: string) => string }> = {
  browsers: { busboy: { defParamCharset: 'utf8', preservePath: true }, decode: decodeFormEscapes },
  legacy: { busboy: { defParamCharset: 'latin1', preservePath: false }, decode: (name) => name },
};

/** The HTML standard's three escapes, read back. */
export function decodeFormEscapes(name: string): string {
  return name.replace(/%(22|0D|0A)/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
