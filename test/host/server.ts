// The API server: request log, latency, faults, auth, routing and the one error body.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { echoing, type Core, type Ctx, type Handler, type LogEntry } from './core.ts';
import { fail, HostError, MESSAGES } from './errors.ts';
import { PRE_HANDLER, send, writePostFault, writePreFault } from './faults.ts';
import { colorFor, makePng } from './png.ts';
import { accountRoutes } from './routes/account.ts';
import { folderRoutes } from './routes/folders.ts';
import { mediaRoutes } from './routes/media.ts';
import { remoteRoutes } from './routes/remote.ts';
import { uploadRoutes } from './routes/upload.ts';
import { videoRoutes } from './routes/videos.ts';
import type { Account } from './state.ts';

export const ROUTES: Readonly<Record<string, Handler>> = {
  ...accountRoutes,
  ...uploadRoutes,
  ...remoteRoutes,
  ...folderRoutes,
  ...videoRoutes,
  ...mediaRoutes,
};
const KNOWN_PATHS = new Set(Object.keys(ROUTES).map((k) => k.slice(k.indexOf(' ') + 1)));
const KEY_RE = /^\w{16}$/;

export const errorBody = (message: string): string => JSON.stringify({ message, status: 500 });

function authenticate(core: Core, req: IncomingMessage, url: URL, entry: LogEntry): Account {
  const header = req.headers['x-api-key'];
  const queryKey = url.searchParams.get('key');
  let key: string | undefined;
  if (typeof header === 'string' && header !== '') {
    entry.auth = 'header';
    key = header;
  } else if (queryKey !== null && queryKey !== '') {
    entry.auth = 'query';
    key = queryKey;
  }
  if (key === undefined || !KEY_RE.test(key)) return fail(MESSAGES.invalidKey);
  return core.store.keyIndex.get(key) ?? fail(MESSAGES.invalidKey);
}

export function createApiHandler(core: Core): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    void handle(core, req, res).catch((e: unknown) => {
      process.stderr.write(`[sandbox host] unexpected: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
      send(res, 500, errorBody('Internal server error'), 'application/json');
    });
  };
}

async function handle(core: Core, req: IncomingMessage, res: ServerResponse): Promise<void> {
  let url: URL;
  try {
    url = new URL(req.url ?? '/', 'http://sandbox.invalid');
  } catch {
    res.destroy();
    return;
  }
  // The log never holds the query string: it may carry the legacy `key`.
  const entry = core.startLog(req, res, 'api', url.pathname);
  if (!url.pathname.startsWith('/v1/')) {
    servePublic(core, req, res, url);
    return;
  }
  const method = req.method ?? 'GET';
  // The simulated network delay. A GET changes nothing, so its reply is built while the delay
  // runs (a real round trip includes the server's time): serving 2,000 pages of 500 videos,
  // the host's own CPU must not add to every request (`npm run bench -- scale`).
  const delay = core.latencyDelay();
  if (method !== 'GET') {
    await delay;
    if (res.destroyed) return;
  }
  const routeKey = `${method} ${url.pathname}`;
  if (typeof req.headers['x-api-key'] === 'string' && req.headers['x-api-key'] !== '') entry.auth = 'header';
  else if (url.searchParams.get('key')) entry.auth = 'query';
  const rule = core.faults.decide(routeKey);
  if (rule && PRE_HANDLER.has(rule.kind)) {
    if (method === 'GET') await delay;
    if (res.destroyed) return;
    writePreFault(rule, res, method, `${url.pathname}${url.search}`, req.headers.host ?? 'localhost', errorBody('Internal Server Error'));
    return;
  }
  let status = 200;
  let body: unknown;
  try {
    const account = authenticate(core, req, url, entry);
    const handler = ROUTES[routeKey] ?? fail(KNOWN_PATHS.has(url.pathname) ? `Method ${method} not allowed` : 'Unknown operation');
    const ctx: Ctx = { core, req, res, url, query: url.searchParams, account };
    body = await handler(ctx);
  } catch (e) {
    status = 500;
    if (!(e instanceof HostError)) process.stderr.write(`[sandbox host] ${routeKey}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    const said = e instanceof HostError ? e.message : 'Internal server error';
    const sentKey = typeof req.headers['x-api-key'] === 'string' ? req.headers['x-api-key'] : url.searchParams.get('key');
    body = { message: core.echoSecrets ? echoing(said, sentKey) : said, status: 500 };
  }
  const text = JSON.stringify(body);
  if (method === 'GET') {
    await delay;
    if (res.destroyed) return;
  }
  if (rule) writePostFault(rule, res, status, text, (fn, ms) => core.schedule(fn, ms));
  else send(res, status, text, 'application/json');
}

const imageCache = new Map<string, Buffer>();
const IMAGE_SIZES: Record<string, [number, number]> = { single: [320, 180], thumb: [320, 180], splash: [640, 360] };

/** Images, subtitles and player pages the video links point to, so a browser can load them. */
function servePublic(core: Core, req: IncomingMessage, res: ServerResponse, url: URL): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'Method not allowed\n', 'text/plain');
  const parts = url.pathname.split('/').filter(Boolean);
  const video = parts[1] ? core.store.videoIndex.get(parts[1]) : undefined;
  if (parts[0] === 'img' && video && parts.length === 3) {
    const file = parts[2] ?? '';
    const custom = /^custom-\d+\.(jpg|png)$/.exec(file);
    if (custom && video.thumbnail) {
      const type = video.thumbnail.type === 'jpeg' ? 'image/jpeg' : 'image/png';
      res.writeHead(200, { 'Content-Type': type, 'Content-Length': video.thumbnail.bytes.length, 'Cache-Control': 'max-age=3600' });
      res.end(req.method === 'HEAD' ? undefined : video.thumbnail.bytes);
      return;
    }
    const kind = /^(single|thumb|splash)\.png$/.exec(file)?.[1];
    const dims = kind ? IMAGE_SIZES[kind] : undefined;
    if (kind && dims) {
      const cacheKey = `${video.id}/${kind}`;
      let png = imageCache.get(cacheKey);
      if (!png) {
        png = makePng(dims[0], dims[1], colorFor(video.id), true);
        if (imageCache.size > 2000) imageCache.clear();
        imageCache.set(cacheKey, png);
      }
      res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': png.length, 'Cache-Control': 'max-age=3600' });
      res.end(req.method === 'HEAD' ? undefined : png);
      return;
    }
  }
  if (parts[0] === 'sub' && video && parts.length === 3) {
    const lang = (parts[2] ?? '').replace(/\.vtt$/, '');
    const sub = video.subtitles.find((s) => s.language === lang);
    if (sub) return send(res, 200, sub.vtt, 'text/vtt');
  }
  if ((parts[0] === 'e' || parts[0] === 'd') && video && parts.length === 2) {
    const title = video.name.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
    const img = core.videoUrls(video.id, video.thumbnail).splash;
    return send(res, 200, `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body style="margin:0;background:#111;color:#eee;font-family:sans-serif"><img src="${img}" alt="" style="width:100%;max-width:640px;display:block"><h1 style="font-size:18px;padding:8px">${title}</h1></body></html>`, 'text/html');
  }
  send(res, 404, 'Not found\n', 'text/plain');
}
