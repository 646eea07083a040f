// proxy-from-env ships no types; this is its whole API (index.js of 2.1.0).
declare module 'proxy-from-env' {
  /** The proxy URL for `url` from *_PROXY / ALL_PROXY and NO_PROXY, or '' for none. */
  export function getProxyForUrl(url: string | URL): string;
}
