// The one place the client and the upload engine ask how to reach a URL: the resolver
// (system/PAC through Electron, the environment under Node, or the person's manual choice)
// and the agents for its answer. Failures of the proxy itself are told apart from the
// service being offline, so the person is pointed at the proxy, not at their connection.
import type { ClientRequest } from 'node:http';
import { ProxyAgents, UNUSABLE_PROXY, type AgentChoice, type ConnectionUse } from './proxy-agents.ts';
import { directResolver, proxyNames, type ProxyResolver, type ProxyRoute } from './proxy-route.ts';
import { said, type Said } from '../../../shared/said.ts';

export interface Route {
  route: ProxyRoute;
  agent: AgentChoice;
}

export class Network {
  #resolver: ProxyResolver;
  readonly #agents = new ProxyAgents();

  constructor(resolver: ProxyResolver = directResolver) {
    this.#resolver = resolver;
  }

  /** A new choice (Settings changed): later requests follow it; kept tunnels are closed. */
  setResolver(resolver: ProxyResolver): void {
    this.#resolver = resolver;
    this.#agents.destroy();
  }

  async routeFor(target: URL, use: ConnectionUse): Promise<Route> {
    let route: ProxyRoute;
    try {
      route = await this.#resolver.routeFor(target);
    } catch {
      // A resolver that fails (a PAC script that throws) means direct, as browsers do.
      route = { kind: 'direct' };
    }
    return { route, agent: this.#agents.agentFor(route, use) };
  }

  close(): void {
    this.#agents.destroy();
  }
}

/** A request that never leaves the proxy: it refused the tunnel or could not be reached. */
interface ProxyFailure {
  said: Said;
  errno: string;
}

/**
 * Watches one request through a proxy. `refusal()` is set when the proxy answered CONNECT
 * with anything but 200 (its answer is replayed to node:http as if it were the target's
 * reply, which must not be read as the service's); `describe(error)` words a socket error
 * as the proxy's when the tunnel was never set up.
 */
export function watchProxy(request: ClientRequest, route: ProxyRoute): { refusal: () => ProxyFailure | null; failure: (error: unknown) => ProxyFailure | null } {
  if (route.kind === 'direct') return { refusal: () => null, failure: () => null };
  let tunnelled = false;
  let refused: ProxyFailure | null = null;
  request.once('proxyConnect', (connect: { statusCode?: number }) => {
    if (connect.statusCode === 200) return;
    refused = { errno: 'EPROXYREFUSED', said: proxyRefusal(route, connect.statusCode ?? 0) };
  });
  // agent-base hands node:http the socket only once the tunnel (CONNECT or SOCKS) is open:
  // an error after that is the service's, not the proxy's.
  request.once('socket', () => {
    if (!refused) tunnelled = true;
  });
  return {
    refusal: () => refused,
    failure(error) {
      if (refused) return refused;
      if (tunnelled) return null;
      const code = typeof (error as { code?: unknown })?.code === 'string' ? (error as { code: string }).code : null;
      if (route.kind === 'unusable') {
        return code === UNUSABLE_PROXY
          ? { errno: UNUSABLE_PROXY, said: said('proxy_unusable', { answer: route.answer }) }
          : null;
      }
      if (route.scheme.startsWith('socks') && error instanceof Error && /socks/i.test(error.message)) {
        return { errno: code ?? 'EPROXY', said: said('proxy_refused', { ...proxyNames(route), detail: error.message }) };
      }
      if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EHOSTUNREACH' || code === 'ETIMEDOUT' || code === 'EAI_AGAIN') {
        return { errno: code, said: said('proxy_unreachable', { ...proxyNames(route), errno: code }) };
      }
      return null;
    },
  };
}

function proxyRefusal(route: Exclude<ProxyRoute, { kind: 'direct' }>, status: number): Said {
  // Only a proxy that speaks opens a tunnel; an unusable one never gets this far.
  if (route.kind === 'unusable') return said('proxy_unusable', { answer: route.answer });
  if (status === 407) return said('proxy_needs_login', proxyNames(route));
  return said('proxy_would_not_connect', { ...proxyNames(route), status });
}
