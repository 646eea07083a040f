// THE FILE-SERVER ADAPTER. The spec says only that operation 4 hands out a file server's
// base URL and a secret session; how to talk to that server was decided in
// spec/wire-decisions.md. Every such detail (method, field names and order, reply shapes)
// lives here and only here, so correcting it against the real service is a change in
// this one file.
import { z } from 'zod';
import { formData } from '../api/request.ts';
import type { NameWarning } from '../../../shared/upload-verification.ts';
import { AppError } from '../../../shared/errors.ts';
import { said, type Said } from '../../../shared/said.ts';

/** Decision: a multipart POST to the target `url` exactly as operation 4 gave it. */
export const UPLOAD_METHOD = 'POST';

/** Decision: field names, in this order; the file part last so the server can stream it. */
const FIELD_SESSION = 'sess_id';
const FIELD_FOLDER = 'fld_id';
const FIELD_FILE = 'file';

/**
 * Decision: the file name goes as browsers send it (the HTML standard's multipart/form-data
 * encoding, RFC 7578): raw UTF-8, with only these three characters escaped, and nothing else
 * (not even `%`). form-data writes exactly this (its escapeHeaderParam); the unit test holds
 * it to this table. Receivers differ on reading it back: werkzeug decodes %22, PHP and Go keep
 * the escapes as sent (php-src issue 8206), so a name holding them may be stored otherwise.
 */
export const FILE_NAME_ESCAPES: ReadonlyArray<{ char: string; sentAs: string; warning: NameWarning }> = [
  { char: '"', sentAs: '%22', warning: 'quote' },
  { char: '\r', sentAs: '%0D', warning: 'line-break' },
  { char: '\n', sentAs: '%0A', warning: 'line-break' },
];

/** The file name as it is written in the part's header (before UTF-8 encoding). */
export function fileNameAsSent(name: string): string {
  return FILE_NAME_ESCAPES.reduce((out, { char, sentAs }) => out.split(char).join(sentAs), name);
}

/** The name as a receiver that decodes the escapes reads it back. */
export function fileNameDecoded(sent: string): string {
  return FILE_NAME_ESCAPES.reduce((out, { char, sentAs }) => out.replace(new RegExp(sentAs, 'gi'), char), sent);
}

/**
 * What a file's name holds that cannot reach every file server as it is, told to the person
 * before the upload (shared/upload-verification.ts NameWarning).
 */
export function fileNameWarnings(name: string): NameWarning[] {
  const warnings = new Set<NameWarning>();
  for (const { char, sentAs, warning } of FILE_NAME_ESCAPES) {
    if (name.includes(char)) warnings.add(warning);
    if (name.toUpperCase().includes(sentAs)) warnings.add('escape-like');
  }
  return [...warnings];
}

/** A reply larger than this is not a reply we know: stop reading rather than buffer it. */
export const REPLY_LIMIT_BYTES = 256 * 1024;

interface UploadFormInput {
  session: string;
  /** 0 = the root: the field is then omitted. */
  folderId: number;
  fileName: string;
  contentType: string;
  size: number;
}

/**
 * The multipart body around the file's bytes: everything before them (the text fields and
 * the file part's header) and after them (the closing boundary).
 */
interface UploadEnvelope {
  contentType: string;
  head: Buffer;
  tail: Buffer;
  contentLength: number;
}

/**
 * form-data writes the whole multipart encoding (boundary, field order, part headers, name
 * escaping), with an empty placeholder where the file goes. The file itself is then piped
 * straight into the socket between `head` and `tail`: measured here, routing a 1 GiB file
 * through form-data's combined stream ran at ~550 MB/s against ~780 MB/s piped directly,
 * for the same bytes on the wire.
 */
export function buildUploadEnvelope(input: UploadFormInput): UploadEnvelope {
  const FormData = formData();
  const form = new FormData();
  form.append(FIELD_SESSION, input.session);
  if (input.folderId !== 0) form.append(FIELD_FOLDER, String(input.folderId));
  form.append(FIELD_FILE, Buffer.alloc(0), { filename: input.fileName, contentType: input.contentType });
  const whole = form.getBuffer();
  // Multipart's line break is CRLF (RFC 2046); form-data ends the body with it, the closing
  // boundary, and CRLF again.
  const tail = Buffer.from(`\r\n--${form.getBoundary()}--\r\n`);
  if (whole.length < tail.length || !whole.subarray(whole.length - tail.length).equals(tail)) {
    throw new Error('form-data laid out the multipart body in an unexpected way');
  }
  const head = whole.subarray(0, whole.length - tail.length);
  return {
    contentType: String(form.getHeaders()['content-type']),
    head,
    tail,
    contentLength: head.length + input.size + tail.length,
  };
}

/** The request target: the URL as given (its query may carry routing data; it is never logged). */
export function uploadRequestUrl(targetUrl: string): URL {
  const url = new URL(targetUrl);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new AppError('server', said('file_server_url_not_web'), { retryable: false });
  return url;
}

// Reply shapes (decision): DoodStream style `{status, msg, result: [{filecode, ...}]}` and
// XFileSharing style `[{file_code, file_status}]`. Real servers (PHP and Perl) add fields,
// send nulls, a byte-order mark, whitespace, any content type, and the status as text, so
// the schemas read only what decides and let everything else through. A reply is a success
// only when it says so unambiguously: an OK status and a real file code, nothing against it.
// test/unit/core/uploads/file-server-replies.test.ts holds the shapes seen in the wild.
const text = z.union([z.string(), z.number()]).nullish();
const fileEntry = z.looseObject({ filecode: text, file_code: text, file_status: text, title: text });
const doodStyle = z.looseObject({
  status: text,
  msg: text,
  result: z.union([z.array(z.unknown()), z.unknown()]).optional(),
});
const xfsStyle = z.array(z.unknown());

/** What XFileSharing writes in file_code when no file was made. */
const NO_FILE_CODES = new Set(['', 'undef', 'null', 'undefined']);

/** `title`: the title the server says it stored (DoodStream style), null when it does not say. */
export interface UploadReply {
  fileCode: string;
  title: string | null;
}
type FileServerReply = ({ ok: true } & UploadReply) | { ok: false; said: Said };

/**
 * Reads the file server's answer. Anything but an unambiguous OK with a file code is a
 * failed upload, with the server's own text (shortened) so the person sees what it said.
 */
export function parseFileServerReply(httpStatus: number, body: string): FileServerReply {
  const cleaned = body.replace(/^\uFEFF/, '').trim();
  let json: unknown;
  try {
    json = JSON.parse(cleaned);
  } catch {
    return { ok: false, said: describeRaw(httpStatus, cleaned) };
  }
  const xfs = xfsStyle.safeParse(json);
  if (xfs.success) {
    const entry = fileEntry.safeParse(xfs.data[0]);
    if (!entry.success) return refused(said('file_server_refused_no_file'));
    const fileCode = codeOf(entry.data);
    const status = textOf(entry.data.file_status);
    if (isOk(status) && fileCode) return httpStatus < 300 ? { ok: true, fileCode, title: titleOf(entry.data) } : refused(said('file_server_refused_http', { status: httpStatus }));
    return refused(status && !isOk(status) ? said('file_server_refused_said', { detail: status }) : said('file_server_refused_no_file'));
  }
  const dood = doodStyle.safeParse(json);
  if (dood.success && (dood.data.status != null || dood.data.msg != null)) {
    const status = textOf(dood.data.status);
    const msg = textOf(dood.data.msg);
    // Both, when present, must agree: a status of 200 and a msg of OK.
    const saysOk = (status === null || status === '200') && (msg === null || isOk(msg));
    const first = Array.isArray(dood.data.result) ? dood.data.result[0] : dood.data.result;
    const entry = fileEntry.safeParse(first);
    const fileCode = entry.success ? codeOf(entry.data) : null;
    const title = entry.success ? titleOf(entry.data) : null;
    if (saysOk && fileCode) return httpStatus < 300 ? { ok: true, fileCode, title } : refused(said('file_server_refused_http', { status: httpStatus }));
    return refused(
      msg && !isOk(msg)
        ? said('file_server_refused_said', { detail: msg })
        : status && status !== '200'
          ? said('file_server_refused_status', { status })
          : said('file_server_refused_no_file'),
    );
  }
  const message = typeof json === 'object' && json !== null && 'message' in json ? String((json as { message: unknown }).message) : null;
  return message ? refused(said('file_server_refused_said', { detail: message })) : { ok: false, said: describeRaw(httpStatus, cleaned) };
}

function refused(why: Said): FileServerReply {
  return { ok: false, said: why };
}

function textOf(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const trimmed = String(value).trim();
  return trimmed === '' ? null : trimmed;
}

function isOk(value: string | null): boolean {
  return value !== null && value.toUpperCase() === 'OK';
}

function codeOf(entry: { filecode?: string | number | null | undefined; file_code?: string | number | null | undefined }): string | null {
  const code = textOf(entry.filecode ?? entry.file_code);
  return code === null || NO_FILE_CODES.has(code.toLowerCase()) ? null : code;
}

/** The stored title as the server wrote it (never trimmed: a space is part of a title). */
function titleOf(entry: { title?: string | number | null | undefined }): string | null {
  const title = entry.title;
  return title === null || title === undefined || title === '' ? null : String(title);
}

/**
 * A reply that is not the file server's JSON, as a sentence: what kind of trouble, the status,
 * and the page's title (or its text) quoted, never a whole proxy page ("502 Bad Gateway …
 * nginx" read as the error, issue 26).
 */
function describeRaw(httpStatus: number, body: string): Said {
  const page = body.startsWith('<') ? /<title[^>]*>([^<]*)<\/title>/i.exec(body)?.[1] : undefined;
  const text = (page ?? body.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
  const status = httpStatus;
  if (httpStatus >= 500) return text === '' ? said('file_server_trouble', { status }) : said('file_server_trouble_said', { status, text });
  if (httpStatus >= 400) return text === '' ? said('file_server_refused_page', { status }) : said('file_server_refused_page_said', { status, text });
  return text === '' ? said('file_server_unreadable_reply', { status }) : said('file_server_unreadable_reply_said', { status, text });
}
