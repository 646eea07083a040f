// Whether the service can be reached: the one view every part of the core shares. The
// client reports what each finished call learned (report), the connection monitor
// (api/connection.ts) turns that into a state and probes while offline, and the library,
// the outbox, remote imports and the upload engine read state() and wait on onChange().
// Nobody else reports: a failure reached the client first, and the client already said so.
import type { Connection } from '../../shared/model.ts';
import type { Said } from '../../shared/said.ts';
import { errorLead } from '../../shared/errors.ts';
import { Listeners } from './listeners.ts';

export type ConnectionListener = (now: Connection, previous: Connection) => void;

/** The listeners of a Connectivity's onChange. */
export class ConnectionListeners extends Listeners<[now: Connection, previous: Connection]> {}

/** What one finished request learned about the service. */
export type Outcome = { reached: true } | { reached: false; reason: Said };

export interface Connectivity {
  state(): Connection;
  /** Calls back on every change; returns the unsubscribe function. */
  onChange(listener: ConnectionListener): () => void;
  /** Only the service client calls this, once per finished call. */
  report(outcome: Outcome): void;
}

/** `unknown` (nothing tried yet) counts as reachable: the first request finds out. */
export function isReachable(connectivity: Pick<Connectivity, 'state'>): boolean {
  return connectivity.state().state !== 'offline';
}

/** Calls back each time the service becomes reachable again after being offline. */
export function onBackOnline(connectivity: Pick<Connectivity, 'onChange'>, callback: () => void): () => void {
  return connectivity.onChange((now, previous) => {
    if (previous.state === 'offline' && now.state !== 'offline') callback();
  });
}

/** Calls back when reachability flips (offline ↔ not offline), with the new value. */
export function onReachabilityChange(connectivity: Pick<Connectivity, 'onChange'>, listener: (reachable: boolean) => void): () => void {
  return connectivity.onChange((now, previous) => {
    const reachable = now.state !== 'offline';
    if (reachable !== (previous.state !== 'offline')) listener(reachable);
  });
}

/**
 * Driven by hand: tests, tools without a monitor. `set()` changes the state and notifies at
 * once; report() applies as the monitor would (without its probing).
 */
export class ManualConnectivity implements Connectivity {
  #state: Connection;
  readonly #listeners = new ConnectionListeners();

  constructor(initial: Connection['state'] = 'online') {
    this.#state = { state: initial, since: Date.now(), reason: null, nextAttemptAt: null };
  }

  state(): Connection {
    return { ...this.#state };
  }

  onChange(listener: ConnectionListener): () => void {
    return this.#listeners.add(listener);
  }

  report(outcome: Outcome): void {
    this.set(outcome.reached ? 'online' : 'offline', outcome.reached ? null : outcome.reason);
  }

  set(state: Connection['state'], reason: Said | null = null): void {
    if (state === this.#state.state) return;
    const previous = this.#state;
    this.#state = { state, since: Date.now(), reason: state === 'offline' ? (reason ?? errorLead('offline')) : null, nextAttemptAt: null };
    this.#listeners.notify(this.state(), previous);
  }
}
