// While the service refuses an account's key, nothing of that account is sent: its queue,
// outbox and remote imports hold as they do offline, and resume when a new key is in. The
// parts read this view instead of the connection monitor; the client still reports to the
// monitor itself.
import type { Connection } from '../../../shared/model.ts';
import { said, type Said } from '../../../shared/said.ts';
import { ConnectionListeners, type ConnectionListener, type Connectivity, type Outcome } from '../connectivity.ts';

/** The reason the held parts see while the key is refused (the status shows the key state itself). */
export const KEY_REFUSED_REASON: Said = said('key_refused_replace');

export class KeyGatedConnectivity implements Connectivity {
  readonly #inner: Connectivity;
  readonly #refused: () => boolean;
  readonly #listeners = new ConnectionListeners();
  #since = Date.now();
  #last: Connection;
  readonly #unsubscribe: Array<() => void>;

  /** `onVerdict` subscribes to changes of `refused()`. */
  constructor(inner: Connectivity, refused: () => boolean, onVerdict: (listener: () => void) => () => void) {
    this.#inner = inner;
    this.#refused = refused;
    this.#last = this.state();
    this.#unsubscribe = [
      inner.onChange(() => this.#maybeChanged()),
      onVerdict(() => {
        this.#since = Date.now();
        this.#maybeChanged();
      }),
    ];
  }

  dispose(): void {
    for (const unsubscribe of this.#unsubscribe.splice(0)) unsubscribe();
    this.#listeners.clear();
  }

  state(): Connection {
    if (!this.#refused()) return this.#inner.state();
    return { state: 'offline', since: this.#since, reason: KEY_REFUSED_REASON, nextAttemptAt: null };
  }

  onChange(listener: ConnectionListener): () => void {
    return this.#listeners.add(listener);
  }

  report(outcome: Outcome): void {
    this.#inner.report(outcome);
  }

  #maybeChanged(): void {
    const now = this.state();
    const previous = this.#last;
    if (now.state === previous.state && now.reason === previous.reason) return;
    this.#last = now;
    this.#listeners.notify(now, previous);
  }
}
