// Every account's session emits into its own sink: the shown account's events reach the
// window; an account running in the background reaches nobody but the tray's totals, so
// nothing of one account is ever shown under another.
import type { EventName, EventPayload } from '../../../shared/contract.ts';
import type { EventSink } from '../rpc/events.ts';

export class AccountEvents implements EventSink {
  readonly #target: EventSink;
  readonly #shown: () => boolean;
  readonly #onUploads: () => void;

  /** `onUploads`: the account's queue changed (any account's counts toward the tray). */
  constructor(target: EventSink, shown: () => boolean, onUploads: () => void) {
    this.#target = target;
    this.#shown = shown;
    this.#onUploads = onUploads;
  }

  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    if (this.#shown()) this.#target.emit(event, payload);
    if (event === 'uploads:changed' || event === 'uploads:progress') this.#onUploads();
  }
}
