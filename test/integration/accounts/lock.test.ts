// One process per account (the desktop app and the command line share the data folder): the
// second core to open an account says so in a notice, keeps its hands off the queue, and opens
// the account by itself once the first lets go.
import { shown } from '../../support/shown-account.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../../electron/core/services.ts';
import { MemorySecretStore } from '../../../electron/core/secrets/memory-store.ts';
import { accountIdFor, accountKeyName } from '../../../electron/core/accounts/registry.ts';
import { startHost, type Host } from '../../host/index.ts';
import type { LockTakerConfig } from './lock-taker-child.ts';

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
    await first.handlers['accounts:add']({ baseUrl: host.baseUrl, key: host.apiKey });

    const store = new MemorySecretStore();
    await store.set(accountKeyName(accountIdFor(host.baseUrl, host.apiKey)), host.apiKey);
    const second = await createCore({ dataDir, logDir: join(root, 'logs-2'), sandboxAvailable: false, secretStore: store });
    try {
      const notices = await second.handlers['app:notices'](undefined);
      expect(notices.map((n) => n.id)).toContain('account-in-use');
      // Handlers may throw before returning a promise: call them inside one.
      await expect(Promise.resolve().then(() => shown(second)['folders:list'](undefined))).rejects.toThrow(/open in another Vidlift/);

      await first.close();
      await until('the second core to open the account', async () => {
        const ids = (await second.handlers['app:notices'](undefined)).map((n) => n.id);
        return !ids.includes('account-in-use');
      });
      await expect(Promise.resolve().then(() => shown(second)['folders:list'](undefined))).resolves.toMatchObject({ folders: expect.any(Array) });
    } finally {
      await second.close();
    }
  }, 30_000);
});

describe('a lost account lock (issue 27 item 7)', () => {
  // The holder's event loop is blocked longer than the lock's stale time; a real second process
  // takes the lock meanwhile. Once the holder runs again it must stop its session at once (two
  // senders on one queue could send a file twice) and open the account again through the pool
  // once the other process lets go.
  it('stops the holder’s session when another process took the lock, and reopens it afterwards', async () => {
    const dataDir = join(root, 'lost');
    const holder = await createCore({ dataDir, logDir: join(root, 'lost-logs'), sandboxAvailable: false, secretStore: new MemorySecretStore() });
    const marker = join(root, 'lost-marker');
    let child: ChildProcess | null = null;
    try {
      await holder.handlers['accounts:add']({ baseUrl: host.baseUrl, key: host.apiKey });
      await expect(Promise.resolve().then(() => shown(holder)['folders:list'](undefined))).resolves.toMatchObject({ folders: expect.any(Array) });
      const config: LockTakerConfig = { dataDir, logDir: join(root, 'lost-logs-2'), baseUrl: host.baseUrl, apiKey: host.apiKey, marker };
      child = spawn(process.execPath, [join(import.meta.dirname, 'lock-taker-child.ts'), JSON.stringify(config)], { stdio: ['pipe', 'inherit', 'inherit'] });
      // The holder is stuck (a blocked event loop) until the other process has the account: at
      // most 70 s (the lock goes stale after 30 s: lock.ts), checked every 100 ms without letting
      // this process's timers run.
      const stuck = new Int32Array(new SharedArrayBuffer(4));
      for (let i = 0; i < 700 && !existsSync(marker); i++) Atomics.wait(stuck, 0, 0, 100);
      expect(existsSync(marker)).toBe(true);

      await until('the holder to give the account up', async () => (await holder.handlers['app:notices'](undefined)).some((n) => n.id === 'account-in-use'));
      await expect(Promise.resolve().then(() => shown(holder)['folders:list'](undefined))).rejects.toThrow(/open in another Vidlift/);

      child.stdin?.end();
      await new Promise((resolve) => child?.once('exit', resolve));
      child = null;
      await until('the holder to open the account again', async () => !(await holder.handlers['app:notices'](undefined)).some((n) => n.id === 'account-in-use'));
      await expect(Promise.resolve().then(() => shown(holder)['folders:list'](undefined))).resolves.toMatchObject({ folders: expect.any(Array) });
    } finally {
      child?.kill('SIGKILL');
      await holder.close();
    }
  }, 150_000);
});
