// The renderer's Content-Security-Policy. It travels as a response header of the app://
// protocol (and, in development, is added to the dev server's responses), so no page can
// weaken it with a <meta> tag of its own. Images may also come from the service (thumbnails);
// media only from the app's own media scheme.
import { originOf } from './origins.ts';
import { MEDIA_SCHEME } from './media-protocol.ts';

export interface CspOptions {
  /** Origins of the service, allowed for images only. */
  imageOrigins: readonly string[];
  /** Development only: the dev server's websocket for hot reload. */
  extraConnect?: readonly string[];
}

export function buildCsp(options: CspOptions): string {
  const img = ["'self'", 'data:', 'blob:', ...options.imageOrigins.filter(isPlainOrigin)];
  const connect = ["'self'", ...(options.extraConnect ?? []).filter(isPlainOrigin)];
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src ${img.join(' ')}`,
    `connect-src ${connect.join(' ')}`,
    // Only local videos lent by main (the thumbnail frame picker), nothing from the web.
    `media-src ${MEDIA_SCHEME}:`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** A bare origin such as https://host:8443: nothing that could end a directive or add a source. */
function isPlainOrigin(value: string): boolean {
  return /^(?:https?|wss?):$/.test(value.split('//')[0] ?? '') && originOf(value) === value && !/[\s;,']/.test(value);
}
