// The composition root as a whole: the served handler table covers the contract exactly,
// account methods wait for a key, and a key opens the account's own database.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore } from '../../../electron/core/services.ts';
import { createDispatcher } from '../../../electron/core/rpc/dispatch.ts';
import { MemorySecretStore } from '../../../electron/core/secrets/memory-store.ts';
import { METHOD_NAMES } from '../../../shared/contract-names.ts';
import type { Core } from '../../../electron/core/core.ts';
import { createHarnessShell } from '../../harness/shell-handlers.ts';
import { startHost } from '../../host/index.ts';
import { shownKey } from '../../support/shown-account.ts';
import type { AccountsView } from '../../../shared/accounts.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function newCore(): Promise<{ core: Core; dataDir: string }> {
  const root = await mkdtemp(join(tmpdir(), 'vidlift-core-'));
  const dataDir = join(root, 'data');
  const core = await createCore({ dataDir, logDir: join(root, 'logs'), sandboxAvailable: false, secretStore: new MemorySecretStore() });
  cleanups.push(async () => {
    await core.close();
    await rm(root, { recursive: true, force: true });
  });
  return { core, dataDir };
}

describe('createCore', () => {
  it('serves every contract method exactly once, with the shell methods', async () => {
    const { core } = await newCore();
    const shell = createHarnessShell(() => {});
    // The app's methods from the core and the shell, each account's from its route (the signed-out one here).
    const accountScoped = Object.keys(core.account(null));
    const served = [...Object.keys({ ...core.handlers, ...shell.handlers }), ...accountScoped].sort();
    expect(served).toEqual([...METHOD_NAMES].sort());
    expect(Object.keys(core.handlers).filter((name) => name in shell.handlers || accountScoped.includes(name))).toEqual([]);
  });

  it('answers account methods with unauthorized until a key is set, then from the account database', async () => {
    const host = await startHost({ seed: 'demo' });
    cleanups.push(host.close);
    const { core, dataDir } = await newCore();
    const dispatch = createDispatcher({ ...core.handlers, ...createHarnessShell(() => {}).handlers }, core.account);

    // No account shown yet: the request names none.
    expect(await dispatch('folders:list', undefined, null)).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    expect(await dispatch('uploads:list', undefined, null)).toMatchObject({ ok: true, data: { jobs: [] } });
    expect(await dispatch('sandbox:start', undefined)).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    // An account Vidlift does not know is refused with its code.
    expect(await dispatch('folders:list', undefined, 'no-such-account-00001')).toMatchObject({ ok: false, error: { code: 'not_found' } });

    const status = await dispatch('accounts:add', { baseUrl: host.baseUrl, key: host.apiKey });
    expect(status.ok && shownKey(status.data as AccountsView)).toMatchObject({ hasKey: true, last4: host.apiKey.slice(-4) });
    expect(JSON.stringify(status)).not.toContain(host.apiKey);

    const accountId = core.shownAccountId();
    const account = await dispatch('account:get', { refresh: true }, accountId);
    expect(account).toMatchObject({ ok: true });
    const files = await readdir(join(dataDir, 'accounts'));
    expect(files.some((file) => file.endsWith('.sqlite'))).toBe(true);
    expect(files.join(' ')).not.toContain(host.apiKey);

    await dispatch('accounts:forgetKey', { id: accountId });
    // The account stays, without a key: its session is closed.
    expect(await dispatch('folders:list', undefined, accountId)).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    // The uploads view has a signed-out answer: nothing queued (the shell reads it at start).
    expect(await dispatch('uploads:list', undefined, accountId)).toEqual({
      ok: true,
      data: {
        jobs: [],
        filter: 'all',
        offset: 0,
        total: 0,
        counts: { waiting: 0, uploading: 0, finishing: 0, paused: 0, done: 0, failed: 0, cancelled: 0, cancelling: 0, changed: 0 },
        paused: false,
        waiting: null,
        totals: { bytesSent: 0, bytesTotal: 0, speed: 0, etaSeconds: null, active: 0, waiting: 0, done: 0, failed: 0 },
      },
    });
  });
});
