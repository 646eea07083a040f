// A pause that keeps the connection. The file server takes one multipart POST and cannot
// resume it, so a paused transfer stops handing bytes to the socket and keeps its request
// open; Resume lets the same request go on from where it stopped. The pump passes this gate
// before every slice it writes. Once the last slice is through, the body is as good as sent:
// the gate is sealed and a pause can no longer hold it (the reply is waited for instead).
// How long a hold may last (the server's patience) is the scheduler's timer, not this gate's.
import { Listeners } from '../listeners.ts';

export class TransferHold {
  #held = false;
  #sealed = false;
  #waiters = new Set<() => void>();
  readonly #listeners = new Listeners<[held: boolean]>();

  get held(): boolean {
    return this.#held;
  }

  /** Stops the sending; false when it is too late (every byte already handed on). */
  hold(): boolean {
    if (this.#sealed) return false;
    if (!this.#held) {
      this.#held = true;
      this.#listeners.notify(true);
    }
    return true;
  }

  /** Lets the sending go on from where it stopped. */
  release(): void {
    if (!this.#held) return;
    this.#held = false;
    this.#listeners.notify(false);
    const waiters = [...this.#waiters];
    this.#waiters.clear();
    for (const wake of waiters) wake();
  }

  /** Resolves once the gate is open (at once when it is); rejects when `signal` aborts first. */
  async passage(signal: AbortSignal): Promise<void> {
    while (this.#held) {
      signal.throwIfAborted();
      await new Promise<void>((resolve, reject) => {
        const aborted = (): void => {
          this.#waiters.delete(wake);
          reject(signal.reason);
        };
        const wake = (): void => {
          signal.removeEventListener('abort', aborted);
          resolve();
        };
        this.#waiters.add(wake);
        signal.addEventListener('abort', aborted, { once: true });
      });
    }
  }

  /** The last bytes are being handed on: from now on a pause cannot hold this transfer. */
  seal(): void {
    this.#sealed = true;
  }

  /** Told on every hold and release (the transfer suspends its stall timer while held). */
  onChange(listener: (held: boolean) => void): () => void {
    return this.#listeners.add(listener);
  }
}
