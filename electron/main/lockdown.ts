// What every document of the shell is held to: every permission denied, the app:// protocol
// serving the renderer with its CSP (and in development the same CSP on the dev server's
// responses), and the navigation guards on every web contents. The CSP names the service's
// origins for images; when the service moves, the page is reloaded to get the new header.
import type { App, Protocol, Session, WebContents } from 'electron';
import { buildCsp } from './csp.ts';
import { APP_SCHEME, originOf } from './origins.ts';
import { createAppRequestHandler } from './protocol.ts';
import { denyAllPermissions, installNavigationGuards, type GuardOptions } from './security.ts';

/** How long after the origins changed the page reloads (lets the settings answer land first). */
const RELOAD_DELAY_MS = 300;

export interface LockdownDeps {
  app: Pick<App, 'on'>;
  session: Session;
  protocol: Pick<Protocol, 'handle'>;
  /** Where the built renderer sits (out/renderer). */
  rendererRoot: string;
  /** electron-vite's dev server (source tree only). */
  devServerUrl: string | undefined;
  /** The service's origins right now (images may come from them). */
  serviceOrigins: () => string[];
  /**
   * Resolves once serviceOrigins() is known (the core started, which opens after the window):
   * app:// answers after it, so the document's CSP names them without a reload.
   */
  serviceOriginsKnown?: Promise<void>;
  /** The navigation guards' policy, given to every web contents. */
  guards: GuardOptions;
  /** The window's contents, if it is open (reloaded when the CSP must change). */
  windowContents: () => Pick<WebContents, 'reload'> | null;
}

export interface Lockdown {
  /** The service's origins changed: reload the page if its CSP does not name them all. */
  serviceOriginsChanged(origins: string[]): void;
}

export function lockDownShell(deps: LockdownDeps): Lockdown {
  const csp = (): string => buildCsp({ imageOrigins: deps.serviceOrigins(), extraConnect: devSocket(deps.devServerUrl) });
  // The CSP of a loaded document cannot change: what the page's img-src names.
  let documentOrigins = deps.serviceOrigins();
  const known = deps.serviceOriginsKnown ?? Promise.resolve();
  const servedCsp = async (): Promise<string> => {
    await known;
    documentOrigins = deps.serviceOrigins();
    return csp();
  };
  const ses = deps.session;
  denyAllPermissions(ses);
  deps.protocol.handle(APP_SCHEME, createAppRequestHandler({ root: deps.rendererRoot, csp: servedCsp }));
  const devOrigin = originOf(deps.devServerUrl);
  if (devOrigin) {
    ses.webRequest.onHeadersReceived({ urls: [`${devOrigin}/*`] }, (details, callback) => {
      void servedCsp().then((policy) => callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [policy] } }));
    });
  }
  deps.app.on('web-contents-created', (_event, contents) => installNavigationGuards(contents, deps.guards));
  return {
    serviceOriginsChanged(origins) {
      const missing = origins.some((o) => !documentOrigins.includes(o));
      documentOrigins = origins;
      if (missing) setTimeout(() => deps.windowContents()?.reload(), RELOAD_DELAY_MS);
    },
  };
}

/** Vite's hot-reload socket, allowed in connect-src in development only. */
function devSocket(devServerUrl: string | undefined): string[] {
  const devOrigin = originOf(devServerUrl);
  return devOrigin ? [devOrigin.replace(/^http/, 'ws')] : [];
}
