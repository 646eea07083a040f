// What the library needs from the connection monitor (electron/core/api/connection.ts).
// A small interface of its own, so tests drive it by hand instead of waiting on probes.
import { isOffline } from '../../../shared/errors.ts';
import type { Connection } from '../../../shared/model.ts';

export type ConnectionState = Connection['state'];

export interface Connectivity {
  get(): { state: ConnectionState };
  /** May return an unsubscribe function. */
  onChange(listener: (connection: { state: ConnectionState }) => void): unknown;
  markOffline(reason: string): void;
  markOnline(): void;
}


/** Tells the monitor what a request just learned, without repeating what it already knows. */
export function reportOutcome(connectivity: Connectivity, error: unknown | null): void {
  const state = connectivity.get().state;
  if (error === null) {
    if (state !== 'online') connectivity.markOnline();
  } else if (isOffline(error) && state !== 'offline') {
    connectivity.markOffline(error instanceof Error ? error.message : 'The service could not be reached.');
  }
}

/** A monitor that is always online: for tests and tools that run without one. */
export class AlwaysOnline implements Connectivity {
  get(): { state: ConnectionState } {
    return { state: 'online' };
  }
  onChange(): () => void {
    return () => {};
  }
  markOffline(): void {}
  markOnline(): void {}
}

/** A monitor driven by hand: `set('offline')` / `set('online')` notify listeners at once. */
export class ManualConnectivity implements Connectivity {
  #state: ConnectionState;
  readonly #listeners = new Set<(connection: { state: ConnectionState }) => void>();

  constructor(initial: ConnectionState = 'online') {
    this.#state = initial;
  }

  get(): { state: ConnectionState } {
    return { state: this.#state };
  }

  onChange(listener: (connection: { state: ConnectionState }) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  set(state: ConnectionState): void {
    if (state === this.#state) return;
    this.#state = state;
    for (const listener of this.#listeners) listener({ state });
  }

  markOffline(): void {
    this.set('offline');
  }

  markOnline(): void {
    this.set('online');
  }
}
