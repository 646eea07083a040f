// A SecretStore in memory, for tests and for the harness. `failWith` makes every call
// fail the way an unusable keychain does, so callers' error paths can be tested.
import { AppError } from '../../../shared/errors.ts';
import type { KeyStorage } from '../../../shared/model.ts';
import type { SecretStore } from './secret-store.ts';
import type { Said } from '../../../shared/said.ts';

export class MemorySecretStore implements SecretStore {
  readonly #values = new Map<string, string>();
  /** When set, every call fails with AppError('unavailable', problem). */
  problem: Said | null = null;

  async get(account: string): Promise<string | null> {
    this.#check();
    return this.#values.get(account) ?? null;
  }

  async set(account: string, value: string): Promise<void> {
    this.#check();
    this.#values.set(account, value);
  }

  async delete(account: string): Promise<boolean> {
    this.#check();
    return this.#values.delete(account);
  }

  async list(): Promise<string[]> {
    this.#check();
    return [...this.#values.keys()];
  }

  async status(): Promise<KeyStorage> {
    return this.problem === null
      ? { available: true, backend: 'memory', problem: null }
      : { available: false, backend: 'none', problem: this.problem };
  }

  #check(): void {
    if (this.problem !== null) throw new AppError('unavailable', this.problem, { retryable: true });
  }
}
