// Every account's session emits into its own sink, which stamps the account's id on what it
// emits: the window shows the events of the account it shows, the tray counts every
// account's queue, and nothing of one account is ever shown under another.
import { isAccountEvent, type EventName, type EventPayload } from '../../../shared/contract.ts';
import type { EventHub, EventSink } from '../rpc/events.ts';

export class AccountEvents implements EventSink {
  readonly #target: Pick<EventHub, 'emit'>;
  readonly #accountId: string;
  readonly #onUploads: () => void;

  /** `onUploads`: the account's queue changed (any account's counts toward the tray). */
  constructor(target: Pick<EventHub, 'emit'>, accountId: string, onUploads: () => void) {
    this.#target = target;
    this.#accountId = accountId;
    this.#onUploads = onUploads;
  }

  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    this.#target.emit(event, payload, isAccountEvent(event) ? this.#accountId : null);
    if (event === 'uploads:changed' || event === 'uploads:progress') this.#onUploads();
  }
}
