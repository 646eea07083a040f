// Several accounts through the composition root, against the sandbox host with two accounts:
// each has its own library and queue; the one not shown keeps uploading and nothing of it
// reaches the window; a revoked key holds the queue until a new key is in (issue 17 item 3);
// removing asks nothing here (the renderer asks) but deletes the key, and the data only when
// told; an older version's single account becomes the first account without moving its data.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventName } from '../../../shared/contract.ts';
import { accountDatabasePath, accountIdFor, accountKeyName } from '../../../electron/core/accounts/registry.ts';
import type { Core } from '../../../electron/core/core.ts';
import { MemorySecretStore } from '../../../electron/core/secrets/memory-store.ts';
import { accountFor } from '../../../electron/core/secrets/secret-store.ts';
import { createCore } from '../../../electron/core/services.ts';
import { startHost, type Host } from '../../host/index.ts';
import { writeVideo } from '../uploads/helpers.ts';
import { shown, shownKey } from '../../support/shown-account.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function rig(): Promise<{ host: Host; root: string; secrets: MemorySecretStore; open: () => Promise<Core> }> {
  const host = await startHost({ seed: 'demo' });
  const root = await mkdtemp(join(tmpdir(), 'vidlift-accounts-'));
  const secrets = new MemorySecretStore();
  cleanups.push(async () => {
    await host.close();
    await rm(root, { recursive: true, force: true });
  });
  const open = async (): Promise<Core> => {
    const core = await createCore({ dataDir: join(root, 'data'), logDir: join(root, 'logs'), sandboxAvailable: false, secretStore: secrets });
    cleanups.push(() => core.close());
    return core;
  };
  return { host, root, secrets, open };
}

async function until<T>(what: string, check: () => Promise<T | null | false | undefined> | T | null | false | undefined): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const value = await check();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('several accounts', () => {
  it('each has its own library and queue; the account not shown keeps uploading, unseen', async () => {
    const { host, root, open } = await rig();
    const second = host.control.addAccount({ seed: 'empty' });
    const core = await open();
    await core.handlers['accounts:add']({ baseUrl: host.baseUrl, key: host.apiKey });
    const firstId = accountIdFor(host.baseUrl, host.apiKey);
    const added = await core.handlers['accounts:add']({ name: 'Second', baseUrl: host.baseUrl, key: second.apiKey });
    const secondId = accountIdFor(host.baseUrl, second.apiKey);
    expect(added.activeId).toBe(secondId);
    expect(added.accounts.map((a) => [a.name, a.active, a.last4])).toEqual([
      [new URL(host.baseUrl).host, false, host.apiKey.slice(-4)],
      ['Second', true, second.apiKey.slice(-4)],
    ]);
    expect(JSON.stringify(added)).not.toContain(host.apiKey);
    expect(JSON.stringify(added)).not.toContain(second.apiKey);

    // The second account uploads a file slowly; the first is shown meanwhile.
    await core.handlers['settings:set']({ bandwidthLimit: 256 * 1024 });
    const dir = join(root, 'files');
    mkdirSync(dir);
    const file = writeVideo(dir, 'second-only.mp4', 1_500_000);
    core.grantPath(file.path);
    const queued = await shown(core)['uploads:add']({ paths: [file.path], folderId: 0 });
    const jobId = queued.added[0]!;
    await until('the upload to start', async () => (await shown(core)['uploads:list'](undefined)).jobs.find((j) => j.id === jobId && j.state === 'uploading'));

    const switched = await core.handlers['accounts:switch']({ id: firstId });
    // Heard from the moment the first account is shown (an event of the second one emitted while
    // it was still shown, during the switch, is its own view's).
    // The window shows the events of the account it shows (renderer/src/lib/api.ts): every
    // account-scoped event names its account, so the second account's are told apart.
    const seen: Array<[EventName, unknown]> = [];
    const ofSecond: EventName[] = [];
    core.events.subscribe((event, payload, accountId) => {
      if (accountId === secondId) ofSecond.push(event);
      else if (accountId === firstId || accountId === null) seen.push([event, payload]);
      else throw new Error(`an event of an unknown account: ${String(accountId)}`);
    });
    expect(switched.activeId).toBe(firstId);
    expect(switched.accounts.find((a) => a.id === secondId)?.uploads.active).toBe(1);
    expect(shownKey(await core.handlers['accounts:list'](undefined))).toMatchObject({ accountId: firstId, last4: host.apiKey.slice(-4) });

    // Shown now: the first account's library and an empty queue, nothing of the second's.
    const firstVideos = host.control.videos(host.apiKey).map((v) => v.id);
    await until('the first library', async () => (await shown(core)['videos:list']({ folderId: 0, offset: 0, limit: 500 })).items.length > 0);
    const listed = await shown(core)['videos:list']({ folderId: 0, offset: 0, limit: 500 });
    expect(listed.items.every((v) => firstVideos.includes(v.id))).toBe(true);
    expect((await shown(core)['uploads:list'](undefined)).jobs).toEqual([]);
    // The tray counts both accounts' queues.
    expect(core.uploads.totals().active).toBe(1);

    await until('the second account’s upload to land', () => host.control.videos(second.apiKey).find((v) => v.name === 'second-only.mp4'));
    await until('the totals to settle', () => core.uploads.totals().active + core.uploads.totals().waiting === 0);
    expect(host.control.videos(host.apiKey).some((v) => v.name === 'second-only.mp4')).toBe(false);
    // Nothing the window heard after the switch names the second account's job or file.
    const heard = JSON.stringify(seen);
    expect(heard).not.toContain('second-only.mp4');
    // Job ids are per account (each database counts from 1): the shown queue is empty, so every upload event heard is too.
    const progress = seen.filter(([event]) => event === 'uploads:progress').map(([, payload]) => payload as { jobs: unknown[] });
    expect(progress.every((payload) => payload.jobs.length === 0)).toBe(true);
    const changes = seen.filter(([event]) => event === 'uploads:changed').map(([, payload]) => payload as { counts: Record<string, number> });
    expect(changes.every((payload) => Object.values(payload.counts).every((n) => n === 0))).toBe(true);
    // The second account's upload was told, under its own id.
    expect(ofSecond).toContain('uploads:changed');

    await core.handlers['accounts:switch']({ id: secondId });
    const back = await shown(core)['uploads:list'](undefined);
    expect(back.jobs.find((j) => j.id === jobId)?.state).toBe('done');
  }, 60_000);

  it('a revoked key holds the queue; the new key for the same account sends it, from the same library', async () => {
    const { host, root, open } = await rig();
    const core = await open();
    await core.handlers['accounts:add']({ baseUrl: host.baseUrl, key: host.apiKey });
    const id = accountIdFor(host.baseUrl, host.apiKey);
    const replacement = host.control.addKey(host.apiKey).apiKey;
    host.control.revokeKey(host.apiKey);

    const dir = join(root, 'files');
    mkdirSync(dir);
    const file = writeVideo(dir, 'held.mp4', 200_000);
    core.grantPath(file.path);
    await shown(core)['uploads:add']({ paths: [file.path], folderId: 0 });
    await until('the refusal', async () => shownKey(await core.handlers['accounts:list'](undefined)).keyRefused);
    // Held, not failed: the job waits for a new key.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const held = (await shown(core)['uploads:list'](undefined)).jobs[0]!;
    expect(held.state).toBe('waiting');
    expect(host.control.videos(replacement).some((v) => v.name === 'held.mp4')).toBe(false);

    await core.handlers['accounts:add']({ baseUrl: host.baseUrl, key: replacement, for: id });
    const view = await core.handlers['accounts:list'](undefined);
    expect(view.accounts.map((a) => a.id)).toEqual([id]);
    await until('the held upload to land', () => host.control.videos(replacement).find((v) => v.name === 'held.mp4'));
  }, 60_000);

  // Issue 27 item 4's twin: adding an account with a new key of one already kept.
  it('adding an account with a new key of an account already kept gives that account the key, not a second queue', async () => {
    const { host, open } = await rig();
    const core = await open();
    await core.handlers['accounts:add']({ baseUrl: host.baseUrl, key: host.apiKey });
    const id = accountIdFor(host.baseUrl, host.apiKey);
    const replacement = host.control.addKey(host.apiKey).apiKey;
    const other = host.control.addAccount({ seed: 'empty' });
    await core.handlers['accounts:add']({ baseUrl: host.baseUrl, key: other.apiKey });
    const view = await core.handlers['accounts:add']({ name: 'Again', baseUrl: host.baseUrl, key: replacement });
    expect(view.accounts.map((a) => [a.id, a.last4, a.active])).toEqual([
      [id, replacement.slice(-4), true],
      [accountIdFor(host.baseUrl, other.apiKey), other.apiKey.slice(-4), false],
    ]);
  }, 60_000);

  // Issue 27 item 4: the key of another account on the same service is that other account.
  it('a key of another account on the shown account’s service becomes that account; the shown one keeps its queue, library and key', async () => {
    const { host, root, open } = await rig();
    const core = await open();
    await core.handlers['accounts:add']({ baseUrl: host.baseUrl, key: host.apiKey });
    const firstId = accountIdFor(host.baseUrl, host.apiKey);
    host.control.revokeKey(host.apiKey);
    const dir = join(root, 'files');
    mkdirSync(dir);
    const file = writeVideo(dir, 'first-only.mp4', 200_000);
    core.grantPath(file.path);
    await shown(core)['uploads:add']({ paths: [file.path], folderId: 0 });
    await until('the refusal', async () => shownKey(await core.handlers['accounts:list'](undefined)).keyRefused);

    const other = host.control.addAccount({ seed: 'empty' });
    const result = await core.handlers['accounts:add']({ baseUrl: host.baseUrl, key: other.apiKey, for: firstId });
    const view = await core.handlers['accounts:list'](undefined);
    expect(view.accounts.map((a) => [a.id, a.last4, a.active])).toEqual([
      [firstId, host.apiKey.slice(-4), false],
      [accountIdFor(host.baseUrl, other.apiKey), other.apiKey.slice(-4), true],
    ]);
    expect(result.keyOfAnotherAccount).toEqual({ email: 'user2@vidhost.example', previous: { id: firstId, name: new URL(host.baseUrl).host, email: 'owner@vidhost.example' }, as: 'added' });
    expect(view.accounts.map((a) => a.name)).toEqual([new URL(host.baseUrl).host, 'user2@vidhost.example']);
    // The shown account is the other one, with its own figures; the first account's queue never goes to it.
    await until('the other account’s figures', async () => (await shown(core)['account:get'](undefined)).account?.email === 'user2@vidhost.example');
    expect((await shown(core)['uploads:list'](undefined)).jobs).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(host.control.videos(other.apiKey).some((v) => v.name === 'first-only.mp4')).toBe(false);

    // The first account's own new key, entered while the other is shown, goes to the first
    // account (same e-mail): its key is replaced and its held queue goes out, into itself.
    const replacement = host.control.addKey(undefined).apiKey;
    const back = await core.handlers['accounts:add']({ baseUrl: host.baseUrl, key: replacement, for: accountIdFor(host.baseUrl, other.apiKey) });
    expect(back.activeId).toBe(firstId);
    expect(back.keyOfAnotherAccount).toEqual({ email: 'owner@vidhost.example', previous: { id: accountIdFor(host.baseUrl, other.apiKey), name: 'user2@vidhost.example', email: 'user2@vidhost.example' }, as: 'existing' });
    expect((await core.handlers['accounts:list'](undefined)).accounts.map((a) => [a.id, a.last4])).toEqual([
      [firstId, replacement.slice(-4)],
      [accountIdFor(host.baseUrl, other.apiKey), other.apiKey.slice(-4)],
    ]);
    await until('the held upload to land in the first account', () => host.control.videos(replacement).find((v) => v.name === 'first-only.mp4'));
    expect(host.control.videos(other.apiKey).some((v) => v.name === 'first-only.mp4')).toBe(false);
  }, 60_000);

  it('an account kept before e-mails were recorded is compared by the e-mail its library fetched', async () => {
    const { host, root, open } = await rig();
    const first = await open();
    await first.handlers['accounts:add']({ baseUrl: host.baseUrl, key: host.apiKey });
    await until('the account’s figures in its library', async () => (await shown(first)['account:get'](undefined)).account?.email === 'owner@vidhost.example');
    await first.close();
    // As an older version left it: the record without its e-mail.
    const file = join(root, 'data', 'settings.json');
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { accounts: Array<{ email?: string }> };
    for (const record of stored.accounts) delete record.email;
    writeFileSync(file, JSON.stringify(stored));

    const core = await open();
    host.control.revokeKey(host.apiKey);
    const other = host.control.addAccount({ seed: 'empty' });
    const result = await core.handlers['accounts:add']({ baseUrl: host.baseUrl, key: other.apiKey, for: accountIdFor(host.baseUrl, host.apiKey) });
    expect(result.keyOfAnotherAccount?.previous.email).toBe('owner@vidhost.example');
    expect((await core.handlers['accounts:list'](undefined)).accounts.map((a) => a.last4)).toEqual([host.apiKey.slice(-4), other.apiKey.slice(-4)]);
  }, 60_000);

  it('renames and removes; data goes only when asked', async () => {
    const { host, root, secrets, open } = await rig();
    const second = host.control.addAccount({ seed: 'empty' });
    const core = await open();
    await core.handlers['accounts:add']({ baseUrl: host.baseUrl, key: host.apiKey });
    await core.handlers['accounts:add']({ baseUrl: host.baseUrl, key: second.apiKey });
    const [firstId, secondId] = [accountIdFor(host.baseUrl, host.apiKey), accountIdFor(host.baseUrl, second.apiKey)];
    const dataDir = join(root, 'data');
    expect(existsSync(accountDatabasePath(dataDir, firstId))).toBe(true);

    const renamed = await core.handlers['accounts:rename']({ id: firstId, name: '  Work  ' });
    expect(renamed.accounts.find((a) => a.id === firstId)?.name).toBe('Work');
    await expect(Promise.resolve().then(() => core.handlers['accounts:rename']({ id: firstId, name: '' }))).rejects.toThrow();

    // The second (shown) account removed, its data kept: the first is shown.
    const kept = await core.handlers['accounts:remove']({ id: secondId, deleteData: false });
    expect(kept.activeId).toBe(firstId);
    expect(await secrets.get(accountKeyName(secondId))).toBeNull();
    expect(existsSync(accountDatabasePath(dataDir, secondId))).toBe(true);

    const gone = await core.handlers['accounts:remove']({ id: firstId, deleteData: true });
    expect(gone).toEqual({ accounts: [], activeId: null, storage: { available: true, backend: 'memory', problem: null }, baseUrl: null });
    expect(existsSync(accountDatabasePath(dataDir, firstId))).toBe(false);
    expect(await secrets.list()).toEqual([]);
    expect(shownKey(await core.handlers['accounts:list'](undefined)).hasKey).toBe(false);
  }, 60_000);

  it('takes over an older version’s single account: its database and watch folders stay its own', async () => {
    const { host, root, secrets, open } = await rig();
    const dataDir = join(root, 'data');
    const id = accountIdFor(host.baseUrl, host.apiKey);
    mkdirSync(join(dataDir, 'accounts'), { recursive: true });
    const watch = { id: 'w1', path: join(root, 'watched'), folderId: 0, enabled: false, includeSubfolders: false, include: ['*.mp4'], exclude: [], settleSeconds: 10, moveUploaded: false };
    writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ baseUrl: host.baseUrl, watchFolders: [watch] }));
    await secrets.set(accountFor(host.baseUrl), host.apiKey);

    const core = await open();
    const view = await core.handlers['accounts:list'](undefined);
    expect(view).toMatchObject({ activeId: id, accounts: [{ id, baseUrl: host.baseUrl, active: true }] });
    expect(await secrets.list()).toEqual([accountKeyName(id)]);
    expect(existsSync(accountDatabasePath(dataDir, id))).toBe(true);
    expect((await core.handlers['settings:get'](undefined)).watchFolders).toEqual([{ ...watch, account: id }]);
  });
});
