import { describe, expect, it } from 'vitest';
import type { ProxySetting } from '../../../shared/model.ts';
import { OLDER_PROXY_PASSWORD_ENTRY, proxyPasswordEntry, ProxyChoice } from '../../../electron/core/net/proxy-choice.ts';
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
    await secrets.set(proxyPasswordEntry({ ...manual, username: 'ana' }), 'hunter2-proxy');
    expect(await c.routeFor(target)).toEqual({ kind: 'proxy', scheme: 'socks5', host: 'proxy.corp', port: 1080, username: 'ana', password: 'hunter2-proxy' });
    expect(registered).toEqual(['hunter2-proxy']);
    expect(await c.status()).toEqual({ hasPassword: true });
    expect(await c.setPassword(null)).toEqual({ hasPassword: false });
    expect(await secrets.list()).toEqual([]);
    expect(await c.routeFor(target)).toEqual({ kind: 'proxy', scheme: 'socks5', host: 'proxy.corp', port: 1080, username: 'ana' });
  });

  // Issue 27 item 3: the password belongs to one proxy and user. A host changed with
  // settings:set (by a person or by a page that got hold of the IPC) must not receive it.
  it.each<[string, Partial<Extract<ProxySetting, { mode: 'manual' }>>]>([
    ['host', { host: 'elsewhere.example' }],
    ['port', { port: 3128 }],
    ['scheme', { scheme: 'http' }],
    ['user', { username: 'bob' }],
  ])('a password kept for one proxy is never sent to it once its %s changed', async (_what, change) => {
    let setting: ProxySetting = manual;
    const secrets = new MemorySecretStore();
    const c = new ProxyChoice({ setting: () => setting, system: { routeFor: () => Promise.resolve({ kind: 'direct' }) }, secrets, registry: { addSecret: () => {}, redact: (t) => t } });
    await c.setPassword('hunter2-proxy');
    expect(await c.routeFor(target)).toMatchObject({ host: 'proxy.corp', password: 'hunter2-proxy' });
    setting = { ...manual, ...change };
    const route = await c.routeFor(target);
    expect(route).not.toHaveProperty('password');
    expect(await c.status()).toEqual({ hasPassword: false });
    // The proxy it was given for still gets it.
    setting = manual;
    expect(await c.routeFor(target)).toMatchObject({ host: 'proxy.corp', password: 'hunter2-proxy' });
  });

  it('keeps one proxy password: the one for the proxy set now; a password needs a user name', async () => {
    let setting: ProxySetting = manual;
    const secrets = new MemorySecretStore();
    const c = new ProxyChoice({ setting: () => setting, system: { routeFor: () => Promise.resolve({ kind: 'direct' }) }, secrets, registry: { addSecret: () => {}, redact: (t) => t } });
    await c.setPassword('first-password');
    setting = { ...manual, host: 'second.corp' };
    await c.setPassword('second-password');
    expect(await secrets.list()).toEqual(['proxy-password:socks5://ana@second.corp:1080']);
    setting = manual;
    expect(await c.routeFor(target)).not.toHaveProperty('password');
    setting = { ...manual, username: null };
    await expect(c.setPassword('x')).rejects.toThrow(/user name/);
  });

  it('an older version’s password (tied to no proxy) goes to the manual proxy set at start, or is deleted', async () => {
    const older = choice(manual);
    await older.secrets.set(OLDER_PROXY_PASSWORD_ENTRY, 'from-before');
    await older.choice.adoptOlderPassword();
    expect(await older.secrets.list()).toEqual(['proxy-password:socks5://ana@proxy.corp:1080']);
    expect(await older.choice.routeFor(target)).toMatchObject({ password: 'from-before' });

    const system = choice({ mode: 'system' });
    await system.secrets.set(OLDER_PROXY_PASSWORD_ENTRY, 'from-before');
    await system.choice.adoptOlderPassword();
    expect(await system.secrets.list()).toEqual([]);
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
