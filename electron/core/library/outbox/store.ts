// The outbox table: changes made in the app, kept until the service confirmed them.
// Every write is its own committed statement (synchronous=FULL): once a change is
// acknowledged to the person, a crash or a power cut cannot lose it.
import type { PendingState } from '../../../../shared/model.ts';
import type { Db } from '../../db/database.ts';
import { PAYLOAD_SCHEMAS, type OutboxKindName, type Payloads } from './kinds.ts';

interface RowBase {
  id: number;
  state: PendingState;
  error: string | null;
  attempts: number;
  createdAt: number;
  /** 'folder:<id>', 'video:<id>' or 'remote:queue': changes to one target are sent in their order. */
  target: string;
  /** The request may have reached the service: look for its effect before sending again. */
  mayHaveArrived: boolean;
}

/** One outbox item: a union keyed on `kind`, so each kind's payload has its own type. */
export type OutboxRow = { [K in OutboxKindName]: RowBase & { kind: K; payload: Payloads[K] } }[OutboxKindName];

function isKind(kind: string): kind is OutboxKindName {
  return Object.hasOwn(PAYLOAD_SCHEMAS, kind);
}

/**
 * A row of the table with its payload checked against its kind's schema (the one place an
 * outbox payload is read back). The assertion only pairs the kind with the payload its own
 * schema just produced, which TypeScript cannot correlate across a union by itself.
 */
function withPayload<K extends OutboxKindName>(base: RowBase, kind: K, text: string): OutboxRow {
  const payload: Payloads[K] = PAYLOAD_SCHEMAS[kind].parse(JSON.parse(text)) as Payloads[K];
  return { ...base, kind, payload } as OutboxRow;
}

export const folderTarget = (id: number): string => `folder:${id}`;
export const videoTarget = (id: string): string => `video:${id}`;

function toRow(row: Record<string, unknown>): OutboxRow {
  const kind = String(row.kind);
  if (!isKind(kind)) throw new Error(`lib_outbox holds a change of unknown kind ${kind}`);
  const base: RowBase = {
    id: Number(row.id),
    state: row.state as PendingState,
    error: (row.error as string | null) ?? null,
    attempts: Number(row.attempts),
    createdAt: Number(row.created_at),
    target: String(row.target),
    mayHaveArrived: Number(row.may_have_arrived) === 1,
  };
  return withPayload(base, kind, String(row.payload));
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
