// How the core tells the renderer that something changed. The composition root hands
// every service an EventSink; electron/main forwards events to the window over IPC, the
// harness over its WebSocket. Payloads are shaped by the contract's event schemas on the
// way out (see serveEvents), so only named fields leave the main process.
import { events, type EventName, type EventPayload } from '../../../shared/contract.ts';
import type { Logger } from '../log/logger.ts';

export interface EventSink {
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
}

/** `accountId`: the account an account-scoped event is about (accounts/events.ts stamps it); null for the app's own. */
export type EventListener = (event: EventName, payload: unknown, accountId: string | null) => void;
export type TypedEventListener<E extends EventName> = (payload: EventPayload<E>, accountId: string | null) => void;

/**
 * A sink that fans events out to any number of transports (window, tray, harness, tests).
 * A payload that fails its schema is logged and dropped, never thrown: the service that
 * emitted it (an upload reporting progress, say) must not fail because of its own event.
 */
export class EventHub implements EventSink {
  private readonly listeners = new Set<EventListener>();
  private logger: Logger | undefined;
  private redact: ((text: string) => string) | undefined;

  constructor(logger?: Logger) {
    this.logger = logger;
  }

  /** The logger can come after the hub (the composition root makes the hub first). */
  useLogger(logger: Logger): void {
    this.logger = logger;
  }

  emit<E extends EventName>(event: E, payload: EventPayload<E>, accountId: string | null = null): void {
    const shaped = events[event].payload.safeParse(payload);
    if (!shaped.success) {
      // Paths and codes only: the values themselves may be anything.
      const issues = shaped.error.issues.slice(0, 5).map((issue) => ({ path: issue.path.map(String).join('.'), code: issue.code }));
      this.logger?.error('an event did not match its schema and was dropped', { event, issues });
      return;
    }
    const data = this.redact ? redactStrings(shaped.data, this.redact) : shaped.data;
    for (const listener of this.listeners) listener(event, data, accountId);
  }

  /** The last guard: no event carries a registered secret, whatever its source put in it. */
  useRedaction(redact: (text: string) => string): void {
    this.redact = redact;
  }

  /** Every event (a transport forwards them all). */
  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** One event, its payload typed by the contract. */
  on<E extends EventName>(event: E, listener: TypedEventListener<E>): () => void {
    return this.subscribe((name, payload, accountId) => {
      if (name === event) listener(payload as EventPayload<E>, accountId);
    });
  }
}

/** A copy of `value` with `redact` applied to every string in it (plain JSON data only). */
export function redactStrings<T>(value: T, redact: (text: string) => string): T {
  if (typeof value === 'string') return redact(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => redactStrings(item, redact)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactStrings(item, redact)])) as T;
  }
  return value;
}
