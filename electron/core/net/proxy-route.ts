// Which way a request goes: straight to the host, or through a proxy. The answer comes from
// outside the core (Electron's session.resolveProxy, which covers system settings, PAC and
// WPAD; or the proxy environment variables under plain Node; or the person's manual choice
// in Settings), always through the one ProxyResolver interface, so the core never imports
// Electron and every request of the client and the upload engine follows the same rule.
import { getProxyForUrl } from 'proxy-from-env';

type ProxyScheme = 'http' | 'https' | 'socks4' | 'socks5';

export type ProxyRoute =
  | { kind: 'direct' }
  | { kind: 'proxy'; scheme: ProxyScheme; host: string; port: number; username?: string; password?: string }
  /**
   * The proxy settings name a proxy Vidlift cannot use (a kind it does not speak, or an
   * answer it cannot read): no connection is made, and the request fails saying so. Going
   * direct instead would send around a proxy the system requires (fail closed).
   * `answer` is what was named, without any user name or password.
   */
  | { kind: 'unusable'; answer: string };

export interface ProxyResolver {
  /** The route for one request to `target`. Never throws. */
  routeFor(target: URL): Promise<ProxyRoute>;
}

export const DIRECT: ProxyRoute = { kind: 'direct' };

export const directResolver: ProxyResolver = { routeFor: () => Promise.resolve(DIRECT) };

const DEFAULT_PORTS: Record<ProxyScheme, number> = { http: 80, https: 443, socks4: 1080, socks5: 1080 };

/**
 * Reads a proxy address as people write it: `http://host:8080`, `socks5://user:pw@host`,
 * `host:3128` (http). `socks5h` and `socks` mean SOCKS5 with the name resolved by the proxy,
 * which is what we always do for SOCKS5. `socks4` is SOCKS4 (no password, IPv4, the name
 * resolved here, as Chromium does). Returns null for anything else (socks4a among them:
 * refused rather than guessed).
 */
export function parseProxyAddress(text: string): ProxyRoute | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  let url: URL;
  try {
    url = new URL(trimmed.includes('://') ? trimmed : `http://${trimmed}`);
  } catch {
    return null;
  }
  const scheme = schemeOf(url.protocol);
  if (scheme === null || url.hostname === '') return null;
  const port = url.port === '' ? DEFAULT_PORTS[scheme] : Number(url.port);
  return {
    kind: 'proxy',
    scheme,
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port,
    ...(url.username === '' ? {} : { username: decodeURIComponent(url.username) }),
    ...(url.password === '' ? {} : { password: decodeURIComponent(url.password) }),
  };
}

function schemeOf(protocol: string): ProxyScheme | null {
  switch (protocol) {
    case 'http:':
      return 'http';
    case 'https:':
      return 'https';
    case 'socks4:':
      return 'socks4';
    case 'socks:':
    case 'socks5:':
    case 'socks5h:':
      return 'socks5';
    default:
      return null;
  }
}

/** PAC keywords (Chromium's and Firefox's reading): a bare `SOCKS` is SOCKS4, only `SOCKS5` is SOCKS5. */
const PAC_SCHEMES: Readonly<Record<string, ProxyScheme>> = { PROXY: 'http', HTTPS: 'https', SOCKS: 'socks4', SOCKS4: 'socks4', SOCKS5: 'socks5' };

/**
 * Reads the answer of a PAC script or of Electron's `session.resolveProxy`: entries separated
 * by `;`, each `DIRECT`, `PROXY host:port`, `HTTPS host:port`, `SOCKS4 host:port`, `SOCKS
 * host:port` (SOCKS4) or `SOCKS5 host:port`. The first entry we can use wins, as browsers
 * skip to the next entry. An empty answer is direct; an answer with entries of which none
 * can be used is `unusable` (no connection), never direct.
 */
export function parsePacAnswer(answer: string): ProxyRoute {
  for (const entry of answer.split(';')) {
    const [keyword = '', address = ''] = entry.trim().split(/\s+/, 2);
    const kind = keyword.toUpperCase();
    if (kind === 'DIRECT') return DIRECT;
    const scheme = PAC_SCHEMES[kind];
    if (scheme === undefined || address === '') continue;
    const route = parseProxyAddress(`${scheme}://${address}`);
    if (route) return route;
  }
  return answer.trim() === '' ? DIRECT : { kind: 'unusable', answer: answer.trim() };
}

/**
 * Under plain Node (tests, the command line): HTTPS_PROXY / HTTP_PROXY / ALL_PROXY and
 * NO_PROXY, read the way curl and most tools read them (proxy-from-env, lower or upper case).
 */
export const environmentResolver: ProxyResolver = {
  routeFor(target) {
    const address = getProxyForUrl(target.href);
    if (address === '') return Promise.resolve(DIRECT);
    // A proxy named that cannot be used fails closed; its user name and password are left out of what is shown.
    return Promise.resolve(parseProxyAddress(address) ?? { kind: 'unusable', answer: address.replace(/\/\/[^@/]*@/, '//') });
  },
};

/** Words for a route, for logs and messages: never the password. */
const SCHEME_NAMES: Readonly<Record<ProxyScheme, string>> = { http: 'HTTP', https: 'HTTP', socks4: 'SOCKS4', socks5: 'SOCKS5' };

export function describeRoute(route: ProxyRoute): string {
  if (route.kind === 'direct') return 'direct';
  if (route.kind === 'unusable') return `proxy “${route.answer}”`;
  const { kind, address } = proxyNames(route);
  return `${kind} proxy ${address}`;
}

/** A proxy's kind (HTTP, SOCKS5…) and address as the params of what is said about it: never the password. */
export function proxyNames(route: Extract<ProxyRoute, { kind: 'proxy' }>): { kind: string; address: string } {
  const host = route.host.includes(':') ? `[${route.host}]` : route.host;
  return { kind: SCHEME_NAMES[route.scheme], address: `${host}:${route.port}` };
}
