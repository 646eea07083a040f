// Why the service could not be reached, in the command line's words: the address and the
// cause, read from the failure's kind and its socket error code (core/api/http.ts), never
// from the core's own sentence. Through a proxy (the environment's), the proxy is named too:
// a socket error then may be the proxy's.
import type { ServiceError } from '../core/api/errors.ts';
import { TransportError } from '../core/api/http.ts';
import { describeRoute, environmentResolver } from '../core/net/proxy-route.ts';
import { formatMoment, type Output } from './output.ts';

/** The service did not answer: where it was asked, and why there was no answer. */
export interface Unreachable {
  address: string;
  cause: string;
}

/** Socket error codes as a person reads them. */
const SOCKET_CAUSES: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'no such host',
  EAI_AGAIN: 'its host name could not be looked up',
  ECONNRESET: 'the connection was reset',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'no route to the host',
  ENETUNREACH: 'no network',
  EPROXYREFUSED: 'the proxy would not open a connection to it',
  EPROXY: 'the proxy refused the connection',
  CERT_HAS_EXPIRED: 'its certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its certificate is self-signed',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its certificate could not be verified',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its certificate is for another name',
};

/** The cause of a network failure (isNetworkFailure), in words. */
export async function unreachable(address: string, error: ServiceError): Promise<Unreachable> {
  const route = await environmentResolver.routeFor(new URL(address)).catch(() => null);
  const through = route && route.kind !== 'direct' ? ` (through the ${describeRoute(route)}, from the proxy variables)` : '';
  return { address, cause: `${causeOf(error)}${through}` };
}

function causeOf(error: ServiceError): string {
  if (error.kind === 'timeout') return 'no answer in time';
  const transport = error.cause instanceof TransportError ? error.cause : null;
  const errno = transport?.errno ?? null;
  if (errno !== null) return SOCKET_CAUSES[errno] ?? errno;
  return 'no answer';
}

/** "http://host cannot be reached (connection refused)". */
export function cannotReach(offline: Unreachable): string {
  return `${offline.address} cannot be reached (${offline.cause})`;
}

/**
 * Offline, the read commands answer from the library on this computer: they say so on
 * stderr first, with the address, the cause and when the library was last brought up to date.
 */
export async function sayOffline(cli: { offline: Unreachable | null }, out: Output, fetchedAt: number | null): Promise<void> {
  if (!cli.offline) return;
  const fresh = fetchedAt === null ? 'never brought up to date: `vidlift-cli sync` once the service answers' : `last brought up to date ${formatMoment(fetchedAt)}`;
  out.warn(`Offline: ${cannotReach(cli.offline)}. Answering from the library on this computer (${fresh}).`);
}
