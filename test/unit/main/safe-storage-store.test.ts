import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FallbackSecretStore } from '../../../electron/core/secrets/fallback-store.ts';
import type { SecretStore } from '../../../electron/core/secrets/secret-store.ts';
import { SafeStorageSecretStore, safeStorageFallback } from '../../../electron/main/safe-storage-store.ts';
import { said } from '../../../shared/said.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function file(): string {
  const dir = mkdtempSync(join(tmpdir(), 'vidlift-safe-'));
  dirs.push(dir);
  return join(dir, 'secrets.json');
}

/** Reversible "encryption" standing in for the OS: enough to see the plaintext never lands on disk. */
function fakeSafeStorage(backend: string = 'gnome_libsecret', available = true) {
  const flip = (buffer: Buffer) => Buffer.from(buffer.map((byte) => byte ^ 0x5a));
  return {
    getSelectedStorageBackend: () => backend as never,
    isAsyncEncryptionAvailable: async () => available,
    encryptStringAsync: async (text: string) => flip(Buffer.from(text, 'utf8')),
    decryptStringAsync: async (data: Buffer) => ({ result: flip(data).toString('utf8'), shouldReEncrypt: false }),
  };
}

const KEY = 'abcdefghijklmnop';

describe('SafeStorageSecretStore', () => {
  it('keeps the key encrypted in a private file and reads it back', async () => {
    const path = file();
    const store = new SafeStorageSecretStore({ safeStorage: fakeSafeStorage(), file: path, platform: 'linux' });
    expect(await store.status()).toEqual({ available: true, backend: 'safeStorage', problem: null });
    await store.set('api-key:https://video.example', KEY);
    expect(readFileSync(path, 'utf8')).not.toContain(KEY);
    if (process.platform !== 'win32') expect(statSync(path).mode & 0o077).toBe(0);
    expect(await store.get('api-key:https://video.example')).toBe(KEY);
    expect(await store.list()).toEqual(['api-key:https://video.example']);
    expect(await store.delete('api-key:https://video.example')).toBe(true);
    expect(await store.delete('api-key:https://video.example')).toBe(false);
    expect(await store.get('api-key:https://video.example')).toBeNull();
  });

  it('never works on Linux basic_text, which is plaintext in all but name', async () => {
    const store = new SafeStorageSecretStore({ safeStorage: fakeSafeStorage('basic_text'), file: file(), platform: 'linux' });
    const status = await store.status();
    expect(status.available).toBe(false);
    expect(status.backend).toBe('none');
    await expect(store.set('a', KEY)).rejects.toMatchObject({ code: 'unavailable' });
    expect(safeStorageFallback({ safeStorage: fakeSafeStorage('basic_text'), file: file(), platform: 'linux' })()).toBeNull();
  });

  it('is unavailable when the OS cannot encrypt right now', async () => {
    const store = new SafeStorageSecretStore({ safeStorage: fakeSafeStorage('gnome_libsecret', false), file: file(), platform: 'darwin' });
    expect((await store.status()).available).toBe(false);
    await expect(store.get('a')).rejects.toMatchObject({ code: 'unavailable' });
  });

  it('keeps both of two quick writes', async () => {
    const store = new SafeStorageSecretStore({ safeStorage: fakeSafeStorage(), file: file(), platform: 'win32' });
    await Promise.all([store.set('one', KEY), store.set('two', `${KEY}2`)]);
    expect((await store.list()).sort()).toEqual(['one', 'two']);
  });

  it('takes over from an unusable keychain in the core\'s FallbackSecretStore', async () => {
    const keychain: SecretStore = {
      get: async () => null,
      set: async () => undefined,
      delete: async () => false,
      list: async () => [],
      status: async () => ({ available: false, backend: 'keychain', problem: said('keychain_none_linux', { detail: 'no Secret Service' }) }),
    };
    const store = new FallbackSecretStore(keychain, safeStorageFallback({ safeStorage: fakeSafeStorage('kwallet6'), file: file(), platform: 'linux' }));
    expect((await store.status()).backend).toBe('safeStorage');
    await store.set('a', KEY);
    expect(await store.get('a')).toBe(KEY);
  });
});
