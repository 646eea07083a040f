// One HTTP exchange over node:http/https, with the guarantees the service client needs and
// that fetch does not give: redirects are followed by hand (same origin only with the key:
// fetch/undici forwards custom headers like X-Api-Key across origins), https→http is
// refused, the whole exchange (connect, send, every byte of the body) is bounded by the
// caller's deadline signal, and the body is capped in size while it streams in.
import http from 'node:http';
import https from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { Network, watchProxy, type Route } from '../net/network.ts';
import { said, type Said } from '../../../shared/said.ts';
import { sayInEnglish } from '../../../shared/i18n/say-english.ts';

export type FailureCause = 'network' | 'timeout' | 'too_large' | 'redirect' | 'aborted';

export class TransportError extends Error {
  readonly failure: FailureCause;
  /** What a person reads of it (the message is its English, for the log). */
  readonly said: Said;
  /** The errno-style code of a socket failure (ECONNREFUSED, ECONNRESET, ENOTFOUND...). */
  readonly errno: string | null;

  constructor(cause: FailureCause, why: Said, options?: { errno?: string | null; cause?: unknown }) {
    super(sayInEnglish(why), options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'TransportError';
    this.failure = cause;
    this.said = why;
    this.errno = options?.errno ?? null;
  }
}

/** The reason a deadline signal aborts with, so a timeout can be told from a caller's abort. */
export class DeadlineExceeded extends Error {
  /** The deadline, to a tenth of a second. */
  readonly seconds: number;
  constructor(ms: number) {
    const seconds = Math.round(ms / 100) / 10;
    super(sayInEnglish(said('service_deadline', { seconds })));
    this.name = 'DeadlineExceeded';
    this.seconds = seconds;
  }
}

export interface PreparedBody {
  headers: Record<string, string>;
  data: Buffer | Readable;
  /** Releases what `data` holds (an open file) if the exchange ends before it was read. */
  dispose?: () => void;
}

export interface HttpRequest {
  method: 'GET' | 'POST';
  url: URL;
  headers: Record<string, string>;
  /** Built again for every hop, so a 307/308 can resend a streamed body. */
  body?: () => PreparedBody;
  /** Header names (lowercase) that never go to another origin than the first request's. */
  originBoundHeaders: readonly string[];
  /** Aborts the exchange; a DeadlineExceeded reason becomes a `timeout` failure. */
  signal: AbortSignal;
  maxResponseBytes: number;
  maxRedirects: number;
}

export interface HttpResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** Where the answer finally came from (after redirects). */
  url: URL;
}

export type Transport = (request: HttpRequest) => Promise<HttpResponse>;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * One rule for plain http after https: nothing reached over https goes on in the clear, neither
 * a redirect (the key) nor the file-server address an https service hands out (the upload
 * session and the file). An http service (the sandbox on loopback) may hand out http.
 */
export function isDowngrade(from: URL, to: URL): boolean {
  return from.protocol === 'https:' && to.protocol === 'http:';
}

/** The decision for one redirect hop, kept pure so the rules are unit-tested on their own. */
export type RedirectDecision =
  | { follow: true; url: URL; method: 'GET' | 'POST'; keepBody: boolean; sameOrigin: boolean }
  | { follow: false; reason: Said };

export function decideRedirect(from: URL, location: string | undefined, status: number, method: 'GET' | 'POST', origin: string): RedirectDecision {
  if (location === undefined || location === '') return { follow: false, reason: said('redirect_refused_no_location', { status }) };
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    return { follow: false, reason: said('redirect_refused_invalid') };
  }
  if (next.protocol !== 'http:' && next.protocol !== 'https:') return { follow: false, reason: said('redirect_refused_scheme', { scheme: next.protocol }) };
  if (isDowngrade(from, next)) return { follow: false, reason: said('redirect_refused_downgrade') };
  // As fetch does: 303 (and 301/302 after a POST) turn into a GET without a body.
  const becomesGet = status === 303 || ((status === 301 || status === 302) && method === 'POST');
  const nextMethod = becomesGet ? 'GET' : method;
  const keepBody = !becomesGet && method === 'POST';
  const sameOrigin = next.origin === origin;
  // A body (a person's image, ids) is only ever sent to the service's own origin.
  if (!sameOrigin && keepBody) return { follow: false, reason: said('redirect_refused_other_origin', { method }) };
  return { follow: true, url: next, method: nextMethod, keepBody, sameOrigin };
}

/**
 * Sends the request, following at most `maxRedirects` redirects under the rules above, each
 * hop by the route `network` gives for its URL (direct, or through the proxy).
 */
export function createNodeTransport(network: Network = new Network()): Transport {
  return (request) => send(request, network);
}

/** Direct connections only: tests and tools that never meet a proxy. */
export const nodeTransport: Transport = createNodeTransport();

async function send(request: HttpRequest, network: Network): Promise<HttpResponse> {
  const origin = request.url.origin;
  let url = request.url;
  let method = request.method;
  let body = request.body;
  let headers = { ...request.headers };
  for (let hop = 0; ; hop++) {
    const route = await network.routeFor(url, method === 'POST' ? 'fresh' : 'pooled');
    const response = await exchange({ ...request, url, method, headers, ...(body ? { body } : { body: undefined }) }, route);
    if (!REDIRECTS.has(response.status)) return response;
    if (hop >= request.maxRedirects) throw new TransportError('redirect', said('redirect_refused_too_many', { max: request.maxRedirects }));
    const location = response.headers.location;
    const decision = decideRedirect(url, location, response.status, method, origin);
    if (!decision.follow) throw new TransportError('redirect', decision.reason);
    if (!decision.sameOrigin) headers = withoutHeaders(headers, request.originBoundHeaders);
    if (!decision.keepBody) body = undefined;
    url = decision.url;
    method = decision.method;
  }
}

function withoutHeaders(headers: Record<string, string>, names: readonly string[]): Record<string, string> {
  const drop = new Set(names.map((n) => n.toLowerCase()));
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !drop.has(name.toLowerCase())));
}

type Hop = Omit<HttpRequest, 'maxRedirects' | 'originBoundHeaders'>;

function abortFailure(signal: AbortSignal): TransportError {
  const reason: unknown = signal.reason;
  if (reason instanceof DeadlineExceeded) return new TransportError('timeout', said('service_deadline', { seconds: reason.seconds }), { cause: reason });
  return new TransportError('aborted', said('request_cancelled'), { cause: reason });
}

function socketFailure(error: unknown, phase: 'connection_failed_before_reply' | 'connection_failed_mid_reply'): TransportError {
  const errno = typeof (error as { code?: unknown })?.code === 'string' ? ((error as { code: string }).code) : null;
  const what = errno ?? (error instanceof Error ? error.message : String(error));
  return new TransportError('network', said(phase, { detail: what }), { errno, cause: error });
}

/**
 * One request/response on the wire, no redirects. A POST always goes on a fresh connection:
 * a kept-alive socket the service has closed (it restarted, or dropped the idle connection)
 * fails with a reset that cannot be told from a reply lost after the service acted, and a
 * POST can create things, so it must never meet a stale socket. Reads reuse connections and
 * are retried by the client's policy.
 */
function exchange(hop: Hop, route: Route): Promise<HttpResponse> {
  return new Promise<HttpResponse>((resolve, reject) => {
    if (hop.signal.aborted) {
      reject(abortFailure(hop.signal));
      return;
    }
    const prepared = hop.body?.();
    let settled = false;
    const finish = (error: TransportError | null, response?: HttpResponse): void => {
      if (settled) return;
      settled = true;
      hop.signal.removeEventListener('abort', onAbort);
      prepared?.dispose?.();
      if (error) {
        req.destroy();
        reject(error);
      } else if (response) {
        resolve(response);
      }
    };
    const onAbort = (): void => finish(abortFailure(hop.signal));

    const headers: Record<string, string> = { ...hop.headers, ...(prepared?.headers ?? {}) };
    if (prepared && Buffer.isBuffer(prepared.data)) headers['content-length'] = String(prepared.data.length);
    const client = hop.url.protocol === 'https:' ? https : http;
    const req = client.request(hop.url, { method: hop.method, headers, ...(route.agent === undefined ? {} : { agent: route.agent }) });
    const proxy = watchProxy(req, route.route);
    hop.signal.addEventListener('abort', onAbort, { once: true });

    req.on('error', (error) => {
      const failure = proxy.failure(error);
      finish(failure ? new TransportError('network', failure.said, { errno: failure.errno, cause: error }) : socketFailure(error, 'connection_failed_before_reply'));
    });
    req.on('response', (res) => {
      // The proxy's own refusal, replayed as if it were the service's reply: never read it.
      const refusal = proxy.refusal();
      if (refusal) {
        res.destroy();
        finish(new TransportError('network', refusal.said, { errno: refusal.errno }));
        return;
      }
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > hop.maxResponseBytes) {
        res.destroy();
        finish(tooLarge(hop.maxResponseBytes));
        return;
      }
      const chunks: Buffer[] = [];
      let received = 0;
      res.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > hop.maxResponseBytes) {
          res.destroy();
          finish(tooLarge(hop.maxResponseBytes));
          return;
        }
        chunks.push(chunk);
      });
      res.on('error', (error) => finish(socketFailure(error, 'connection_failed_mid_reply')));
      res.on('end', () => {
        if (!res.complete) {
          finish(new TransportError('network', said('connection_closed_mid_reply')));
          return;
        }
        finish(null, { status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks, received), url: hop.url });
      });
      res.on('close', () => {
        if (!res.complete) finish(new TransportError('network', said('connection_closed_mid_reply')));
      });
    });

    if (!prepared) {
      req.end();
    } else if (Buffer.isBuffer(prepared.data)) {
      req.end(prepared.data);
    } else {
      const source = prepared.data;
      source.on('error', (error) => finish(new TransportError('network', said('file_unreadable_while_sending', { detail: error.message }), { cause: error })));
      source.pipe(req);
    }
  });
}

function tooLarge(limit: number): TransportError {
  return new TransportError('too_large', said('reply_too_large', { kibibytes: Math.round(limit / 1024) }));
}
