// The guards every web contents gets (Electron security checklist): no navigation away from
// the renderer, no new windows, no <webview>, every permission denied, and links to the
// service opened in the system browser only after their scheme was checked.
import type { Session, WebContents } from 'electron';
import { originOf } from './origins.ts';

export interface ExternalLinkPolicy {
  /** http:// links are opened only on loopback, and only in the source tree (the sandbox host). */
  allowLoopbackHttp: boolean;
}

/**
 * Whether a link may go to the system browser: https (or loopback http in development), no
 * credentials in it. Anything else (file:, javascript:, custom schemes) is refused.
 */
export function isOpenableExternally(url: string, policy: ExternalLinkPolicy): boolean {
  return openableExternalUrl(url, policy) !== null;
}

/** The link, normalised, when it may go to the system browser; null otherwise. */
export function openableExternalUrl(url: string, policy: ExternalLinkPolicy): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.username !== '' || parsed.password !== '') return null;
  if (parsed.protocol === 'https:' && parsed.hostname !== '') return parsed.href;
  if (parsed.protocol === 'http:' && policy.allowLoopbackHttp && isLoopback(parsed.hostname)) return parsed.href;
  return null;
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(hostname);
}

export interface GuardOptions extends ExternalLinkPolicy {
  /** The renderer's own origin: reloading it is the only navigation allowed. */
  rendererOrigin: string;
  openExternal: (url: string) => void;
  onRefused: (what: string, url: string) => void;
}

/** What to do with a navigation or window.open: stay (same document origin), open outside, or refuse. */
export function navigationVerdict(url: string, options: GuardOptions): 'allow' | 'external' | 'deny' {
  if (originOf(url) === options.rendererOrigin) return 'allow';
  return isOpenableExternally(url, options) ? 'external' : 'deny';
}

export function installNavigationGuards(contents: WebContents, options: GuardOptions): void {
  const sendOutside = (url: string, what: string): void => {
    if (navigationVerdict(url, options) === 'external') options.openExternal(url);
    else options.onRefused(what, url);
  };
  // Only our own origin may load in the window (a reload); everything else is stopped
  // first, then either opened in the browser or refused.
  contents.on('will-navigate', (event, url) => {
    if (originOf(url) !== options.rendererOrigin) {
      event.preventDefault();
      sendOutside(url, 'navigation');
    }
  });
  contents.on('will-redirect', (event, url) => {
    if (originOf(url) !== options.rendererOrigin) {
      event.preventDefault();
      sendOutside(url, 'redirect');
    }
  });
  contents.on('will-frame-navigate', (event) => {
    // Frames never load anything: the renderer has none, and the CSP forbids them too.
    if (!event.isMainFrame) {
      event.preventDefault();
      options.onRefused('frame navigation', event.url);
    }
  });
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    options.onRefused('webview', '');
  });
  contents.setWindowOpenHandler(({ url }) => {
    sendOutside(url, 'window.open');
    return { action: 'deny' };
  });
}

/** Camera, notifications from the page, geolocation, clipboard reads...: the renderer needs none. */
export function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}
