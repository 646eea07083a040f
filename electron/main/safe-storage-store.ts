// The fallback for the API key where the OS keychain cannot be reached through keytar:
// the key encrypted with Electron's safeStorage (macOS Keychain-held key, Windows DPAPI,
// Linux Secret Service / KWallet) in a small file in userData. It is offered only when the
// encryption is real: on Linux the "basic_text" backend encrypts with a key written in
// Chromium's source, which is plaintext in all but name, so it is never used.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { SafeStorage } from 'electron';
import { AppError } from '../../shared/errors.ts';
import type { KeyStorage } from '../../shared/model.ts';
import type { SecretStore } from '../core/secrets/secret-store.ts';
import { said } from '../../shared/said.ts';

type SafeStorageLike = Pick<SafeStorage, 'isAsyncEncryptionAvailable' | 'encryptStringAsync' | 'decryptStringAsync' | 'getSelectedStorageBackend'>;

interface StoreFile {
  version: 1;
  /** account → base64 of the safeStorage ciphertext. */
  entries: Record<string, string>;
}

/** Linux backends that hold the encryption key in a real password manager. */
const REAL_LINUX_BACKENDS = new Set(['gnome_libsecret', 'kwallet', 'kwallet5', 'kwallet6']);

/** Whether safeStorage on this system protects anything (checked after app 'ready'). */
export function safeStorageBackendIsReal(safeStorage: SafeStorageLike, platform: NodeJS.Platform): boolean {
  if (platform !== 'linux') return true;
  return REAL_LINUX_BACKENDS.has(safeStorage.getSelectedStorageBackend());
}

export interface SafeStorageSecretStoreOptions {
  safeStorage: SafeStorageLike;
  /** <userData>/secrets.json */
  file: string;
  platform?: NodeJS.Platform;
}

export class SafeStorageSecretStore implements SecretStore {
  readonly #safeStorage: SafeStorageLike;
  readonly #file: string;
  readonly #platform: NodeJS.Platform;
  /** Writes one after another, so two quick changes cannot lose one another. */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(options: SafeStorageSecretStoreOptions) {
    this.#safeStorage = options.safeStorage;
    this.#file = options.file;
    this.#platform = options.platform ?? process.platform;
  }

  async status(): Promise<KeyStorage> {
    try {
      if (!safeStorageBackendIsReal(this.#safeStorage, this.#platform)) {
        return { available: false, backend: 'none', problem: said('key_storage_no_password_manager') };
      }
      if (!(await this.#safeStorage.isAsyncEncryptionAvailable())) {
        return { available: false, backend: 'none', problem: said('key_storage_cannot_encrypt_unlock') };
      }
      return { available: true, backend: 'safeStorage', problem: null };
    } catch {
      return { available: false, backend: 'none', problem: said('key_storage_cannot_encrypt') };
    }
  }

  async get(account: string): Promise<string | null> {
    await this.#requireAvailable();
    const entry = (await this.#read()).entries[account];
    if (entry === undefined) return null;
    try {
      const { result, shouldReEncrypt } = await this.#safeStorage.decryptStringAsync(Buffer.from(entry, 'base64'));
      if (shouldReEncrypt) await this.set(account, result);
      return result;
    } catch (error) {
      throw new AppError('unavailable', 'The stored API key could not be decrypted. Enter it again in Settings.', { cause: error, retryable: false });
    }
  }

  async set(account: string, value: string): Promise<void> {
    await this.#requireAvailable();
    const encrypted = await this.#safeStorage.encryptStringAsync(value);
    await this.#update((entries) => {
      entries[account] = encrypted.toString('base64');
      return true;
    });
  }

  async delete(account: string): Promise<boolean> {
    return this.#update((entries) => {
      if (!Object.hasOwn(entries, account)) return false;
      delete entries[account];
      return true;
    });
  }

  async list(): Promise<string[]> {
    return Object.keys((await this.#read()).entries);
  }

  async #requireAvailable(): Promise<void> {
    const status = await this.status();
    if (!status.available) throw new AppError('unavailable', status.problem ?? said('key_storage_unsafe'), { retryable: false });
  }

  async #update(change: (entries: Record<string, string>) => boolean): Promise<boolean> {
    const run = this.#queue.then(async () => {
      const data = await this.#read();
      if (!change(data.entries)) return false;
      await this.#write(data);
      return true;
    });
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async #read(): Promise<StoreFile> {
    let text: string;
    try {
      text = await readFile(this.#file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, entries: {} };
      throw new AppError('unavailable', 'The encrypted key file could not be read.', { cause: error, retryable: false });
    }
    try {
      const parsed = JSON.parse(text) as Partial<StoreFile>;
      const entries: Record<string, string> = Object.create(null);
      for (const [account, value] of Object.entries(parsed.entries ?? {})) {
        if (typeof value === 'string') entries[account] = value;
      }
      return { version: 1, entries };
    } catch {
      // A damaged file holds nothing we can decrypt; the person enters the key again.
      return { version: 1, entries: {} };
    }
  }

  async #write(data: StoreFile): Promise<void> {
    // The folder, if it has to be made here, is this user's only (as the core makes its data folder).
    await mkdir(dirname(this.#file), { recursive: true, mode: 0o700 });
    const temporary = `${this.#file}.${process.pid}.tmp`;
    await writeFile(temporary, JSON.stringify(data), { mode: 0o600 });
    await rename(temporary, this.#file);
  }
}

/**
 * The factory FallbackSecretStore calls when the keychain is unusable: a safeStorage store,
 * or null where safeStorage would only pretend to encrypt (Linux basic_text).
 */
export function safeStorageFallback(options: SafeStorageSecretStoreOptions): () => SecretStore | null {
  return () => (safeStorageBackendIsReal(options.safeStorage, options.platform ?? process.platform) ? new SafeStorageSecretStore(options) : null);
}
