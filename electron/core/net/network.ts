// The one place the client and the upload engine ask how to reach a URL: the resolver
// (system/PAC through Electron, the environment under Node, or the person's manual choice)
// and the agents for its answer. Failures of the proxy itself are told apart from the
// service being offline, so the person is pointed at the proxy, not at their connection.
import type { ClientRequest } from 'node:http';
import { ProxyAgents, UNUSABLE_PROXY, type AgentChoice, type ConnectionUse } from './proxy-agents.ts';
import { describeRoute, directResolver, type ProxyResolver, type ProxyRoute } from './proxy-route.ts';

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
  message: string;
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
    refused = { errno: 'EPROXYREFUSED', message: proxyRefusalMessage(route, connect.statusCode ?? 0) };
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
          ? { errno: UNUSABLE_PROXY, message: `The proxy settings name a ${describeRoute(route)}, a kind of proxy Vidlift cannot use, so nothing was sent. Choose an HTTP, SOCKS4 or SOCKS5 proxy in the system's settings or in Settings → Network.` }
          : null;
      }
      if (route.scheme.startsWith('socks') && error instanceof Error && /socks/i.test(error.message)) {
        return { errno: code ?? 'EPROXY', message: `The ${describeRoute(route)} refused the connection (${error.message}). Check the proxy in Settings.` };
      }
      if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EHOSTUNREACH' || code === 'ETIMEDOUT' || code === 'EAI_AGAIN') {
        return { errno: code, message: `The ${describeRoute(route)} cannot be reached (${code}). Check the proxy in Settings or the system's proxy settings.` };
      }
      return null;
    },
  };
}

function proxyRefusalMessage(route: ProxyRoute, status: number): string {
  const what = describeRoute(route);
  if (status === 407) return `The ${what} asks for a user name and password (HTTP 407): set them in Settings.`;
  return `The ${what} would not open a connection to the service (HTTP ${status}).`;
}
