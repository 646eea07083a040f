// Where the renderer comes from and how origins are compared. Node's URL gives the origin
// "null" for non-special schemes such as app:, so origins are built by hand from the
// scheme and host: `app://vidlift`, `http://localhost:5173`.

export const APP_SCHEME = 'app';
export const APP_HOST = 'vidlift';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/** `scheme://host[:port]` of an absolute URL, or null when it cannot be parsed. */
export function originOf(url: string | null | undefined): string | null {
  if (typeof url !== 'string' || url.length === 0) return null;
  try {
    const parsed = new URL(url);
    if (parsed.host === '') return null;
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return null;
  }
}

/** The origin the renderer is served from: the dev server in `electron-vite dev`, app:// otherwise. */
export function rendererOrigin(devServerUrl: string | undefined): string {
  return (devServerUrl && originOf(devServerUrl)) || APP_ORIGIN;
}

/** Origins of the service (its base URL), for the CSP's img-src and opening its links. */
export function serviceOrigins(baseUrl: string | null | undefined): string[] {
  const origin = originOf(baseUrl);
  if (origin === null || !/^https?:/.test(origin)) return [];
  return [origin];
}
