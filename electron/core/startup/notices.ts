// Startup notices: what went wrong while the app started and what the person should do
// (a damaged settings file set aside, a library that could not be opened, no keychain).
// The app keeps running in each case; the window lists the notices (app:notices) until the
// person dismisses them. One notice per id: a problem found again replaces its notice.
import type { StartupNotice } from '../../../shared/model.ts';
import type { EventSink } from '../rpc/events.ts';

export class StartupNotices {
  readonly #notices = new Map<string, StartupNotice>();
  readonly #events: EventSink | null;

  /** Every change is sent to the window (app:notices) through `events`. */
  constructor(events: EventSink | null = null) {
    this.#events = events;
  }

  add(notice: StartupNotice): void {
    this.#notices.set(notice.id, notice);
    this.#events?.emit('app:notices', this.list());
  }

  /** Drops a notice whose problem went away (the keychain came back). */
  clear(id: string): void {
    if (this.#notices.delete(id)) this.#events?.emit('app:notices', this.list());
  }

  dismiss(id: string): StartupNotice[] {
    this.clear(id);
    return this.list();
  }

  list(): StartupNotice[] {
    return [...this.#notices.values()];
  }
}

/** Where a damaged file is kept: beside it, with the time in the name, never overwritten. */
export function asideName(file: string, now: Date = new Date()): string {
  return `${file}.damaged-${now.toISOString().replace(/[:.]/g, '-')}`;
}
