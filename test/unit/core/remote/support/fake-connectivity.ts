import type { Connectivity } from '../../../../../electron/core/remote/connectivity.ts';

export class FakeConnectivity implements Connectivity {
  #online: boolean;
  readonly #listeners = new Set<(online: boolean) => void>();

  constructor(online = true) {
    this.#online = online;
  }

  isOnline(): boolean {
    return this.#online;
  }

  onChange(listener: (online: boolean) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  set(online: boolean): void {
    this.#online = online;
    for (const listener of this.#listeners) listener(online);
  }
}
