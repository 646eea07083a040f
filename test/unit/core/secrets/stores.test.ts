import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../shared/errors.ts';
import { FallbackSecretStore } from '../../../../electron/core/secrets/fallback-store.ts';
import { KeytarSecretStore, type KeytarModule } from '../../../../electron/core/secrets/keytar-store.ts';
import { MemorySecretStore } from '../../../../electron/core/secrets/memory-store.ts';
import { checkKeyShape } from '../../../../electron/core/accounts/key-check.ts';
import { said } from '../../../../shared/said.ts';

function fakeKeytar(behaviour: 'ok' | 'hang' | 'fail'): KeytarModule {
  const values = new Map<string, string>();
  const act = <T>(value: () => T): Promise<T> => {
    if (behaviour === 'hang') return new Promise<T>(() => undefined);
    if (behaviour === 'fail') return Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY'));
    return Promise.resolve(value());
  };
  return {
    getPassword: (_s, a) => act(() => values.get(a) ?? null),
    setPassword: (_s, a, p) => act(() => void values.set(a, p)),
    deletePassword: (_s, a) => act(() => values.delete(a)),
    findCredentials: () => act(() => [...values].map(([account, password]) => ({ account, password }))),
  };
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('KeytarSecretStore', () => {
  it('keeps values through keytar', async () => {
    const store = new KeytarSecretStore({ load: () => fakeKeytar('ok') });
    await store.set('a', 'one');
    expect(await store.get('a')).toBe('one');
    expect(await store.list()).toEqual(['a']);
    expect(await store.delete('a')).toBe(true);
    expect(await store.status()).toEqual({ available: true, backend: 'keychain', problem: null });
  });

  it('a keychain that never answers is locked (waiting for its password), and says to unlock it', async () => {
    const store = new KeytarSecretStore({ load: () => fakeKeytar('hang'), timeoutMs: 50, platform: 'linux' });
    const error = await rejection(store.get('a'));
    expect(error.code).toBe('unavailable');
    expect(error.said).toEqual({ code: 'keychain_locked_timeout', params: { seconds: 0.1 } });
    expect(error.message).toMatch(/did not answer within 0.1 s/);
    expect(error.message).toMatch(/Your keychain is locked: unlock it/);
    expect(await store.status()).toMatchObject({ available: false, backend: 'keychain' });
    expect(await store.availability()).toBe('locked');
  });

  it('a missing Secret Service says what to install', async () => {
    const store = new KeytarSecretStore({ load: () => fakeKeytar('fail'), platform: 'linux' });
    const error = await rejection(store.set('a', 'x'));
    expect(error.code).toBe('unavailable');
    expect(error.said.code).toBe('keychain_none_linux');
    expect(error.message).toMatch(/No keychain is available: install and start a Secret Service/);
  });

  it('a native module that cannot load is unavailable, not a crash', async () => {
    const store = new KeytarSecretStore({
      load: () => {
        throw new Error('libsecret-1.so.0: cannot open shared object file');
      },
      platform: 'linux',
    });
    const error = await rejection(store.get('a'));
    expect(error.code).toBe('unavailable');
    expect(error.message).toMatch(/libsecret/);
    expect((await store.status()).available).toBe(false);
  });
});

describe('FallbackSecretStore', () => {
  it('uses the primary while it works and the fallback otherwise', async () => {
    const primary = new MemorySecretStore();
    const fallback = new MemorySecretStore();
    const store = new FallbackSecretStore(primary, () => fallback);
    await store.set('a', '1');
    expect(await primary.get('a')).toBe('1');
    primary.problem = said('keychain_none_linux', { detail: 'No D-Bus session' });
    await store.set('a', '2');
    expect(await fallback.get('a')).toBe('2');
    expect((await store.status()).available).toBe(true);
  });

  it('reads a key the keychain gives back without the availability check; checks it when the keychain finds nothing', async () => {
    const keytar = fakeKeytar('ok');
    const calls: string[] = [];
    const counted = Object.fromEntries(
      Object.entries(keytar).map(([name, call]) => [name, (...args: unknown[]) => (calls.push(name), (call as (...a: unknown[]) => unknown)(...args))]),
    ) as unknown as KeytarModule;
    const store = new FallbackSecretStore(new KeytarSecretStore({ load: () => counted }), () => new MemorySecretStore());
    await store.set('a', 'one');
    calls.length = 0;
    expect(await store.get('a')).toBe('one');
    expect(calls).toEqual(['getPassword']);
    calls.length = 0;
    // Nothing stored: a locked keychain would say the same, so the check (a write and a delete) runs.
    expect(await store.get('b')).toBeNull();
    expect(calls).toContain('setPassword');
    expect(calls).toContain('deletePassword');
  });

  it('a keychain that never answers a read is locked at once, without a second wait for the check', async () => {
    const keytar = fakeKeytar('hang');
    const calls: string[] = [];
    const counted = { ...keytar, setPassword: (...args: Parameters<KeytarModule['setPassword']>) => (calls.push('setPassword'), keytar.setPassword(...args)) };
    const store = new FallbackSecretStore(new KeytarSecretStore({ load: () => counted, timeoutMs: 50 }), () => new MemorySecretStore());
    const error = await rejection(store.get('a'));
    expect(error.said).toEqual(said('keychain_locked'));
    expect(calls).toEqual([]);
  });

  it('with no fallback offered, reports the keychain problem', async () => {
    const primary = new MemorySecretStore();
    primary.problem = said('keychain_none_linux', { detail: 'No D-Bus session' });
    const store = new FallbackSecretStore(primary, () => null);
    expect(await store.status()).toEqual({ available: false, backend: 'none', problem: primary.problem });
    expect((await rejection(store.get('a'))).code).toBe('unavailable');
  });
});

describe('checkKeyShape', () => {
  it('accepts exactly 16 printable characters, trimmed', () => {
    expect(checkKeyShape('  abcdefghijklmnop\n')).toBe('abcdefghijklmnop');
  });
  it.each(['short', 'abcdefghijklmnopq', 'abcdefgh ijklmno', 'abcdefghijklmn\r\n'.padEnd(16, 'x').slice(0, 16)])('refuses %j', (key) => {
    expect(() => checkKeyShape(key)).toThrow(expect.objectContaining({ code: 'validation' }));
  });
});
