import { describe, expect, it } from 'vitest';
import { describeRoute, environmentResolver, parsePacAnswer, parseProxyAddress } from '../../../electron/core/net/proxy-route.ts';

describe('parsePacAnswer (PAC results and Electron resolveProxy answers)', () => {
  it.each([
    ['DIRECT', { kind: 'direct' }],
    ['', { kind: 'direct' }],
    ['PROXY proxy.corp:3128', { kind: 'proxy', scheme: 'http', host: 'proxy.corp', port: 3128 }],
    ['PROXY proxy.corp:3128; DIRECT', { kind: 'proxy', scheme: 'http', host: 'proxy.corp', port: 3128 }],
    ['HTTPS secure.corp:443', { kind: 'proxy', scheme: 'https', host: 'secure.corp', port: 443 }],
    ['SOCKS5 127.0.0.1:1080', { kind: 'proxy', scheme: 'socks5', host: '127.0.0.1', port: 1080 }],
    // A PAC `SOCKS` entry is SOCKS4 (Chromium, Firefox); only `SOCKS5` says SOCKS5.
    ['SOCKS 10.0.0.1:9050', { kind: 'proxy', scheme: 'socks4', host: '10.0.0.1', port: 9050 }],
    ['SOCKS4 10.0.0.1:1080', { kind: 'proxy', scheme: 'socks4', host: '10.0.0.1', port: 1080 }],
    ['SOCKS4 10.0.0.1:1080; DIRECT', { kind: 'proxy', scheme: 'socks4', host: '10.0.0.1', port: 1080 }],
    ['  proxy   a.b:8080  ;  direct ', { kind: 'proxy', scheme: 'http', host: 'a.b', port: 8080 }],
    ['QUIC q.corp:443; PROXY p:81', { kind: 'proxy', scheme: 'http', host: 'p', port: 81 }],
    ['PROXY [::1]:3128', { kind: 'proxy', scheme: 'http', host: '::1', port: 3128 }],
    // Nothing usable in a non-empty answer: no connection at all, never DIRECT (fail closed).
    ['PROXY', { kind: 'unusable', answer: 'PROXY' }],
    ['QUIC q.corp:443', { kind: 'unusable', answer: 'QUIC q.corp:443' }],
    ['SOCKS6 s:1', { kind: 'unusable', answer: 'SOCKS6 s:1' }],
    ['QUIC q.corp:443; DIRECT', { kind: 'direct' }],
  ])('%j', (answer, route) => {
    expect(parsePacAnswer(answer)).toEqual(route);
  });
});

describe('environmentResolver', () => {
  it('refuses to go direct when the variable names a proxy it cannot use', async () => {
    const before = process.env.ALL_PROXY;
    process.env.ALL_PROXY = 'ftp://p.corp:21';
    try {
      expect(await environmentResolver.routeFor(new URL('https://service.example/v1/account'))).toEqual({ kind: 'unusable', answer: 'ftp://p.corp:21' });
      process.env.ALL_PROXY = 'socks4a://ana:hunter2@s.corp:1080';
      expect(await environmentResolver.routeFor(new URL('https://service.example/v1/account'))).toEqual({ kind: 'unusable', answer: 'socks4a://s.corp:1080' });
    } finally {
      if (before === undefined) delete process.env.ALL_PROXY;
      else process.env.ALL_PROXY = before;
    }
  });
});

describe('parseProxyAddress (what people type, and *_PROXY values)', () => {
  it.each([
    ['http://p:3128', { kind: 'proxy', scheme: 'http', host: 'p', port: 3128 }],
    ['p:3128', { kind: 'proxy', scheme: 'http', host: 'p', port: 3128 }],
    ['http://p', { kind: 'proxy', scheme: 'http', host: 'p', port: 80 }],
    ['socks5h://u:p%40ss@s:1080', { kind: 'proxy', scheme: 'socks5', host: 's', port: 1080, username: 'u', password: 'p@ss' }],
    ['socks://s', { kind: 'proxy', scheme: 'socks5', host: 's', port: 1080 }],
    ['socks4://s:1081', { kind: 'proxy', scheme: 'socks4', host: 's', port: 1081 }],
  ])('%s', (text, route) => {
    expect(parseProxyAddress(text)).toEqual(route);
  });

  it.each(['', '   ', 'socks4a://s:1080', 'ftp://p:21', 'http://'])('refuses %j', (text) => {
    expect(parseProxyAddress(text)).toBeNull();
  });

  it('describes a route without its password', () => {
    const route = parseProxyAddress('http://ana:hunter2@p:3128')!;
    expect(describeRoute(route)).toBe('HTTP proxy p:3128');
    expect(describeRoute(parseProxyAddress('socks5://[::1]:1080')!)).toBe('SOCKS5 proxy [::1]:1080');
    expect(describeRoute(parseProxyAddress('socks4://s:1080')!)).toBe('SOCKS4 proxy s:1080');
  });
});
