// Issue 27 item 4: which account a key entered for the shown account's service goes to. The
// key check is a stand-in that answers operation 1's e-mail per key; the registry, the
// settings file and the secret store are the real ones.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AuthService } from '../../../../electron/core/accounts/key-check.ts';
import { accountIdFor } from '../../../../electron/core/accounts/registry.ts';
import { MemorySecretStore } from '../../../../electron/core/secrets/memory-store.ts';
import { SettingsStore } from '../../../../electron/core/settings/settings-store.ts';

const dir = mkdtempSync(join(tmpdir(), 'vidlift-key-owner-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const SERVICE = 'https://video.example';
const KEYS = { a1: 'AAAAaaaaAAAAaaa1', a2: 'AAAAaaaaAAAAaaa2', b1: 'BBBBbbbbBBBBbbb1' } as const;
const EMAILS: Record<string, string> = { [KEYS.a1]: 'ana@video.example', [KEYS.a2]: 'ANA@video.example ', [KEYS.b1]: 'bob@video.example' };

function setup(name: string, cached: Record<string, string> = {}) {
  const settings = new SettingsStore({ file: join(dir, `${name}.json`) });
  const auth = new AuthService({
    secrets: new MemorySecretStore(),
    settings,
    verify: async (_baseUrl, key) => ({ email: EMAILS[key]! }),
    cachedEmail: (id) => cached[id] ?? null,
  });
  return { auth, settings };
}

describe('a key entered for an account (accounts:add `for`)', () => {
  it('of the same e-mail (any case) replaces the shown account’s key', async () => {
    const { auth } = setup('same');
    await auth.addKey({ baseUrl: SERVICE, key: KEYS.a1 });
    const result = await auth.addKey({ baseUrl: SERVICE, key: KEYS.a2, for: accountIdFor(SERVICE, KEYS.a1) });
    expect(result.keyOfAnotherAccount).toBeUndefined();
    expect(auth.accounts.list().map((r) => r.id)).toEqual([accountIdFor(SERVICE, KEYS.a1)]);
    expect(await auth.accounts.key(accountIdFor(SERVICE, KEYS.a1))).toBe(KEYS.a2);
  });

  it('of another e-mail is another account, named by its e-mail; the shown one keeps its key', async () => {
    const { auth } = setup('other');
    await auth.addKey({ baseUrl: SERVICE, key: KEYS.a1 });
    const result = await auth.addKey({ baseUrl: SERVICE, key: KEYS.b1, for: accountIdFor(SERVICE, KEYS.a1) });
    const first = accountIdFor(SERVICE, KEYS.a1);
    expect(result.keyOfAnotherAccount).toEqual({ email: 'bob@video.example', previous: { id: first, name: 'video.example', email: 'ana@video.example' }, as: 'added' });
    expect(auth.accounts.list().map((r) => [r.name, r.email])).toEqual([
      ['video.example', 'ana@video.example'],
      ['bob@video.example', 'bob@video.example'],
    ]);
    expect(await auth.accounts.key(first)).toBe(KEYS.a1);
    expect(auth.accounts.active()?.id).toBe(accountIdFor(SERVICE, KEYS.b1));
  });

  it('of an account kept before e-mails were recorded: its library’s e-mail decides; with none, it is the shown account’s as before', async () => {
    const first = accountIdFor(SERVICE, KEYS.a1);
    const known = setup('cached', { [first]: 'ana@video.example' });
    await known.auth.addKey({ baseUrl: SERVICE, key: KEYS.a1 });
    await known.settings.update({ accounts: known.settings.get().accounts.map(({ email: _email, ...record }) => record) });
    expect((await known.auth.addKey({ baseUrl: SERVICE, key: KEYS.b1, for: accountIdFor(SERVICE, KEYS.a1) })).keyOfAnotherAccount?.as).toBe('added');
    expect(await known.auth.accounts.key(first)).toBe(KEYS.a1);

    const unknown = setup('unknown');
    await unknown.auth.addKey({ baseUrl: SERVICE, key: KEYS.a1 });
    await unknown.settings.update({ accounts: unknown.settings.get().accounts.map(({ email: _email, ...record }) => record) });
    expect((await unknown.auth.addKey({ baseUrl: SERVICE, key: KEYS.a2, for: accountIdFor(SERVICE, KEYS.a1) })).keyOfAnotherAccount).toBeUndefined();
    expect(unknown.auth.accounts.list()).toHaveLength(1);
    expect(await unknown.auth.accounts.key(first)).toBe(KEYS.a2);
  });

  it('entered for no account (Add account): another e-mail is a new account, and nothing is said of the shown one', async () => {
    const { auth } = setup('added');
    await auth.addKey({ baseUrl: SERVICE, key: KEYS.a1 });
    expect(await auth.addKey({ baseUrl: SERVICE, key: KEYS.b1 })).toEqual({});
    expect(auth.accounts.list().map((r) => r.email)).toEqual(['ana@video.example', 'bob@video.example']);
    // The same e-mail's new key still goes to its account: one service account is one account.
    expect(await auth.addKey({ baseUrl: SERVICE, key: KEYS.a2 })).toEqual({});
    expect(await auth.accounts.key(accountIdFor(SERVICE, KEYS.a1))).toBe(KEYS.a2);
    expect(auth.accounts.list()).toHaveLength(2);
  });

  it('entered for an account Vidlift does not have: refused as not found, before the key is checked anywhere', async () => {
    let checks = 0;
    const counting = new AuthService({ secrets: new MemorySecretStore(), settings: new SettingsStore({ file: join(dir, 'gone.json') }), verify: async (_baseUrl, key) => (checks++, { email: EMAILS[key]! }) });
    await expect(counting.addKey({ baseUrl: SERVICE, key: KEYS.a1, for: 'no-such-account-00001' })).rejects.toMatchObject({ code: 'not_found' });
    expect(checks).toBe(0);
    expect(counting.accounts.list()).toEqual([]);
  });
});
