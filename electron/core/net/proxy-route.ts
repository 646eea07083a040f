// Which way a request goes: straight to the host, or through a proxy. The answer comes from
// outside the core (Electron's session.resolveProxy, which covers system settings, PAC and
// WPAD; or the proxy environment variables under plain Node; or the person's manual choice
// in Settings), always through the one ProxyResolver interface, so the core never imports
// Electron and every request of the client and the upload engine follows the same rule.
import { getProxyForUrl } from 'proxy-from-env';

export type ProxyScheme = 'http' | 'https' | 'socks5';

export type ProxyRoute =
  | { kind: 'direct' }
  | { kind: 'proxy'; scheme: ProxyScheme; host: string; port: number; username?: string; password?: string };

export interface ProxyResolver {
  /** The route for one request to `target`. Never throws: an unusable answer means direct. */
  routeFor(target: URL): Promise<ProxyRoute>;
}

export const DIRECT: ProxyRoute = { kind: 'direct' };

export const directResolver: ProxyResolver = { routeFor: () => Promise.resolve(DIRECT) };

const DEFAULT_PORTS: Record<ProxyScheme, number> = { http: 80, https: 443, socks5: 1080 };

/**
 * Reads a proxy address as people write it: `http://host:8080`, `socks5://user:pw@host`,
 * `host:3128` (http). `socks5h` and `socks` mean SOCKS5 with the name resolved by the proxy,
 * which is what we always do. Returns null for anything else (SOCKS4 has no auth and no
 * IPv6: refused rather than guessed).
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
    case 'socks:':
    case 'socks5:':
    case 'socks5h:':
      return 'socks5';
    default:
      return null;
  }
}

/**
 * Reads the answer of a PAC script or of Electron's `session.resolveProxy`: entries separated
 * by `;`, each `DIRECT`, `PROXY host:port`, `HTTPS host:port`, `SOCKS5 host:port` or `SOCKS
 * host:port`. The first entry we can use wins; with none, direct (as browsers do).
 */
export function parsePacAnswer(answer: string): ProxyRoute {
  for (const entry of answer.split(';')) {
    const [keyword = '', address = ''] = entry.trim().split(/\s+/, 2);
    const kind = keyword.toUpperCase();
    if (kind === 'DIRECT') return DIRECT;
    const scheme = kind === 'PROXY' ? 'http' : kind === 'HTTPS' ? 'https' : kind === 'SOCKS5' || kind === 'SOCKS' ? 'socks5' : null;
    if (scheme === null || address === '') continue;
    const route = parseProxyAddress(`${scheme}://${address}`);
    if (route) return route;
  }
  return DIRECT;
}

/**
 * Under plain Node (tests, the command line): HTTPS_PROXY / HTTP_PROXY / ALL_PROXY and
 * NO_PROXY, read the way curl and most tools read them (proxy-from-env, lower or upper case).
 */
export const environmentResolver: ProxyResolver = {
  routeFor(target) {
    const address = getProxyForUrl(target.href);
    return Promise.resolve(address === '' ? DIRECT : (parseProxyAddress(address) ?? DIRECT));
  },
};

/** Words for a route, for logs and messages: never the password. */
export function describeRoute(route: ProxyRoute): string {
  if (route.kind === 'direct') return 'direct';
  const host = route.host.includes(':') ? `[${route.host}]` : route.host;
  return `${route.scheme === 'socks5' ? 'SOCKS5' : 'HTTP'} proxy ${host}:${route.port}`;
}
