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
import { shown } from '../../support/shown-account.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('a revoked key', () => {
  it('shows as refused in auth:status until a new key is in', async () => {
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
      if (event === 'auth:changed') changes.push(payload);
    });

    await core.handlers['auth:setKey']({ baseUrl: host.baseUrl, key: host.apiKey });
    expect(await core.handlers['auth:status'](undefined)).not.toHaveProperty('keyRefused');

    const replacement = host.control.addKey(host.apiKey).apiKey;
    host.control.revokeKey(host.apiKey);
    // The account read is answered from the cache; its background refresh meets the refusal.
    for (let i = 0; i < 100 && !(await core.handlers['auth:status'](undefined)).keyRefused; i++) {
      await shown(core)['account:get']({ refresh: true });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await core.handlers['auth:status'](undefined)).toMatchObject({ hasKey: true, keyRefused: true });
    expect(changes).toContainEqual(expect.objectContaining({ keyRefused: true }));

    const status = await core.handlers['auth:setKey']({ baseUrl: host.baseUrl, key: replacement });
    expect(status).not.toHaveProperty('keyRefused');
  });
});
