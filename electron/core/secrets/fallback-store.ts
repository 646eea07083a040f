// The seam for the Electron shell's fallback. The core uses the keychain; where the
// keychain is unusable the shell may offer a store that encrypts with Electron's
// safeStorage (which, on Linux without a Secret Service, is only as strong as the
// "basic_text" backend: the shell must decide whether to offer it and say so). The core
// never writes the key in plaintext itself.
//
//   const store = new FallbackSecretStore(new KeytarSecretStore(), () => shellSafeStorageStore());
//
// Reads and writes go to the primary while its status() says it is available, and to the
// fallback (created on first need) otherwise. status() reports the backend in use.
import type { KeyStorage } from '../../../shared/model.ts';
import type { SecretStore } from './secret-store.ts';

export class FallbackSecretStore implements SecretStore {
  readonly #primary: SecretStore;
  readonly #fallbackFactory: () => SecretStore | null;
  #fallback: SecretStore | null | undefined;

  constructor(primary: SecretStore, fallbackFactory: () => SecretStore | null) {
    this.#primary = primary;
    this.#fallbackFactory = fallbackFactory;
  }

  async get(account: string): Promise<string | null> {
    return (await this.#active()).get(account);
  }

  async set(account: string, value: string): Promise<void> {
    return (await this.#active()).set(account, value);
  }

  async delete(account: string): Promise<boolean> {
    return (await this.#active()).delete(account);
  }

  async list(): Promise<string[]> {
    return (await this.#active()).list();
  }

  async status(): Promise<KeyStorage> {
    const primary = await this.#primary.status();
    if (primary.available) return primary;
    const fallback = this.#fallbackStore();
    if (!fallback) return primary;
    const status = await fallback.status();
    // When neither works, the keychain's problem is the one to fix.
    return status.available ? status : { ...status, problem: primary.problem ?? status.problem };
  }

  async #active(): Promise<SecretStore> {
    const primary = await this.#primary.status();
    if (primary.available) return this.#primary;
    return this.#fallbackStore() ?? this.#primary;
  }

  #fallbackStore(): SecretStore | null {
    if (this.#fallback === undefined) this.#fallback = this.#fallbackFactory();
    return this.#fallback;
  }
}
