// How the core tells the renderer that something changed. The composition root hands
// every service an EventSink; electron/main forwards events to the window over IPC, the
// harness over its WebSocket. Payloads are shaped by the contract's event schemas on the
// way out (see serveEvents), so only named fields leave the main process.
import { events, type EventName, type EventPayload } from '../../../shared/contract.ts';

export interface EventSink {
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
}

export type EventListener = (event: EventName, payload: unknown) => void;

/** A sink that fans events out to any number of transports (window, tray, harness, tests). */
export class EventHub implements EventSink {
  private readonly listeners = new Set<EventListener>();

  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    const shaped = events[event].parse(payload);
    for (const listener of this.listeners) listener(event, shaped);
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
