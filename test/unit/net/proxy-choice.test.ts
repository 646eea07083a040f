import { describe, expect, it } from 'vitest';
import type { ProxySetting } from '../../../shared/model.ts';
import { PROXY_PASSWORD_ACCOUNT, ProxyChoice } from '../../../electron/core/net/proxy-choice.ts';
import { isLoopbackHost } from '../../../shared/model.ts';
import { MemorySecretStore } from '../../../electron/core/secrets/memory-store.ts';

function choice(setting: ProxySetting, secrets = new MemorySecretStore()) {
  const registered: string[] = [];
  const system = { routeFor: () => Promise.resolve({ kind: 'proxy' as const, scheme: 'http' as const, host: 'pac.corp', port: 8080 }) };
  return { choice: new ProxyChoice({ setting: () => setting, system, secrets, registry: { addSecret: (v) => void registered.push(v), redact: (t) => t } }), registered, secrets };
}

const target = new URL('https://api.video.example/api/account/info');
const manual: ProxySetting = { mode: 'manual', scheme: 'socks5', host: 'proxy.corp', port: 1080, username: 'ana' };

describe('ProxyChoice', () => {
  it('system defers to the host, none is direct', async () => {
    expect(await choice({ mode: 'system' }).choice.routeFor(target)).toMatchObject({ host: 'pac.corp' });
    expect(await choice({ mode: 'none' }).choice.routeFor(target)).toEqual({ kind: 'direct' });
  });

  it('manual uses the proxy with the keychain password, registered for redaction before use', async () => {
    const { choice: c, registered, secrets } = choice(manual);
    await secrets.set(PROXY_PASSWORD_ACCOUNT, 'hunter2-proxy');
    expect(await c.routeFor(target)).toEqual({ kind: 'proxy', scheme: 'socks5', host: 'proxy.corp', port: 1080, username: 'ana', password: 'hunter2-proxy' });
    expect(registered).toEqual(['hunter2-proxy']);
    expect(await c.status()).toEqual({ hasPassword: true });
    expect(await c.setPassword(null)).toEqual({ hasPassword: false });
    expect(await secrets.get(PROXY_PASSWORD_ACCOUNT)).toBeNull();
    expect(await c.routeFor(target)).toEqual({ kind: 'proxy', scheme: 'socks5', host: 'proxy.corp', port: 1080, username: 'ana' });
  });

  it('manual without a user name never reads the keychain', async () => {
    const { choice: c, registered } = choice({ ...manual, username: null });
    expect(await c.routeFor(target)).toEqual({ kind: 'proxy', scheme: 'socks5', host: 'proxy.corp', port: 1080 });
    expect(registered).toEqual([]);
  });

  it('loopback goes direct under a manual proxy (the sandbox on this computer)', async () => {
    const { choice: c } = choice(manual);
    expect(await c.routeFor(new URL('http://127.0.0.1:5555/api'))).toEqual({ kind: 'direct' });
    expect(await c.routeFor(new URL('http://[::1]:5555/api'))).toEqual({ kind: 'direct' });
    expect(await c.routeFor(new URL('http://localhost:5555/api'))).toEqual({ kind: 'direct' });
  });

  it.each([
    ['127.0.0.1', true],
    ['127.5.6.7', true],
    ['[::1]', true],
    ['LOCALHOST', true],
    ['app.localhost', true],
    ['128.0.0.1', false],
    ['localhost.evil.example', false],
    ['10.0.0.1', false],
  ])('isLoopbackHost(%s) = %s', (host, loopback) => {
    expect(isLoopbackHost(host)).toBe(loopback);
  });
});
