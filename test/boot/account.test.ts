// Starting with an account: the key is read back from the keychain on the next start and the
// library opens; a service that is down at start is shown offline, then online once it answers.
import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { bootSource, KEY_STORAGE, newHost, newProfile, signIn, waitFor } from './support.ts';
import { shownKey } from '../support/shown-account.ts';
import { startHost } from '../host/index.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Under test/support/with-keyring.sh the key goes to the real Secret Service. */
const expectedBackend = process.env.VIDLIFT_KEYCHAIN_TESTS === '1' ? 'keychain' : 'safeStorage';

describe('a key in the keychain', () => {
  it('reads the key back on the next start and opens the library', async () => {
    const host = await newHost(cleanups);
    const userData = newProfile(cleanups);
    const first = await bootSource({ userData, ...KEY_STORAGE });
    await signIn(first, host);
    // The loaded document's CSP did not name the service: the window reloads to get one that does.
    await waitFor('the window to reload for the new CSP', () => first.window().webContents.reloads === 1);
    await waitFor('the reloaded document', () => !first.window().webContents.loading);
    expect(first.window().webContents.loaded?.headers.get('content-security-policy')).toContain(new URL(host.baseUrl).origin);
    await first.quit();

    const shell = await bootSource({ userData, ...KEY_STORAGE });
    cleanups.push(() => shell.quit());
    const view = await shell.data('accounts:list');
    expect(shownKey(view)).toMatchObject({ hasKey: true, baseUrl: host.baseUrl, last4: host.apiKey.slice(-4), storage: { available: true, backend: expectedBackend } });
    expect(JSON.stringify(view)).not.toContain(host.apiKey);
    expect(await shell.data('app:notices')).toEqual([]);
    // The library opens and fills from the service.
    await shell.data('sync:now');
    const folders = await waitFor('the library to list folders from the service', async () => {
      const view = await shell.data('folders:list');
      return view.folders.length > 0 ? view : null;
    });
    expect(folders.folders.length).toBeGreaterThan(0);
    // The CSP of the window now names the service for thumbnails.
    const csp = (await shell.double.protocol.fetch('app://vidlift/')).headers.get('content-security-policy');
    expect(csp).toContain(new URL(host.baseUrl).origin);
  });
});

describe('the service is offline at start', () => {
  it('shows offline, then online once the service answers again', async () => {
    const host = await newHost(cleanups);
    const port = Number(new URL(host.baseUrl).port);
    const userData = newProfile(cleanups);
    const first = await bootSource({ userData, ...KEY_STORAGE });
    await signIn(first, host);
    await first.quit();
    await host.close();

    const shell = await bootSource({ userData, ...KEY_STORAGE });
    cleanups.push(() => shell.quit());
    expect(shownKey(await shell.data('accounts:list'))).toMatchObject({ hasKey: true });
    await shell.call('sync:now');
    await waitFor('the window to be told the service is offline', async () => (await shell.data('connection:get')).state === 'offline');
    expect(shell.window().webContents.loaded?.status).toBe(200);

    const back = await startHost({ seed: 'demo', port, apiKey: host.apiKey });
    cleanups.push(() => back.close());
    // A request that set out while the service was down may still report it unreachable just
    // after a probe got through; the monitor then probes again. What counts is where it settles.
    await waitFor(
      'the connection to come back',
      async () => shell.sent('connection:changed').some((c) => (c as { state: string }).state === 'online') && (await shell.data('connection:get')).state === 'online',
      { tries: 1200 },
    );
    expect(shell.double.app.state).toBe('running');
  });
});

describe('"Try with the local sandbox" from the source tree', () => {
  it('starts the sandbox host from test/host, connects to it, and the menu opens the logs folder', async () => {
    const userData = newProfile(cleanups);
    const shell = await bootSource({ userData, ...KEY_STORAGE });
    cleanups.push(() => shell.quit());
    const auth = shownKey(await shell.data('sandbox:start'));
    expect(auth).toMatchObject({ hasKey: true, baseUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+/) });
    expect(await shell.call('account:get', { refresh: true })).toMatchObject({ ok: true });

    const help = shell.double.applicationMenu?.items.find((item) => item.role === 'help');
    const openLogs = (help?.submenu as Array<{ label?: string; click?: () => void }> | undefined)?.find((item) => item.label === 'Open Logs Folder');
    openLogs?.click?.();
    expect(shell.double.callsTo('shell.openPath').map((c) => c.args[0])).toEqual([join(userData, 'logs')]);
  });
});

describe('a runtime that does not strip types (docs/electron-runtime.md)', () => {
  it('answers "Try with the local sandbox" at once with the way round, and a key still connects', async () => {
    const original = Object.getOwnPropertyDescriptor(process.features, 'typescript');
    Object.defineProperty(process.features, 'typescript', { value: false, configurable: true });
    cleanups.push(() => {
      if (original) Object.defineProperty(process.features, 'typescript', original);
    });
    const host = await newHost(cleanups);
    const userData = newProfile(cleanups);
    const shell = await bootSource({ userData, ...KEY_STORAGE });
    cleanups.push(() => shell.quit());

    const reply = await shell.call('sandbox:start');
    expect(reply).toMatchObject({ ok: false, error: { code: 'unavailable', message: expect.stringContaining('npm run sandbox') } });
    expect(shell.double.app.state).toBe('running');
    // The welcome screen's other way in still works.
    await signIn(shell, host);
    expect(shownKey(await shell.data('accounts:list'))).toMatchObject({ hasKey: true, baseUrl: host.baseUrl });
  });
});
