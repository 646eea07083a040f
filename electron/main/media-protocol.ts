// vidlift-media://local/<token>: local videos the core lent to the page (media:open), served
// with byte ranges so the <video> element of the thumbnail frame picker can seek. The token
// is the only thing in the URL; the core resolves it to the one file it was issued for.
// CORS names the renderer's origin so a frame drawn to a canvas does not taint it.
import { Readable } from 'node:stream';
import type { Protocol } from 'electron';
import { MEDIA_HOST, MEDIA_SCHEME } from '../core/files/media-handlers.ts';
import type { MediaReply } from '../core/files/media-range.ts';

export { MEDIA_SCHEME };

/** Privileges of the media scheme, registered with the app scheme before the app is ready. */
export const MEDIA_SCHEME_PRIVILEGES = {
  scheme: MEDIA_SCHEME,
  // stream: media elements read it progressively with ranges; no fetch, no service workers.
  privileges: { standard: true, secure: true, stream: true, corsEnabled: true, supportFetchAPI: false },
} as const;

export interface MediaProtocolOptions {
  serve: (token: string, method: string, range: string | null) => Promise<MediaReply>;
  /** The renderer's origin (app://vidlift, or the dev server). */
  rendererOrigin: string;
}

export function createMediaRequestHandler(options: MediaProtocolOptions): (request: Request) => Promise<Response> {
  return async (request) => {
    const cors = { 'Access-Control-Allow-Origin': options.rendererOrigin, Vary: 'Origin' };
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return new Response(null, { status: 400, headers: cors });
    }
    if (url.protocol !== `${MEDIA_SCHEME}:` || url.host !== MEDIA_HOST) return new Response(null, { status: 404, headers: cors });
    const token = url.pathname.replace(/^\//, '');
    const reply = await options.serve(token, request.method, request.headers.get('range'));
    const body = reply.body ? (Readable.toWeb(reply.body) as ReadableStream<Uint8Array>) : null;
    return new Response(body, { status: reply.status, headers: { ...reply.headers, ...cors } });
  };
}

export function registerMediaProtocol(protocol: Pick<Protocol, 'handle'>, options: MediaProtocolOptions): void {
  protocol.handle(MEDIA_SCHEME, createMediaRequestHandler(options));
}
