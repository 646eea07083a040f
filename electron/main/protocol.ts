// The renderer is served from app://vidlift/ rather than file://: a real origin for the
// sender check and the CSP, no file:// privileges, and no way to read anything outside
// out/renderer. The CSP goes out as a response header on every reply.
import { readFile, realpath } from 'node:fs/promises';
import { extname, isAbsolute, relative, resolve, sep } from 'node:path';
import type { Protocol } from 'electron';
import { APP_HOST, APP_SCHEME } from './origins.ts';
import { MEDIA_SCHEME_PRIVILEGES } from './media-protocol.ts';

/**
 * Must run before the app is ready, and only once: app:// behaves like https (standard,
 * secure); the media scheme (media-protocol.ts) is registered in the same call.
 */
export function registerAppScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, codeCache: true } },
    MEDIA_SCHEME_PRIVILEGES,
  ]);
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
};

/**
 * The file inside `root` that a URL path names, or null when it is malformed or would leave
 * `root` (`..`, encoded slashes, backslashes, NUL, absolute paths after decoding).
 */
export function resolveInsideRoot(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const wanted = decoded === '' || decoded === '/' ? '/index.html' : decoded;
  const full = resolve(root, `.${wanted.startsWith('/') ? wanted : `/${wanted}`}`);
  return isInside(root, full) ? full : null;
}

export interface AppProtocolOptions {
  /** out/renderer. */
  root: string;
  /** The CSP at the time of the request (it names the service's current origin; it may wait until that is known). */
  csp: () => string | Promise<string>;
  read?: (file: string) => Promise<Buffer>;
}

export function createAppRequestHandler(options: AppProtocolOptions): (request: Request) => Promise<Response> {
  const read = options.read ?? ((file: string) => readFile(file));
  const root = resolve(options.root);
  return async (request) => {
    const headers = baseHeaders(await options.csp());
    if (request.method !== 'GET' && request.method !== 'HEAD') return new Response(null, { status: 405, headers });
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return new Response(null, { status: 400, headers });
    }
    if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return new Response(null, { status: 404, headers });
    const named = resolveInsideRoot(root, url.pathname);
    if (named === null) return new Response(null, { status: 403, headers });
    let file: string;
    let body: Buffer;
    try {
      // A link inside out/renderer may point anywhere: check where it really leads.
      file = await realpath(named);
      if (!isInside(await realpath(root), file)) return new Response(null, { status: 403, headers });
      body = await read(file);
    } catch {
      return new Response(null, { status: 404, headers });
    }
    headers.set('Content-Type', CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream');
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers });
  };
}

function isInside(root: string, file: string): boolean {
  const rel = relative(root, file);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}

function baseHeaders(csp: string): Headers {
  return new Headers({
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cache-Control': 'no-cache',
  });
}
