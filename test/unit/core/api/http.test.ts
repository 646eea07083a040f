import { describe, expect, it } from 'vitest';
import { decideRedirect } from '../../../../electron/core/api/http.ts';
import { endpoint } from '../../../../electron/core/api/request.ts';

const origin = 'https://api.example.com';
const from = new URL('https://api.example.com/v1/account');

describe('decideRedirect', () => {
  it('follows same-origin redirects', () => {
    expect(decideRedirect(from, '/v1/account2', 302, 'GET', origin)).toMatchObject({ follow: true, sameOrigin: true, method: 'GET' });
  });

  it('refuses https to http, even to the same host', () => {
    expect(decideRedirect(from, 'http://api.example.com/v1/account', 301, 'GET', origin)).toMatchObject({ follow: false });
  });

  it('marks another origin (and another port) as foreign', () => {
    expect(decideRedirect(from, 'https://evil.example/x', 302, 'GET', origin)).toMatchObject({ follow: true, sameOrigin: false });
    expect(decideRedirect(from, 'https://api.example.com:8443/x', 302, 'GET', origin)).toMatchObject({ follow: true, sameOrigin: false });
  });

  it('never carries a body to another origin', () => {
    expect(decideRedirect(from, 'https://evil.example/x', 307, 'POST', origin)).toMatchObject({ follow: false });
    expect(decideRedirect(from, '/v1/other', 307, 'POST', origin)).toMatchObject({ follow: true, keepBody: true, method: 'POST' });
    expect(decideRedirect(from, '/v1/other', 303, 'POST', origin)).toMatchObject({ follow: true, keepBody: false, method: 'GET' });
  });

  it('refuses non-http schemes and missing locations', () => {
    expect(decideRedirect(from, 'file:///etc/passwd', 302, 'GET', origin)).toMatchObject({ follow: false });
    expect(decideRedirect(from, undefined, 302, 'GET', origin)).toMatchObject({ follow: false });
  });
});

describe('endpoint', () => {
  it('keeps a base path prefix and leaves out undefined query values', () => {
    const url = endpoint(new URL('https://h.example/api/'), '/v1/videos', { folder: 0, page: 1, search: undefined });
    expect(url.href).toBe('https://h.example/api/v1/videos?folder=0&page=1');
  });
});
