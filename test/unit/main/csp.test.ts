import { describe, expect, it } from 'vitest';
import { buildCsp } from '../../../electron/main/csp.ts';
import { originOf, rendererOrigin, serviceOrigins, APP_ORIGIN } from '../../../electron/main/origins.ts';

describe('buildCsp', () => {
  it('is the strict policy with the service origin allowed for images only', () => {
    const csp = buildCsp({ imageOrigins: ['https://video.example'] });
    expect(csp).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https://video.example; " +
        "connect-src 'self'; media-src vidlift-media:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'",
    );
  });

  it('drops anything that is not a bare origin, so a base URL cannot inject sources', () => {
    const csp = buildCsp({ imageOrigins: ["https://a.example; script-src 'unsafe-eval'", 'https://b.example/path', '*', 'https://ok.example:8443'] });
    expect(csp).toContain("img-src 'self' data: blob: https://ok.example:8443;");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('b.example');
  });

  it('adds the dev server socket to connect-src when asked', () => {
    expect(buildCsp({ imageOrigins: [], extraConnect: ['ws://localhost:5173'] })).toContain("connect-src 'self' ws://localhost:5173;");
  });
});

describe('origins', () => {
  it('builds app:// origins by hand (URL.origin is "null" for them)', () => {
    expect(new URL('app://vidlift/index.html').origin).toBe('null');
    expect(originOf('app://vidlift/index.html')).toBe(APP_ORIGIN);
    expect(originOf('http://localhost:5173/src/main.ts')).toBe('http://localhost:5173');
    expect(originOf('not a url')).toBeNull();
    expect(originOf(null)).toBeNull();
  });

  it('serves from the dev server when electron-vite gives one, app:// otherwise', () => {
    expect(rendererOrigin('http://localhost:5173/')).toBe('http://localhost:5173');
    expect(rendererOrigin(undefined)).toBe('app://vidlift');
  });

  it('takes the service origin from an http(s) base URL only', () => {
    expect(serviceOrigins('https://api.example.com/v1/')).toEqual(['https://api.example.com']);
    expect(serviceOrigins('file:///etc')).toEqual([]);
    expect(serviceOrigins(null)).toEqual([]);
  });
});
