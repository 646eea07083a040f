// The notifications' outbox: one row per message and destination, in a small SQLite file of
// its own beside the settings (notifications are the app's, not one account's). A message is
// written here before anything is sent, so a quit, a crash or a receiver that is down loses
// nothing; a row goes once its receiver took it. Rows hold the message, never a secret: the
// destination's token or webhook URL is read from the keychain at each attempt.
// The app and the command line may share the file: an attempt first claims its row for a
// while, so two processes never send the same row at once.
import { openDatabase, migrate, transaction, type Db, type Migration } from '../db/database.ts';
import { NotifyMessage } from '../../../shared/notify.ts';
import { storeSaid, type Said } from '../../../shared/said.ts';
import { readStoredSaid } from '../../../shared/i18n/say.ts';

const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'the notification outbox',
    up: (db) =>
      db.exec(`CREATE TABLE notify_outbox (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        delivery_id TEXT NOT NULL UNIQUE,
        destination_id TEXT NOT NULL,
        message TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_at INTEGER NOT NULL,
        claimed_until INTEGER,
        last_error TEXT
      );
      CREATE INDEX notify_outbox_due ON notify_outbox (next_at)`),
  },
];

export interface OutboxRow {
  id: number;
  deliveryId: string;
  destinationId: string;
  message: NotifyMessage;
  createdAt: number;
  attempts: number;
}

interface StoredRow {
  id: number;
  delivery_id: string;
  destination_id: string;
  message: string;
  created_at: number;
  attempts: number;
}

export class NotifyOutbox {
  readonly #db: Db;

  constructor(file: string) {
    this.#db = openDatabase(file, { cacheMiB: 1 });
    migrate(this.#db, 'notify', MIGRATIONS);
  }

  add(destinationId: string, deliveryId: string, message: NotifyMessage, now: number): void {
    this.#db
      .prepare('INSERT INTO notify_outbox (delivery_id, destination_id, message, created_at, next_at) VALUES (?, ?, ?, ?, ?)')
      .run(deliveryId, destinationId, JSON.stringify(message), now, now);
  }

  /**
   * The rows due now, each claimed until `claimUntil` (another process skips them meanwhile).
   * A row whose message no longer reads (a newer version's) is dropped.
   */
  claimDue(now: number, claimUntil: number, limit: number): OutboxRow[] {
    return transaction(this.#db, () => {
      const rows = this.#db
        .prepare('SELECT id, delivery_id, destination_id, message, created_at, attempts FROM notify_outbox WHERE next_at <= ? AND (claimed_until IS NULL OR claimed_until <= ?) ORDER BY id LIMIT ?')
        .all(now, now, limit) as unknown as StoredRow[];
      const claim = this.#db.prepare('UPDATE notify_outbox SET claimed_until = ? WHERE id = ?');
      const due: OutboxRow[] = [];
      for (const row of rows) {
        const message = readMessage(row.message);
        if (message === null) {
          this.remove(row.id);
          continue;
        }
        claim.run(claimUntil, row.id);
        due.push({ id: row.id, deliveryId: row.delivery_id, destinationId: row.destination_id, message, createdAt: row.created_at, attempts: row.attempts });
      }
      return due;
    });
  }

  /** The receiver took it: gone. */
  remove(id: number): void {
    this.#db.prepare('DELETE FROM notify_outbox WHERE id = ?').run(id);
  }

  /** It failed: tried again at `nextAt`, with what went wrong (a code, never a secret). */
  /** `error` is kept as JSON of its said thing; a row from before codes reads back as written. */
  later(id: number, nextAt: number, error: Said): void {
    this.#db.prepare('UPDATE notify_outbox SET attempts = attempts + 1, next_at = ?, claimed_until = NULL, last_error = ? WHERE id = ?').run(nextAt, storeSaid(error), id);
  }

  /** A destination removed: its waiting messages go with it. */
  removeDestination(destinationId: string): void {
    this.#db.prepare('DELETE FROM notify_outbox WHERE destination_id = ?').run(destinationId);
  }

  /** When the next row falls due (null: none waits). */
  nextDueAt(): number | null {
    const row = this.#db.prepare('SELECT MIN(MAX(next_at, COALESCE(claimed_until, 0))) AS at FROM notify_outbox').get() as { at: number | null } | undefined;
    return row?.at ?? null;
  }

  /** How many wait per destination, and the last failure of each. */
  waiting(): Array<{ destinationId: string; count: number; lastError: Said | null }> {
    const rows = this.#db
      .prepare(
        'SELECT destination_id AS destinationId, COUNT(*) AS count, (SELECT last_error FROM notify_outbox o2 WHERE o2.destination_id = o.destination_id AND last_error IS NOT NULL ORDER BY id DESC LIMIT 1) AS lastError FROM notify_outbox o GROUP BY destination_id ORDER BY destination_id',
      )
      .all() as Array<{ destinationId: string; count: number; lastError: string | null }>;
    return rows.map((row) => ({ destinationId: row.destinationId, count: Number(row.count), lastError: row.lastError === null ? null : readStoredSaid(row.lastError) }));
  }

  /** Closes the file; a second close (the core closed twice, as a test or a quit racing a crash does) does nothing. */
  close(): void {
    if (this.#db.isOpen) this.#db.close();
  }
}

function readMessage(text: string): NotifyMessage | null {
  try {
    const parsed = NotifyMessage.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
