// The servers of the hostile-service run: a recording proxy in front of the sandbox host
// (its honest replies become the templates of the bad ones), a hostile server that answers
// every request with one chosen kind of bad answer, and a "foreign origin" that records
// whatever reaches it (it must never see the key or an upload session).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

export const HOSTILE_KINDS = [
  'html_page', // 200 with a captive-portal page
  'html_error', // 502 from a proxy in between
  'empty_body',
  'truncated_json',
  'malformed_json',
  'wrong_types',
  'missing_fields',
  'huge_body',
  'drip', // whitespace one byte at a time, never ending
  'redirect_foreign',
  'redirect_http', // https to plain http (served over TLS)
  'reset',
] as const;
export type HostileKind = (typeof HOSTILE_KINDS)[number];

export interface RecordedRequest {
  method: string;
  url: string;
  headers: string;
  body: Buffer;
}

export interface Listening {
  server: Server;
  url: string;
  close(): Promise<void>;
}

async function listen(server: Server, scheme: 'http' | 'https'): Promise<Listening> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `${scheme}://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readBody(req: IncomingMessage, limit = 32 * 1024 * 1024): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', () => resolve(Buffer.concat(chunks)));
    req.on('close', () => resolve(Buffer.concat(chunks)));
  });
}

/** Forwards to the host and keeps the last 200 reply of every path (the templates). */
export async function startRecordingProxy(target: string, onReply?: (route: string, body: string) => void): Promise<Listening & { replies: Map<string, string> }> {
  const replies = new Map<string, string>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', target);
    const upstream = httpRequest(url, { method: req.method, headers: { ...req.headers, host: url.host } }, (reply) => {
      const chunks: Buffer[] = [];
      reply.on('data', (c: Buffer) => chunks.push(c));
      reply.on('end', () => {
        const body = Buffer.concat(chunks);
        if (reply.statusCode === 200) {
          replies.set(`${req.method} ${url.pathname}`, body.toString('utf8'));
          onReply?.(`${req.method} ${url.pathname}`, body.toString('utf8'));
        }
        res.writeHead(reply.statusCode ?? 502, { 'content-type': reply.headers['content-type'] ?? 'application/json', 'content-length': body.length });
        res.end(body);
      });
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  return { ...(await listen(server, 'http')), replies };
}

/** Records every request; answers 404. Anything that reaches it left the service's origin. */
export async function startForeignRecorder(): Promise<Listening & { requests: RecordedRequest[] }> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    void readBody(req).then((body) => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: JSON.stringify(req.headers), body });
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not here');
    });
  });
  return { ...(await listen(server, 'http')), requests };
}

export interface HostileCase {
  kind: HostileKind;
  /** The honest reply this case distorts. */
  template: string;
}

export interface HostileServer {
  http: Listening;
  https: Listening;
  /** Registers a case; requests under `${base}/c/<id>` get its answer. */
  addCase(entry: HostileCase): number;
  /** The base address for a case (https for the https-to-http redirect). */
  baseFor(id: number, kind: HostileKind): string;
  close(): Promise<void>;
}

const CAPTIVE_PORTAL = '<!doctype html><html><head><title>Sign in to Wi-Fi</title></head><body><form>Accept the terms to continue</form></body></html>';
const NGINX_502 = '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>';

/** Every leaf turned into a type no schema accepts there (string↔number, bool→string, array→string). */
export function wrongTypes(value: unknown): unknown {
  if (Array.isArray(value)) return 'not-a-list';
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, wrongTypes(inner)]));
  }
  if (typeof value === 'string') return 1234.5;
  if (typeof value === 'number') return 'x';
  if (typeof value === 'boolean') return 'yes';
  return value;
}

/** The first field of every object removed (every field of the service's replies is required). */
export function missingFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(missingFields);
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).slice(1);
    return Object.fromEntries(entries.map(([key, inner]) => [key, missingFields(inner)]));
  }
  return value;
}

function sendText(res: ServerResponse, status: number, body: string, type = 'application/json'): void {
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

function answer(entry: HostileCase, req: IncomingMessage, res: ServerResponse, rest: string, foreign: string, timers: Set<NodeJS.Timeout>): void {
  const method = req.method ?? 'GET';
  switch (entry.kind) {
    case 'reset':
      req.socket.destroy();
      return;
    case 'html_page':
      return sendText(res, 200, CAPTIVE_PORTAL, 'text/html');
    case 'html_error':
      return sendText(res, 502, NGINX_502, 'text/html');
    case 'empty_body':
      return sendText(res, 200, '');
    case 'truncated_json':
      return sendText(res, 200, entry.template.slice(0, Math.max(1, Math.floor(entry.template.length / 2))));
    case 'malformed_json':
      return sendText(res, 200, `{status: 200, msg: 'OK', result: ${entry.template.slice(1, 30)}`);
    case 'wrong_types':
      return sendText(res, 200, JSON.stringify(wrongTypes(JSON.parse(entry.template))));
    case 'missing_fields':
      return sendText(res, 200, JSON.stringify(missingFields(JSON.parse(entry.template))));
    case 'redirect_foreign':
    case 'redirect_http': {
      // A GET is redirected with 302, a POST with 307 (which would resend the body).
      res.writeHead(method === 'GET' ? 302 : 307, { location: `${foreign}${rest}`, 'content-length': 0 });
      res.end();
      return;
    }
    case 'huge_body': {
      res.writeHead(200, { 'content-type': 'application/json' });
      const block = Buffer.alloc(256 * 1024, 0x20);
      let left = 24 * 1024 * 1024;
      const pump = (): void => {
        while (left > 0 && !res.destroyed) {
          left -= block.length;
          if (!res.write(block)) {
            res.once('drain', pump);
            return;
          }
        }
        if (!res.destroyed) res.end(entry.template);
      };
      pump();
      return;
    }
    case 'drip': {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.flushHeaders();
      const step = (): void => {
        if (res.destroyed) return;
        res.write(' ');
        const timer = setTimeout(() => {
          timers.delete(timer);
          step();
        }, 100);
        timers.add(timer);
      };
      step();
      return;
    }
  }
}

/** A throwaway self-signed certificate for 127.0.0.1 (openssl is on every CI image we use). */
export function makeCertificate(folder: string): { key: string; cert: string } {
  const key = join(folder, 'key.pem');
  const cert = join(folder, 'cert.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
    { stdio: 'ignore' },
  );
  return { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') };
}

export async function startHostileServer(foreignUrl: string, tls: { key: string; cert: string }, statics: Map<string, string>): Promise<HostileServer> {
  const cases = new Map<number, HostileCase>();
  const timers = new Set<NodeJS.Timeout>();
  let nextId = 1;
  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    const url = req.url ?? '/';
    const staticBody = statics.get(url);
    if (staticBody !== undefined) return sendText(res, 200, staticBody, 'text/plain');
    const match = /^\/c\/(\d+)(\/.*)?$/.exec(url);
    const entry = match ? cases.get(Number(match[1])) : undefined;
    if (!match || !entry) return sendText(res, 404, '{"message":"no such case","status":500}');
    const rest = `/from-case-${match[1]}${match[2] ?? '/'}`;
    // Read the request first (as a real server would), except where the fault is the socket itself.
    if (entry.kind === 'reset') return answer(entry, req, res, rest, foreignUrl, timers);
    void readBody(req).then(() => answer(entry, req, res, rest, foreignUrl, timers));
  };
  const plain = await listen(createServer(handler), 'http');
  const secure = await listen(createTlsServer({ key: tls.key, cert: tls.cert }, handler) as unknown as Server, 'https');
  return {
    http: plain,
    https: secure,
    addCase: (entry) => {
      const id = nextId++;
      cases.set(id, entry);
      return id;
    },
    baseFor: (id, kind) => `${kind === 'redirect_http' ? secure.url : plain.url}/c/${id}`,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      await Promise.all([plain.close(), secure.close()]);
    },
  };
}
