// The OS keychain through @github/keytar (macOS Keychain, Windows Credential Vault, the
// Secret Service on Linux: GNOME Keyring or KWallet). Two failure modes matter on Linux:
// no Secret Service at all (keytar fails at once) and a locked keyring whose unlock prompt
// nobody answers (keytar never returns). So every call is raced against a timeout, and
// both end in AppError('unavailable') that says what is missing and how to fix it. There
// is deliberately no plaintext fallback: see FallbackSecretStore for the encrypted one.
import { createRequire } from 'node:module';
import { AppError, saidOfError } from '../../../shared/errors.ts';
import type { KeyStorage } from '../../../shared/model.ts';
import { said, type SaidCode } from '../../../shared/said.ts';
import { KeychainLockedError, SECRET_SERVICE, type Availability, type SecretStore } from './secret-store.ts';

/** The part of keytar this store uses. */
export interface KeytarModule {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
  findCredentials(service: string): Promise<Array<{ account: string; password: string }>>;
}

interface KeytarSecretStoreOptions {
  service?: string;
  /** Per call (default 3 s). */
  timeoutMs?: number;
  /** Loads keytar; injected in tests to simulate a missing module or a keychain that hangs. */
  load?: () => KeytarModule;
  platform?: NodeJS.Platform;
}

/** An account name nobody uses, read to check that the keychain answers. */
const PROBE_ACCOUNT = 'vidlift-availability-check';

function loadKeytar(): KeytarModule {
  // Lazy and through require: the native module (and libsecret behind it) may be missing,
  // which must become a clear error at the first use, not a crash when the core loads.
  const require = createRequire(import.meta.url);
  return require('@github/keytar') as KeytarModule;
}

type KeychainPlatform = 'linux' | 'darwin' | 'win32' | 'other';

/** What to do when each platform's keychain fails, or its module cannot load (Linux: libsecret too). */
const KEYCHAIN_HELP = {
  linux: { none: 'keychain_none_linux', module: 'keychain_module_linux' },
  darwin: { none: 'keychain_none_darwin', module: 'keychain_module_darwin' },
  win32: { none: 'keychain_none_win32', module: 'keychain_module_win32' },
  other: { none: 'keychain_none_other', module: 'keychain_module_other' },
} as const satisfies Record<KeychainPlatform, Record<'none' | 'module', SaidCode>>;

function keychainHelp(platform: NodeJS.Platform): (typeof KEYCHAIN_HELP)[KeychainPlatform] {
  return platform === 'linux' || platform === 'darwin' || platform === 'win32' ? KEYCHAIN_HELP[platform] : KEYCHAIN_HELP.other;
}

export class KeytarSecretStore implements SecretStore {
  readonly #service: string;
  readonly #timeoutMs: number;
  readonly #load: () => KeytarModule;
  readonly #platform: NodeJS.Platform;
  #module: KeytarModule | null = null;

  constructor(options: KeytarSecretStoreOptions = {}) {
    this.#service = options.service ?? SECRET_SERVICE;
    this.#timeoutMs = options.timeoutMs ?? 3_000;
    this.#load = options.load ?? loadKeytar;
    this.#platform = options.platform ?? process.platform;
  }

  get(account: string): Promise<string | null> {
    return this.#run('getPassword', (k) => k.getPassword(this.#service, account));
  }

  set(account: string, value: string): Promise<void> {
    return this.#run('setPassword', (k) => k.setPassword(this.#service, account, value));
  }

  delete(account: string): Promise<boolean> {
    return this.#run('deletePassword', (k) => k.deletePassword(this.#service, account));
  }

  async list(): Promise<string[]> {
    const found = await this.#run('findCredentials', (k) => k.findCredentials(this.#service));
    return found.map((c) => c.account);
  }

  async status(): Promise<KeyStorage> {
    try {
      await this.#probe();
      return { available: true, backend: 'keychain', problem: null };
    } catch (error) {
      return { available: false, backend: error instanceof KeychainLockedError ? 'keychain' : 'none', problem: saidOfError(error) };
    }
  }

  async availability(): Promise<Availability> {
    try {
      await this.#probe();
      return 'ok';
    } catch (error) {
      return error instanceof KeychainLockedError ? 'locked' : 'missing';
    }
  }

  /**
   * A write, not a read: a locked Secret Service answers reads with "nothing stored" (so a
   * read cannot tell locked from empty) but refuses to create an item; on a desktop the
   * write brings up the unlock prompt, which is what the person needs.
   */
  async #probe(): Promise<void> {
    await this.#run('setPassword', (k) => k.setPassword(this.#service, PROBE_ACCOUNT, 'ok'));
    await this.#run('deletePassword', (k) => k.deletePassword(this.#service, PROBE_ACCOUNT));
  }

  /** `operation`: keytar's name for the call, given with the keychain's words when it fails. */
  async #run<T>(operation: keyof KeytarModule, call: (keytar: KeytarModule) => Promise<T>): Promise<T> {
    const keytar = this.#keytar();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const seconds = Math.round(this.#timeoutMs / 100) / 10;
        reject(new KeychainLockedError(said('keychain_locked_timeout', { seconds })));
      }, this.#timeoutMs);
      // A hung keychain must not keep the process alive on its own.
      timer.unref();
    });
    try {
      return await Promise.race([call(keytar), timeout]);
    } catch (error) {
      if (error instanceof AppError) throw error;
      const detail = error instanceof Error ? error.message : String(error);
      if (/\blocked\b/i.test(detail)) throw new KeychainLockedError(said('keychain_locked_because', { detail }));
      // Which call failed goes with the keychain's words: what a person reports is what a developer needs.
      throw new AppError('unavailable', said(keychainHelp(this.#platform).none, { detail: `${operation}: ${detail}` }), { retryable: true, cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  #keytar(): KeytarModule {
    if (this.#module) return this.#module;
    try {
      this.#module = this.#load();
      return this.#module;
    } catch (error) {
      const detail = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
      throw new AppError('unavailable', said(keychainHelp(this.#platform).module, { detail }), {
        retryable: false,
        cause: error,
      });
    }
  }
}
