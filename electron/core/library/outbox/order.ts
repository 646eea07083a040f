// The outbox's ordering rule, in one place (README "Changes made in the app"):
// changes to the same object (one video, one folder, the remote-import queue) are sent in
// the order they were made, so a refused change holds back the later changes to its own
// object until the person retries or discards it; changes to anything else never wait for it. Both the replay
// (outbox.ts) and what the person sees ("waits for …") walk the outbox through this gate.
import type { OutboxRow } from './store.ts';

export class OrderGate {
  /** Object → the change that holds it back (null: held, but not by a refusal, e.g. the thumbnail window). */
  readonly #held = new Map<string, OutboxRow | null>();

  /** Later changes to `row`'s object wait behind it. The first holder stays the one named. */
  holdBehind(row: OutboxRow | { target: string }): void {
    if (this.#held.has(row.target)) return;
    this.#held.set(row.target, 'id' in row ? row : null);
  }

  isHeld(row: OutboxRow): boolean {
    return this.#held.has(row.target);
  }

  /** The refused change `row` waits behind, if any. */
  blockerOf(row: OutboxRow): OutboxRow | null {
    return this.#held.get(row.target) ?? null;
  }
}

/** For each change waiting behind a refused one: that refused change. */
export function blockersOf(rows: readonly OutboxRow[]): Map<number, OutboxRow> {
  const gate = new OrderGate();
  const blockers = new Map<number, OutboxRow>();
  for (const row of rows) {
    const blocker = gate.blockerOf(row);
    if (blocker) blockers.set(row.id, blocker);
    else if (row.state === 'refused') gate.holdBehind(row);
  }
  return blockers;
}
