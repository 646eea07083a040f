// The listeners of one source of changes: subscribe (answering the unsubscribe), tell them
// all, forget them all. Written once for every core part that calls back on a change: the
// connectivity views, the settings, the upload batch and a transfer's hold.
export class Listeners<Args extends unknown[]> {
  readonly #listeners = new Set<(...args: Args) => void>();
  readonly #onError: ((error: unknown) => void) | undefined;

  /**
   * With `onError`, a listener that throws is handed there and the others still hear of the
   * change; without, the throw reaches whoever called notify() (and the rest are not told).
   */
  constructor(onError?: (error: unknown) => void) {
    this.#onError = onError;
  }

  add(listener: (...args: Args) => void): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  notify(...args: Args): void {
    for (const listener of this.#listeners) {
      if (this.#onError === undefined) {
        listener(...args);
        continue;
      }
      try {
        listener(...args);
      } catch (error) {
        this.#onError(error);
      }
    }
  }

  clear(): void {
    this.#listeners.clear();
  }
}
