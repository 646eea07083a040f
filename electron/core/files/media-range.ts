// Serving a lent local video with byte ranges (RFC 9110 section 14), so a <video> element
// can seek: one range per request (what media elements ask for), 206 with Content-Range,
// 416 when the range lies outside the file. Shared by Electron's media scheme and the
// harness's loopback server, which only turn this answer into their own response type.
// The file is opened once: its identity (device, inode, size, mtime) is checked on that handle
// against the one recorded when it was lent, and the bytes come from that same handle, so
// what is sent is the lent file even if the path is replaced meanwhile.
import { constants, type ReadStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { identityOf } from './file-identity.ts';
import type { LentFile } from './media-tokens.ts';
import { sniffVideo, SNIFF_BYTES, videoContentType } from './video.ts';

/** O_NONBLOCK: a path swapped for a pipe never hangs the open. */
const READ_NO_BLOCK = constants.O_RDONLY | constants.O_NONBLOCK;

export interface MediaReply {
  status: 200 | 206 | 404 | 405 | 416;
  headers: Record<string, string>;
  /** The bytes to send; null for HEAD and errors. The caller must consume or destroy it. */
  body: ReadStream | null;
}

type ByteRange = { start: number; end: number } | 'unsatisfiable' | null;

/** Parses `bytes=a-b`, `bytes=a-` and `bytes=-n`; null when absent or not a single byte range (then the whole file). */
export function parseRange(header: string | null | undefined, size: number): ByteRange {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** The reply for a request of `method` with this Range header, for the lent file. */
export async function serveMediaFile(file: LentFile, method: string, rangeHeader: string | null | undefined): Promise<MediaReply> {
  const base = { 'Accept-Ranges': 'bytes', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };
  if (method !== 'GET' && method !== 'HEAD') return { status: 405, headers: { ...base, Allow: 'GET, HEAD' }, body: null };
  const notFound: MediaReply = { status: 404, headers: base, body: null };
  let handle: FileHandle;
  try {
    handle = await open(file.path, READ_NO_BLOCK);
  } catch {
    return notFound;
  }
  let keepOpen = false;
  try {
    const info = await handle.stat({ bigint: true });
    const now = identityOf(info);
    // Another file at the path (renamed over it, or a link to elsewhere), or the lent one changed: not what was lent.
    if (!info.isFile() || now.dev !== file.dev || now.ino !== file.ino || now.size !== file.size || now.mtimeMs !== file.mtimeMs) return notFound;
    const size = now.size;
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
    const type = videoContentType(sniffVideo(head.subarray(0, bytesRead)));
    const range = parseRange(rangeHeader, size);
    if (range === 'unsatisfiable') return { status: 416, headers: { ...base, 'Content-Range': `bytes */${size}` }, body: null };
    const { start, end } = range ?? { start: 0, end: size - 1 };
    const headers: Record<string, string> = { ...base, 'Content-Type': type, 'Content-Length': String(size === 0 ? 0 : end - start + 1) };
    if (range) headers['Content-Range'] = `bytes ${start}-${end}/${size}`;
    // The stream owns the handle from here: it closes it when it ends or is destroyed.
    const body = method === 'HEAD' || size === 0 ? null : handle.createReadStream({ start, end, highWaterMark: 256 * 1024 });
    keepOpen = body !== null;
    return { status: range ? 206 : 200, headers, body };
  } catch {
    return notFound;
  } finally {
    if (!keepOpen) await handle.close();
  }
}
