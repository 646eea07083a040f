// One process per account (the desktop app and the command line share the data folder): the
// second core to open an account says so in a notice, keeps its hands off the queue, and opens
// the account by itself once the first lets go.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../../electron/core/services.ts';
import { MemorySecretStore } from '../../../electron/core/secrets/memory-store.ts';
import { accountIdFor, accountKeyName } from '../../../electron/core/accounts/account-registry.ts';
import { startHost, type Host } from '../../host/index.ts';

let host: Host;
let root: string;

beforeAll(async () => {
  host = await startHost({ seed: 'empty' });
  root = mkdtempSync(join(tmpdir(), 'vidlift-lock-'));
});

afterAll(async () => {
  await host?.close();
  rmSync(root, { recursive: true, force: true });
});

async function until<T>(what: string, check: () => Promise<T | null | false>): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await check();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('the account lock', () => {
  it('refuses a second core with a notice and opens the account once the first closes', async () => {
    const dataDir = join(root, 'data');
    const first = await createCore({ dataDir, logDir: join(root, 'logs'), sandboxAvailable: false, secretStore: new MemorySecretStore() });
    await first.handlers['auth:setKey']({ baseUrl: host.baseUrl, key: host.apiKey });

    const store = new MemorySecretStore();
    await store.set(accountKeyName(accountIdFor(host.baseUrl, host.apiKey)), host.apiKey);
    const second = await createCore({ dataDir, logDir: join(root, 'logs-2'), sandboxAvailable: false, secretStore: store });
    try {
      const notices = await second.handlers['app:notices'](undefined);
      expect(notices.map((n) => n.id)).toContain('account-in-use');
      // Handlers may throw before returning a promise: call them inside one.
      await expect(Promise.resolve().then(() => second.handlers['folders:list'](undefined))).rejects.toThrow(/open in another Vidlift/);

      await first.close();
      await until('the second core to open the account', async () => {
        const ids = (await second.handlers['app:notices'](undefined)).map((n) => n.id);
        return !ids.includes('account-in-use');
      });
      await expect(Promise.resolve().then(() => second.handlers['folders:list'](undefined))).resolves.toMatchObject({ folders: expect.any(Array) });
    } finally {
      await second.close();
    }
  }, 30_000);
});
