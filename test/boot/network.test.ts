// Proxies in the shell (issue 14 item 1): by default the core asks Chromium's own proxy
// resolution (session.resolveProxy: system settings, PAC, WPAD) for every service call; the
// person can turn that off or type a proxy in Settings, with its password in the keychain.
// The proxy is a real HTTP CONNECT proxy on loopback; only Electron is a double.
import { afterEach, describe, expect, it } from 'vitest';
import { bootSource, KEY_STORAGE, newHost, newProfile, signIn } from './support.ts';
import { startHttpProxy } from '../support/proxies.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('the proxy', () => {
  it('follows the system proxy Chromium resolves, and goes direct when Settings say no proxy', async () => {
    const host = await newHost(cleanups);
    const proxy = await startHttpProxy();
    cleanups.push(() => proxy.close());
    const shell = await bootSource({ userData: newProfile(cleanups), ...KEY_STORAGE });
    cleanups.push(() => shell.quit());
    shell.double.session.defaultSession.proxyAnswer = `PROXY 127.0.0.1:${proxy.port}; DIRECT`;

    await signIn(shell, host);
    const hostPort = new URL(host.baseUrl).host;
    expect(proxy.requests).toContain(`CONNECT ${hostPort}`);
    expect(shell.double.calls.some((c) => c.name === 'session.resolveProxy' && String(c.args[0]).startsWith(host.baseUrl))).toBe(true);
    expect(proxy.headerText.join('\n')).not.toContain(host.apiKey);

    const settings = await shell.data('settings:set', { proxy: { mode: 'none' } });
    expect(settings.proxy).toEqual({ mode: 'none' });
    const before = proxy.requests.length;
    await shell.data('account:get');
    expect(proxy.requests.length).toBe(before);
  });

  it('keeps a manual proxy password in the keychain, never in settings.json, and refuses a bad proxy address', async () => {
    const shell = await bootSource({ userData: newProfile(cleanups), ...KEY_STORAGE });
    cleanups.push(() => shell.quit());
    expect(await shell.data('proxy:status')).toEqual({ hasPassword: false });
    const manual = { mode: 'manual', scheme: 'socks5', host: 'proxy.corp.example', port: 1080, username: 'ana' };
    expect((await shell.data('settings:set', { proxy: manual })).proxy).toEqual(manual);
    expect(await shell.data('proxy:setPassword', { password: 'hunter2-proxy' })).toEqual({ hasPassword: true });
    const { readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const onDisk = readFileSync(join(shell.userData, 'settings.json'), 'utf8');
    expect(onDisk).toContain('proxy.corp.example');
    expect(onDisk).not.toContain('hunter2-proxy');
    expect(await shell.data('proxy:setPassword', { password: null })).toEqual({ hasPassword: false });

    const bad = await shell.call('settings:set', { proxy: { ...manual, host: 'http://proxy:8080' } });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.message).toMatch(/without http:\/\/ or a port/);
    const badPort = await shell.call('settings:set', { proxy: { ...manual, port: 70000 } });
    expect(badPort.ok).toBe(false);
  });
});
