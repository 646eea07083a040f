// AuthService against the sandbox host: the key is checked with operation 1 before it is
// kept, kept only in the SecretStore, and never handed to the renderer.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/errors.ts';
import { methods } from '../../../shared/contract.ts';
import { AuthService } from '../../../electron/core/accounts/key-check.ts';
import { accountsView } from '../../../electron/core/accounts/handlers.ts';
import { ServiceClient } from '../../../electron/core/api/client.ts';
import { MemorySink, RedactingLogger } from '../../../electron/core/log/redacting.ts';
import { MemorySecretStore } from '../../../electron/core/secrets/memory-store.ts';
import { accountIdFor, accountKeyName } from '../../../electron/core/accounts/registry.ts';
import { SettingsStore } from '../../../electron/core/settings/settings-store.ts';
import { startHost, type Host } from '../../host/index.ts';
import { tempDir } from './fixtures.ts';
import { shownKey } from '../../support/shown-account.ts';
import { said } from '../../../shared/said.ts';

/** No session pool here: no account has an upload (the view's counts). */
const NO_UPLOADS = { accountTotals: () => ({ active: 0, waiting: 0 }) };

let host: Host;
let tmp: { dir: string; cleanup(): void };

beforeAll(async () => {
  host = await startHost({ seed: 'empty' });
  tmp = tempDir('vidlift-auth-');
});
afterAll(async () => {
  await host?.close();
  tmp?.cleanup();
});

function setup(name: string) {
  const secrets = new MemorySecretStore();
  const settings = new SettingsStore({ file: path.join(tmp.dir, `${name}.json`) });
  const sink = new MemorySink();
  const logger = new RedactingLogger({ sinks: [sink], minLevel: 'debug' });
  const auth = new AuthService({ secrets, settings, logger, registry: logger, verifyDeadlineMs: 3_000 });
  const changes: number[] = [];
  auth.onChange(() => changes.push(changes.length + 1));
  const view = () => accountsView(auth.accounts, auth, NO_UPLOADS);
  return { secrets, settings, sink, logger, changes, auth, view };
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('AuthService', () => {
  it('checks, keeps and reports a good key; the renderer sees only its last 4 characters', async () => {
    const { auth, secrets, settings, changes, sink, logger, view } = setup('good');
    expect(shownKey(await view())).toMatchObject({ hasKey: false, last4: null, baseUrl: null });
    expect(await auth.addKey({ baseUrl: `${host.baseUrl}/`, key: ` ${host.apiKey} ` })).toEqual({});
    const accountId = accountIdFor(host.baseUrl, host.apiKey);
    const status = await view();
    expect(status).toEqual({
      accounts: [{ id: accountId, name: new URL(host.baseUrl).host, baseUrl: host.baseUrl, last4: host.apiKey.slice(-4), active: true, keyRefused: false, uploads: { active: 0, waiting: 0 } }],
      activeId: accountId,
      storage: { available: true, backend: 'memory', problem: null },
      baseUrl: host.baseUrl,
    });
    expect(settings.get().baseUrl).toBe(host.baseUrl);
    expect(await secrets.get(accountKeyName(accountId))).toBe(host.apiKey);
    expect(await auth.getKey()).toBe(host.apiKey);
    expect(changes).toEqual([1]);
    // Every way out to the renderer carries AccountsView only.
    const out = methods['accounts:list'].output.parse(status);
    expect(JSON.stringify(out)).not.toContain(host.apiKey);
    // The core's client works with the kept key, and the log never shows it.
    const client = new ServiceClient({ baseUrl: () => settings.get().baseUrl, apiKey: () => auth.getKey(), logger, secrets: logger });
    logger.info(`debug dump ${host.apiKey}`);
    expect((await client.account()).email).toContain('@');
    expect(sink.text).not.toContain(host.apiKey);
  });

  it('refuses a key of the wrong length before any request', async () => {
    const { auth } = setup('short');
    const before = host.control.requestLog().length;
    const error = await rejection(auth.addKey({ baseUrl: host.baseUrl, key: 'abc' }));
    expect(error.code).toBe('validation');
    expect(error.message).toMatch(/exactly 16 characters/);
    expect(host.control.requestLog().length).toBe(before);
  });

  it('refuses a key the service rejects, with the service message, and keeps nothing', async () => {
    const { auth, secrets, settings } = setup('rejected');
    const error = await rejection(auth.addKey({ baseUrl: host.baseUrl, key: 'Q'.repeat(16) }));
    expect(error.code).toBe('unauthorized');
    expect(error.message).toContain('Invalid API Key');
    expect(await secrets.list()).toEqual([]);
    expect(settings.get().baseUrl).toBeNull();
  });

  it('an unreachable address is offline and the message names it', async () => {
    const { auth } = setup('unreachable');
    const dead = await startHost({ seed: 'empty' });
    const deadUrl = dead.baseUrl;
    await dead.close();
    const error = await rejection(auth.addKey({ baseUrl: deadUrl, key: host.apiKey }));
    expect(error.code).toBe('offline');
    expect(error.message).toContain(deadUrl);
  });

  it('refuses a base URL with credentials or a query', async () => {
    const { auth } = setup('badurl');
    expect((await rejection(auth.addKey({ baseUrl: 'http://u:p@127.0.0.1:1', key: host.apiKey }))).code).toBe('validation');
    expect((await rejection(auth.addKey({ baseUrl: `${host.baseUrl}?key=${host.apiKey}`, key: host.apiKey }))).code).toBe('validation');
  });

  it('clears the key; a keychain that does not work shows in the status', async () => {
    const { auth, secrets, view } = setup('clear');
    await auth.addKey({ baseUrl: host.baseUrl, key: host.apiKey });
    await auth.forgetKey(accountIdFor(host.baseUrl, host.apiKey));
    expect(shownKey(await view())).toMatchObject({ hasKey: false, last4: null, baseUrl: host.baseUrl });
    expect(await auth.getKey()).toBeNull();
    secrets.problem = said('keychain_none_linux', { detail: 'No D-Bus session' });
    expect((await view()).storage).toEqual({ available: false, backend: 'none', problem: secrets.problem });
    expect((await rejection(auth.addKey({ baseUrl: host.baseUrl, key: host.apiKey }))).code).toBe('unavailable');
  });

  it('keeps a key per account; a key for another service is another account', async () => {
    const { auth, secrets } = setup('two');
    const other = await startHost({ seed: 'empty' });
    try {
      await auth.addKey({ baseUrl: host.baseUrl, key: host.apiKey });
      await auth.addKey({ baseUrl: other.baseUrl, key: other.apiKey });
      const ids = [accountIdFor(host.baseUrl, host.apiKey), accountIdFor(other.baseUrl, other.apiKey)];
      expect((await secrets.list()).sort()).toEqual(ids.map(accountKeyName).sort());
      expect(auth.accounts.list().map((a) => a.id)).toEqual(ids);
      expect(await auth.getKey()).toBe(other.apiKey);
    } finally {
      await other.close();
    }
  });
});
