// The sync's library:changed events: what changed is collected and told to the UI in
// batches, at most one event per EVENT_SPACING_MS during a long sync.
import type { EventSink } from '../../rpc/events.ts';

/** library:changed events during a long sync come at most this often. */
const EVENT_SPACING_MS = 250;

/** Collects what changed and tells the UI in batches. */
export class ChangeBatch {
  folders = false;
  readonly folderIds = new Set<number>();
  #lastFlush = 0;
  readonly #events: EventSink;
  readonly #now: () => number;

  constructor(events: EventSink, now: () => number) {
    this.#events = events;
    this.#now = now;
  }

  maybeFlush(): void {
    if (this.#now() - this.#lastFlush >= EVENT_SPACING_MS) this.flush();
  }

  flush(): void {
    this.#lastFlush = this.#now();
    if (!this.folders && this.folderIds.size === 0) return;
    this.#events.emit('library:changed', { folders: this.folders, folderIds: [...this.folderIds], account: false });
    this.folders = false;
    this.folderIds.clear();
  }
}

