// The seam for the Electron shell's fallback. The core uses the keychain; where the
// keychain is missing the shell may offer a store that encrypts with Electron's safeStorage
// (which, on Linux without a Secret Service, is only as strong as the "basic_text" backend:
// the shell must decide whether to offer it and say so). The core never writes the key in
// plaintext itself.
//
//   const store = new FallbackSecretStore(new KeytarSecretStore(), () => shellSafeStorageStore());
//
// One copy of each key, and it lives in the keychain whenever the keychain works:
// - a keychain that is only locked is not a missing one: the person is asked to unlock it
//   (AppError 'unavailable' with KEYCHAIN_LOCKED) instead of the key going elsewhere, where it
//   would be read as "no key" once the keychain is unlocked again;
// - a key the fallback kept while the keychain was missing moves into the keychain the first
//   time both work, and the fallback copy is deleted;
// - forgetting a key deletes it from both, and is refused while the keychain is locked (a
//   copy left there would come back after the next unlock).
import { AppError } from '../../../shared/errors.ts';
import type { KeyStorage } from '../../../shared/model.ts';
import { KEYCHAIN_LOCKED, KeychainLockedError, type Availability, type SecretStore } from './secret-store.ts';

export class FallbackSecretStore implements SecretStore {
  readonly #primary: SecretStore;
  readonly #fallbackFactory: () => SecretStore | null;
  #fallback: SecretStore | null | undefined;

  constructor(primary: SecretStore, fallbackFactory: () => SecretStore | null) {
    this.#primary = primary;
    this.#fallbackFactory = fallbackFactory;
  }

  async get(account: string): Promise<string | null> {
    // A key the keychain gives back is the answer: only its "nothing stored" is ambiguous (a
    // locked Secret Service answers reads with it), so the availability check, a write and a
    // delete in the keychain (~6 ms against gnome-keyring here, more with a keyring on disk),
    // runs only then. Every account's key is read for each list of the accounts (issue 33).
    const found = await this.#primary.get(account).catch((error: unknown) => {
      if (error instanceof KeychainLockedError) throw locked();
      return null;
    });
    if (found !== null) return found;
    const primary = await this.#primaryAvailability();
    if (primary === 'locked') throw locked();
    const fallback = await this.#usableFallback();
    if (primary === 'missing') return fallback ? fallback.get(account) : this.#primary.get(account);
    const kept = await this.#primary.get(account);
    if (kept !== null || !fallback) return kept;
    const moved = await fallback.get(account);
    if (moved !== null) {
      // Into the keychain first, then out of the fallback: never zero copies.
      await this.#primary.set(account, moved);
      await fallback.delete(account);
    }
    return moved;
  }

  async set(account: string, value: string): Promise<void> {
    const primary = await this.#primaryAvailability();
    if (primary === 'locked') throw locked();
    const fallback = await this.#usableFallback();
    if (primary === 'missing') {
      if (!fallback) return this.#primary.set(account, value);
      return fallback.set(account, value);
    }
    await this.#primary.set(account, value);
    await fallback?.delete(account);
  }

  async delete(account: string): Promise<boolean> {
    const primary = await this.#primaryAvailability();
    if (primary === 'locked') throw locked();
    const fallback = await this.#usableFallback();
    const fromFallback = fallback ? await fallback.delete(account) : false;
    const fromPrimary = primary === 'ok' ? await this.#primary.delete(account) : false;
    return fromPrimary || fromFallback;
  }

  async list(): Promise<string[]> {
    const primary = await this.#primaryAvailability();
    if (primary === 'locked') throw locked();
    const fallback = await this.#usableFallback();
    const lists = await Promise.all([primary === 'ok' ? this.#primary.list() : [], fallback ? fallback.list() : []]);
    return [...new Set(lists.flat())];
  }

  async status(): Promise<KeyStorage> {
    const primary = await this.#primary.status();
    if (primary.available) return primary;
    if ((await this.#primaryAvailability()) === 'locked') return { available: false, backend: 'keychain', problem: KEYCHAIN_LOCKED };
    const fallback = this.#fallbackStore();
    if (!fallback) return primary;
    const status = await fallback.status();
    // When neither works, the keychain's problem is the one to fix.
    return status.available ? status : { ...status, problem: primary.problem ?? status.problem };
  }

  async #primaryAvailability(): Promise<Availability> {
    if (this.#primary.availability) return this.#primary.availability();
    return (await this.#primary.status()).available ? 'ok' : 'missing';
  }

  async #usableFallback(): Promise<SecretStore | null> {
    const fallback = this.#fallbackStore();
    return fallback && (await fallback.status()).available ? fallback : null;
  }

  #fallbackStore(): SecretStore | null {
    if (this.#fallback === undefined) this.#fallback = this.#fallbackFactory();
    return this.#fallback;
  }
}

function locked(): AppError {
  return new AppError('unavailable', KEYCHAIN_LOCKED, { retryable: true });
}
