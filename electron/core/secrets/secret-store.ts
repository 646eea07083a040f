// Where the API key is kept. The core only ever talks to this interface: the OS keychain
// (KeytarSecretStore) in the app, MemorySecretStore in tests, and a FallbackSecretStore
// chain where the Electron shell can add an encrypted-file store built on safeStorage.
import { AppError } from '../../../shared/errors.ts';
import type { KeyStorage } from '../../../shared/model.ts';
import { said, type Said } from '../../../shared/said.ts';
import { sayInEnglish } from '../../../shared/i18n/say-english.ts';

export interface SecretStore {
  /** The stored value, or null when there is none. Throws AppError('unavailable') when the store cannot answer. */
  get(account: string): Promise<string | null>;
  set(account: string, value: string): Promise<void>;
  /** True when something was deleted. */
  delete(account: string): Promise<boolean>;
  /** The accounts that have a value (never the values). */
  list(): Promise<string[]>;
  /** Whether the store works right now, and if not, why and how to fix it. Never throws. */
  status(): Promise<KeyStorage>;
  /**
   * Finer than status(): a keychain that is there but locked (it refuses writes, or waits for
   * its password) is not a missing one. Stores that cannot be locked leave this out.
   */
  availability?(): Promise<Availability>;
}

export type Availability = 'ok' | 'locked' | 'missing';

/** The keychain is there but locked: a write was refused, or its password prompt went unanswered. */
export class KeychainLockedError extends AppError {
  constructor(why: Said) {
    super('unavailable', why, { retryable: true });
    this.name = 'KeychainLockedError';
  }
}

/** What to do about a locked keychain: unlock it; Vidlift keeps no second copy meanwhile. */
export const KEYCHAIN_LOCKED = said('keychain_locked');
/** The same in English (the AppError's message, and what tests compare). */
export const UNLOCK_KEYCHAIN = sayInEnglish(KEYCHAIN_LOCKED);

/** The service name the key is filed under in the keychain. */
export const SECRET_SERVICE = 'Vidlift';

/**
 * The keychain account for a service address: its origin plus any path prefix, so several
 * services (or the sandbox next to the real service) each keep their own key.
 */
export function accountFor(baseUrl: string): string {
  const url = new URL(baseUrl);
  const path = url.pathname.replace(/\/+$/, '');
  return `api-key:${url.origin}${path}`;
}
