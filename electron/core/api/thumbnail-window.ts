// The service takes at most 3 thumbnail uploads per minute per account (spec 4.11). The
// app keeps the times of its last sends and waits for a free slot instead of letting the
// service refuse the 4th: a sliding window, persisted so a restart does not reset it.
export const THUMBNAILS_PER_WINDOW = 3;
export const THUMBNAIL_WINDOW_MS = 60_000;

export interface WindowStorage {
  load(): number[];
  save(times: number[]): void;
}

export class ThumbnailWindow {
  readonly #storage: WindowStorage;
  readonly #now: () => number;

  constructor(storage: WindowStorage, now: () => number) {
    this.#storage = storage;
    this.#now = now;
  }

  #recent(): number[] {
    const now = this.#now();
    // A send "in the future" means the clock went back: keep it, it still counts.
    return this.#storage.load().filter((t) => now - t < THUMBNAIL_WINDOW_MS);
  }

  canSend(): boolean {
    return this.#recent().length < THUMBNAILS_PER_WINDOW;
  }

  /** When the next send may go: now if a slot is free, else when the oldest send leaves the window. */
  nextSlotAt(): number {
    const recent = this.#recent().sort((a, b) => a - b);
    if (recent.length < THUMBNAILS_PER_WINDOW) return this.#now();
    const oldest = recent[recent.length - THUMBNAILS_PER_WINDOW] ?? this.#now();
    return oldest + THUMBNAIL_WINDOW_MS;
  }

  record(): void {
    const recent = this.#recent();
    recent.push(this.#now());
    this.#storage.save(recent.slice(-THUMBNAILS_PER_WINDOW));
  }
}
