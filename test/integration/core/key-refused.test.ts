// Issue 17 item 3 through the composition root: when the sandbox host revokes the key, the
// core's auth status says the service refuses it (what the status bar and Account page show);
// a new key clears that.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore } from '../../../electron/core/services.ts';
import { MemorySecretStore } from '../../../electron/core/secrets/memory-store.ts';
import { startHost } from '../../host/index.ts';
import { shown, shownKey } from '../../support/shown-account.ts';
import type { EventPayload } from '../../../shared/contract.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('a revoked key', () => {
  it('shows as refused in the accounts view until a new key is in', async () => {
    const host = await startHost({ seed: 'demo' });
    cleanups.push(host.close);
    const root = await mkdtemp(join(tmpdir(), 'vidlift-core-'));
    const core = await createCore({ dataDir: join(root, 'data'), logDir: join(root, 'logs'), sandboxAvailable: false, secretStore: new MemorySecretStore() });
    cleanups.push(async () => {
      await core.close();
      await rm(root, { recursive: true, force: true });
    });
    const changes: unknown[] = [];
    core.events.subscribe((event, payload) => {
      if (event === 'accounts:changed') changes.push(shownKey(payload as EventPayload<'accounts:changed'>));
    });

    await core.handlers['accounts:add']({ baseUrl: host.baseUrl, key: host.apiKey });
    expect(shownKey(await core.handlers['accounts:list'](undefined))).toMatchObject({ hasKey: true, keyRefused: false });

    const replacement = host.control.addKey(host.apiKey).apiKey;
    host.control.revokeKey(host.apiKey);
    // The account read is answered from the cache; its background refresh meets the refusal.
    for (let i = 0; i < 100 && !shownKey(await core.handlers['accounts:list'](undefined)).keyRefused; i++) {
      await shown(core)['account:get']({ refresh: true });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(shownKey(await core.handlers['accounts:list'](undefined))).toMatchObject({ hasKey: true, keyRefused: true });
    expect(changes).toContainEqual(expect.objectContaining({ keyRefused: true }));

    const refusedId = core.shownAccountId();
    if (refusedId === null) throw new Error('no account is shown');
    const view = await core.handlers['accounts:add']({ baseUrl: host.baseUrl, key: replacement, for: refusedId });
    expect(shownKey(view)).toMatchObject({ hasKey: true, keyRefused: false });
    expect(view).not.toHaveProperty('keyOfAnotherAccount');
  });
});
