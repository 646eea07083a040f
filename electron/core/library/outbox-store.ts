// The outbox table: changes made in the app, kept until the service confirmed them.
// Every write is its own committed statement (synchronous=FULL): once a change is
// acknowledged to the person, a crash or a power cut cannot lose it.
import type { PendingState } from '../../../shared/model.ts';
import type { Db } from './db.ts';

export interface OutboxRow {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  state: PendingState;
  error: string | null;
  attempts: number;
  createdAt: number;
  /** 'folder:<id>' or 'video:<id>': changes to one target are sent in their order. */
  target: string;
  /** The request may have reached the service: look for its effect before sending again. */
  mayHaveArrived: boolean;
}

export const folderTarget = (id: number): string => `folder:${id}`;
export const videoTarget = (id: string): string => `video:${id}`;

function toRow(row: Record<string, unknown>): OutboxRow {
  return {
    id: Number(row.id),
    kind: String(row.kind),
    payload: JSON.parse(String(row.payload)) as Record<string, unknown>,
    state: row.state as PendingState,
    error: (row.error as string | null) ?? null,
    attempts: Number(row.attempts),
    createdAt: Number(row.created_at),
    target: String(row.target),
    mayHaveArrived: Number(row.may_have_arrived) === 1,
  };
}

const COLUMNS = 'id, kind, payload, state, error, attempts, created_at, target, may_have_arrived';

export class OutboxStore {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  add(kind: string, payload: Record<string, unknown>, target: string, createdAt: number): number {
    const result = this.#db
      .prepare('INSERT INTO lib_outbox (kind, payload, target, created_at) VALUES (?, ?, ?, ?)')
      .run(kind, JSON.stringify(payload), target, createdAt);
    return Number(result.lastInsertRowid);
  }

  get(id: number): OutboxRow | null {
    const row = this.#db.prepare(`SELECT ${COLUMNS} FROM lib_outbox WHERE id = ?`).get(id);
    return row ? toRow(row) : null;
  }

  /** The first item after `afterId`, in the order the changes were made. */
  next(afterId: number): OutboxRow | null {
    const row = this.#db.prepare(`SELECT ${COLUMNS} FROM lib_outbox WHERE id > ? ORDER BY id LIMIT 1`).get(afterId);
    return row ? toRow(row) : null;
  }

  all(): OutboxRow[] {
    return this.#db.prepare(`SELECT ${COLUMNS} FROM lib_outbox ORDER BY id`).all().map(toRow);
  }

  forTarget(target: string): OutboxRow[] {
    return this.#db.prepare(`SELECT ${COLUMNS} FROM lib_outbox WHERE target = ? ORDER BY id`).all(target).map(toRow);
  }

  ofKind(kind: string): OutboxRow[] {
    return this.#db.prepare(`SELECT ${COLUMNS} FROM lib_outbox WHERE kind = ? ORDER BY id`).all(kind).map(toRow);
  }

  setState(id: number, state: PendingState, error: string | null = null): void {
    this.#db.prepare('UPDATE lib_outbox SET state = ?, error = ? WHERE id = ?').run(state, error, id);
  }

  /** Marks the item as being sent and counts the attempt, in one write. */
  startSending(id: number): void {
    this.#db.prepare("UPDATE lib_outbox SET state = 'sending', error = NULL, attempts = attempts + 1 WHERE id = ?").run(id);
  }

  setPayload(id: number, payload: Record<string, unknown>): void {
    this.#db.prepare('UPDATE lib_outbox SET payload = ? WHERE id = ?').run(JSON.stringify(payload), id);
  }

  markMayHaveArrived(id: number): void {
    this.#db.prepare('UPDATE lib_outbox SET may_have_arrived = 1 WHERE id = ?').run(id);
  }

  setTarget(id: number, target: string): void {
    this.#db.prepare('UPDATE lib_outbox SET target = ? WHERE id = ?').run(target, id);
  }

  retarget(from: string, to: string): void {
    this.#db.prepare('UPDATE lib_outbox SET target = ? WHERE target = ?').run(to, from);
  }

  remove(id: number): void {
    this.#db.prepare('DELETE FROM lib_outbox WHERE id = ?').run(id);
  }

  /**
   * After a crash, an item caught mid-send goes back to pending: whether the service got
   * it is unknown, and the person must not lose the change. It is marked so the next send
   * first looks for its effect (OutboxKind.find) instead of making it twice.
   */
  resetSending(): number {
    return Number(
      this.#db
        .prepare("UPDATE lib_outbox SET state = 'pending', may_have_arrived = 1 WHERE state = 'sending'")
        .run().changes,
    );
  }
}
