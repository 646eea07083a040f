// Plain node:http helpers for the host conformance suite: no client library in between,
// so each test sees exactly what went over the wire.
import { request } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { startHost } from '../../host/index.ts';
import type { Host, HostOptions } from '../../host/index.ts';

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

export interface CallOptions {
  method?: string;
  query?: Record<string, string | number>;
  json?: unknown;
  body?: Buffer | string;
  headers?: Record<string, string | number>;
  /** 'header' (default), 'query' or 'none' */
  auth?: 'header' | 'query' | 'none';
  key?: string;
  timeoutMs?: number;
}

export function raw(url: string, opts: { method?: string; headers?: Record<string, string | number>; body?: Buffer | string; timeoutMs?: number } = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: opts.method ?? 'GET', headers: opts.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString('utf8') });
      });
      res.on('error', reject);
      res.on('aborted', () => reject(new Error('aborted')));
    });
    req.setTimeout(opts.timeoutMs ?? 20_000, () => req.destroy(new Error('client timeout')));
    req.on('error', reject);
    req.end(opts.body);
  });
}

export async function call(host: Host, path: string, opts: CallOptions = {}): Promise<RawResponse> {
  const url = new URL(path, host.baseUrl);
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, String(v));
  const key = opts.key ?? host.apiKey;
  const headers: Record<string, string | number> = { ...(opts.headers ?? {}) };
  const auth = opts.auth ?? 'header';
  if (auth === 'header') headers['X-Api-Key'] = key;
  if (auth === 'query') url.searchParams.set('key', key);
  let body = opts.body;
  if (opts.json !== undefined) {
    body = JSON.stringify(opts.json);
    headers['Content-Type'] = 'application/json';
  }
  const method = opts.method ?? (body !== undefined ? 'POST' : 'GET');
  return raw(url.href, { method, headers, ...(body !== undefined ? { body } : {}), ...(opts.timeoutMs ? { timeoutMs: opts.timeoutMs } : {}) });
}

/** Calls and parses JSON; asserts nothing. */
export async function api<T = Record<string, unknown>>(host: Host, path: string, opts: CallOptions = {}): Promise<{ status: number; body: T }> {
  const res = await call(host, path, opts);
  return { status: res.status, body: JSON.parse(res.text) as T };
}

export async function ok<T = Record<string, unknown>>(host: Host, path: string, opts: CallOptions = {}): Promise<T> {
  const res = await call(host, path, opts);
  if (res.status !== 200) throw new Error(`${path} -> ${res.status} ${res.text}`);
  return JSON.parse(res.text) as T;
}

/** Asserts the spec's error shape and returns the message. */
export async function err(host: Host, path: string, opts: CallOptions = {}): Promise<string> {
  const res = await call(host, path, opts);
  const body = JSON.parse(res.text) as { message?: unknown; status?: unknown };
  if (res.status !== 500 || body.status !== 500 || typeof body.message !== 'string' || Object.keys(body).length !== 2) {
    throw new Error(`expected the error body from ${path}, got ${res.status} ${res.text}`);
  }
  return body.message;
}

export interface Part {
  name: string;
  value?: string;
  file?: { fileName: string; contentType?: string; data: Buffer };
}

export function multipart(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = `----vidlift${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.file) head += `; filename="${p.file.fileName}"\r\nContent-Type: ${p.file.contentType ?? 'application/octet-stream'}`;
    chunks.push(Buffer.from(`${head}\r\n\r\n`), p.file ? p.file.data : Buffer.from(p.value ?? ''), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function postMultipart(host: Host, path: string, parts: Part[], opts: CallOptions = {}): Promise<RawResponse> {
  const { body, contentType } = multipart(parts);
  return call(host, path, { ...opts, method: 'POST', body, headers: { ...(opts.headers ?? {}), 'Content-Type': contentType } });
}

export function errorOf(res: RawResponse): string {
  const body = JSON.parse(res.text) as { message: string; status: number };
  if (res.status !== 500 || body.status !== 500) throw new Error(`expected an error, got ${res.status} ${res.text}`);
  return body.message;
}

export async function withHost(options: HostOptions, fn: (host: Host) => Promise<void>): Promise<void> {
  const host = await startHost(options);
  try {
    await fn(host);
  } finally {
    await host.close();
  }
}

export async function waitFor<T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 10_000, stepMs = 25): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error('waitFor: timed out');
    await new Promise((r) => setTimeout(r, stepMs));
  }
}

/** A minimal baseline JPEG header (SOI, APP0, SOF0, EOI): enough for sniffing and image-size. */
export function makeJpeg(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 255, width >> 8, width & 255, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

export function makeGif(width: number, height: number): Buffer {
  const b = Buffer.from('GIF89a\0\0\0\0\x80\0\0\0\0\0\xff\xff\xff,\0\0\0\0\x01\0\x01\0\0\x02\x02D\x01\0;', 'latin1');
  b.writeUInt16LE(width, 6);
  b.writeUInt16LE(height, 8);
  return b;
}

export async function uploadTarget(host: Host, key?: string): Promise<{ url: string; session: string }> {
  return ok<{ url: string; session: string }>(host, '/v1/upload', key ? { key } : {});
}

/** The wire decisions' multipart POST: sess_id, fld_id (optional), then the file part last. */
export async function uploadFile(target: { url: string; session?: string }, data: Buffer, fileName: string, folderId?: number): Promise<RawResponse> {
  const parts: Part[] = [];
  if (target.session !== undefined) parts.push({ name: 'sess_id', value: target.session });
  if (folderId !== undefined) parts.push({ name: 'fld_id', value: String(folderId) });
  parts.push({ name: 'file', file: { fileName, contentType: 'video/mp4', data } });
  const { body, contentType } = multipart(parts);
  return raw(target.url, { method: 'POST', body, headers: { 'Content-Type': contentType, 'Content-Length': body.length } });
}
