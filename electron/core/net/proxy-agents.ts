// The node:http agent for one route. Well-kept agents do the protocol work:
// https-proxy-agent speaks CONNECT (and TLS to an https proxy), socks-proxy-agent speaks
// SOCKS5 with the host name resolved by the proxy, and SOCKS4 (a PAC `SOCKS` entry).
//
// Every request through an HTTP proxy is tunnelled with CONNECT, whatever the target's
// scheme: the proxy only ever sees an opaque byte stream to host:port, so the key header
// and the upload session are never handed to it as a request it could read or log, and an
// https target stays end-to-end TLS. (A plain forward proxy request would give it both.)
import { Agent, type ClientRequestArgs } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ProxyRoute } from './proxy-route.ts';
import { lazyPackage } from '../lazy-package.ts';

// Loaded when a proxy is first used: most people have none.
const httpsProxyAgent = lazyPackage<typeof import('https-proxy-agent')>('https-proxy-agent');
const socksProxyAgent = lazyPackage<typeof import('socks-proxy-agent')>('socks-proxy-agent');

export type ConnectionUse =
  /** A read: a kept-alive connection may be reused. */
  | 'pooled'
  /** A POST or an upload: always a fresh connection (see http.ts on stale sockets). */
  | 'fresh';

/** `false` = node:http's own fresh connection; `undefined` = its global pool. */
export type AgentChoice = Agent | false | undefined;

function proxyUrl(route: Extract<ProxyRoute, { kind: 'proxy' }>): URL {
  const scheme = route.scheme === 'socks5' ? 'socks5h' : route.scheme;
  const host = route.host.includes(':') ? `[${route.host}]` : route.host;
  const url = new URL(`${scheme}://${host}:${route.port}`);
  // The URL API percent-encodes what needs it; both agents decode it again.
  if (route.username !== undefined) url.username = route.username;
  if (route.password !== undefined) url.password = route.password;
  return url;
}

function newAgent(route: Extract<ProxyRoute, { kind: 'proxy' }>, keepAlive: boolean): Agent {
  const url = proxyUrl(route);
  if (route.scheme === 'socks5' || route.scheme === 'socks4') return new (socksProxyAgent().SocksProxyAgent)(url, { keepAlive });
  return new (httpsProxyAgent().HttpsProxyAgent)(url, { keepAlive });
}

/** The error every connection of an `unusable` route fails with (network.ts words it). */
export const UNUSABLE_PROXY = 'EPROXYUNUSABLE';

/**
 * Opens no connection: the proxy settings name a proxy that cannot be used, and going direct would
 * bypass it. Its error is a developer's note: network.ts says it to the person by its code.
 */
class UnusableProxyAgent extends Agent {
  override createConnection(_options: ClientRequestArgs, callback?: (error: Error | null, socket: Duplex) => void): Duplex | undefined {
    const error = Object.assign(new Error('the proxy settings name a proxy Vidlift cannot use'), { code: UNUSABLE_PROXY });
    process.nextTick(() => callback?.(error, undefined as unknown as Duplex));
    return undefined;
  }
}

/**
 * Hands out agents: one kept-alive agent per proxy for reads (so a library sync through a
 * proxy does not pay a tunnel per page), a fresh one for every POST and upload.
 */
export class ProxyAgents {
  readonly #pooled = new Map<string, Agent>();

  agentFor(route: ProxyRoute, use: ConnectionUse): AgentChoice {
    if (route.kind === 'direct') return use === 'fresh' ? false : undefined;
    if (route.kind === 'unusable') return new UnusableProxyAgent();
    if (use === 'fresh') return newAgent(route, false);
    const key = proxyUrl(route).href;
    let agent = this.#pooled.get(key);
    if (!agent) {
      agent = newAgent(route, true);
      this.#pooled.set(key, agent);
    }
    return agent;
  }

  /** Closes kept-alive tunnels (settings changed, or shutdown). */
  destroy(): void {
    for (const agent of this.#pooled.values()) agent.destroy();
    this.#pooled.clear();
  }
}
