// The real keychain through keytar. Runs only where a Secret Service is reachable: the CI
// wrapper sets VIDLIFT_KEYCHAIN_TESTS=1 inside a private D-Bus session with gnome-keyring
// (see the command in the describe title). Each run uses its own service name.
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { KeytarSecretStore } from '../../../electron/core/secrets/keytar-store.ts';
import { accountFor } from '../../../electron/core/secrets/secret-store.ts';

const enabled = process.env.VIDLIFT_KEYCHAIN_TESTS === '1';
const reason = 'set VIDLIFT_KEYCHAIN_TESTS=1 inside a D-Bus session with an unlocked gnome-keyring to run';

describe.skipIf(!enabled)(`KeytarSecretStore against a real Secret Service (${enabled ? 'enabled' : reason})`, () => {
  const store = new KeytarSecretStore({ service: `Vidlift-test-${randomBytes(4).toString('hex')}`, timeoutMs: 5_000 });
  const first = accountFor('https://api.one.example');
  const second = accountFor('http://127.0.0.1:4010');

  afterAll(async () => {
    for (const account of await store.list().catch(() => [])) await store.delete(account);
  });

  it('reports the keychain available', async () => {
    expect(await store.status()).toEqual({ available: true, backend: 'keychain', problem: null });
  });

  it('sets, reads, replaces and deletes a key', async () => {
    expect(await store.get(first)).toBeNull();
    await store.set(first, 'AAAAbbbbCCCCdddd');
    expect(await store.get(first)).toBe('AAAAbbbbCCCCdddd');
    await store.set(first, 'EEEEffffGGGGhhhh');
    expect(await store.get(first)).toBe('EEEEffffGGGGhhhh');
    expect(await store.list()).toEqual([first]);
    expect(await store.delete(first)).toBe(true);
    expect(await store.get(first)).toBeNull();
    expect(await store.delete(first)).toBe(false);
  });

  it('keeps two accounts apart', async () => {
    await store.set(first, 'key-for-service1');
    await store.set(second, 'key-for-service2');
    expect(await store.get(first)).toBe('key-for-service1');
    expect(await store.get(second)).toBe('key-for-service2');
    expect((await store.list()).sort()).toEqual([first, second].sort());
    await store.delete(first);
    expect(await store.get(second)).toBe('key-for-service2');
  });
});

if (!enabled) {
  describe('KeytarSecretStore against a real Secret Service', () => {
    it.skip(`skipped: ${reason}`, () => undefined);
  });
}
