// Serving a lent local video with byte ranges (RFC 9110 section 14), so a <video> element
// can seek: one range per request (what media elements ask for), 206 with Content-Range,
// 416 when the range lies outside the file. Shared by Electron's media scheme and the
// harness's loopback server, which only turn this answer into their own response type.
import { createReadStream, type ReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { sniffVideo, SNIFF_BYTES, videoContentType } from './video.ts';

export interface MediaReply {
  status: 200 | 206 | 404 | 405 | 416;
  headers: Record<string, string>;
  /** The bytes to send; null for HEAD and errors. The caller must consume or destroy it. */
  body: ReadStream | null;
}

export type ByteRange = { start: number; end: number } | 'unsatisfiable' | null;

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

/** The reply for a request of `method` with this Range header, for the file at `path`. */
export async function serveMediaFile(path: string, method: string, rangeHeader: string | null | undefined): Promise<MediaReply> {
  const base = { 'Accept-Ranges': 'bytes', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };
  if (method !== 'GET' && method !== 'HEAD') return { status: 405, headers: { ...base, Allow: 'GET, HEAD' }, body: null };
  let size: number;
  let type: string;
  try {
    const handle = await open(path, 'r');
    try {
      const info = await handle.stat();
      if (!info.isFile()) return { status: 404, headers: base, body: null };
      size = info.size;
      const head = Buffer.alloc(SNIFF_BYTES);
      const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
      type = videoContentType(sniffVideo(head.subarray(0, bytesRead)));
    } finally {
      await handle.close();
    }
  } catch {
    return { status: 404, headers: base, body: null };
  }
  const range = parseRange(rangeHeader, size);
  if (range === 'unsatisfiable') return { status: 416, headers: { ...base, 'Content-Range': `bytes */${size}` }, body: null };
  const { start, end } = range ?? { start: 0, end: size - 1 };
  const headers: Record<string, string> = { ...base, 'Content-Type': type, 'Content-Length': String(size === 0 ? 0 : end - start + 1) };
  if (range) headers['Content-Range'] = `bytes ${start}-${end}/${size}`;
  const body = method === 'HEAD' || size === 0 ? null : createReadStream(path, { start, end, highWaterMark: 256 * 1024 });
  return { status: range ? 206 : 200, headers, body };
}
