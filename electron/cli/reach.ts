// Why the service could not be reached, in the command line's words: the address and the
// cause, read from the failure's kind and its socket error code (core/api/http.ts), never
// from the core's own sentence. Through a proxy (the environment's), the proxy is named too:
// a socket error then may be the proxy's.
import type { ServiceError } from '../core/api/errors.ts';
import { TransportError } from '../core/api/http.ts';
import { environmentResolver, type ProxyRoute } from '../core/net/proxy-route.ts';
import { m, type Locale } from '../../shared/i18n/index.ts';
import type { Output } from './output.ts';
import { formatMoment, type Message } from './locale.ts';

/** The service did not answer: where it was asked, and why there was no answer (worded when said). */
export interface Unreachable {
  address: string;
  /** The socket error code, 'timeout', or null when the failure named none. */
  failure: string | null;
  /** The proxy from the environment it went through, or null (direct). */
  route: Exclude<ProxyRoute, { kind: 'direct' }> | null;
}

/** Socket error codes as a person reads them. */
const SOCKET_CAUSES: Readonly<Record<string, Message>> = {
  ECONNREFUSED: m.cli_cause_refused,
  ENOTFOUND: m.cli_cause_no_host,
  EAI_AGAIN: m.cli_cause_lookup,
  ECONNRESET: m.cli_cause_reset,
  ETIMEDOUT: m.cli_cause_timed_out,
  EHOSTUNREACH: m.cli_cause_no_route,
  ENETUNREACH: m.cli_cause_no_network,
  EPROXYREFUSED: m.cli_cause_proxy_would_not_connect,
  EPROXY: m.cli_cause_proxy_refused,
  CERT_HAS_EXPIRED: m.cli_cause_cert_expired,
  DEPTH_ZERO_SELF_SIGNED_CERT: m.cli_cause_cert_self_signed,
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: m.cli_cause_cert_unverified,
  ERR_TLS_CERT_ALTNAME_INVALID: m.cli_cause_cert_other_name,
};

/** How a proxy's kind is named ("the HTTP proxy 127.0.0.1:3128"). */
const PROXY_KINDS: Readonly<Record<Extract<ProxyRoute, { kind: 'proxy' }>['scheme'], string>> = { http: 'HTTP', https: 'HTTP', socks4: 'SOCKS4', socks5: 'SOCKS5' };

/** Where a network failure (isNetworkFailure) happened, and its cause. */
export async function unreachable(address: string, error: ServiceError): Promise<Unreachable> {
  const route = await environmentResolver.routeFor(new URL(address)).catch(() => null);
  const transport = error.cause instanceof TransportError ? error.cause : null;
  const failure = error.kind === 'timeout' ? 'timeout' : (transport?.errno ?? null);
  return { address, failure, route: route && route.kind !== 'direct' ? route : null };
}

/** The cause in words: "connection refused (through the HTTP proxy 127.0.0.1:3128, from the proxy variables)". */
export function causeOf(offline: Unreachable, locale?: Locale): string {
  const options = locale === undefined ? undefined : { locale };
  const { failure, route } = offline;
  const known = failure === null ? undefined : SOCKET_CAUSES[failure];
  // An error code with no words of ours is still what a person can look up.
  const cause = failure === 'timeout' ? m.cli_cause_no_answer_in_time({}, options) : known ? known({}, options) : (failure ?? m.cli_cause_no_answer({}, options));
  if (route === null) return cause;
  if (route.kind === 'unusable') return m.cli_cause_through_unusable({ cause, answer: route.answer }, options);
  const host = route.host.includes(':') ? `[${route.host}]` : route.host;
  return m.cli_cause_through_proxy({ cause, kind: PROXY_KINDS[route.scheme], proxy: `${host}:${route.port}` }, options);
}

/** "http://host cannot be reached (connection refused)". */
export function cannotReach(offline: Unreachable, locale?: Locale): string {
  return m.cli_cannot_reach({ address: offline.address, cause: causeOf(offline, locale) }, locale === undefined ? undefined : { locale });
}

/**
 * Offline, the read commands answer from the library on this computer: they say so on
 * stderr first, with the address, the cause and when the library was last brought up to date.
 */
export async function sayOffline(cli: { offline: Unreachable | null }, out: Output, fetchedAt: number | null): Promise<void> {
  if (!cli.offline) return;
  const unreachableText = cannotReach(cli.offline);
  out.warn(fetchedAt === null ? m.cli_offline_never_synced({ unreachable: unreachableText }) : m.cli_offline_synced_at({ unreachable: unreachableText, time: formatMoment(fetchedAt) }));
}
