// Sends notifications: a message published for an event goes into the outbox once for each
// destination that receives that event (outbox.ts), and a loop sends what is due, one
// request per row, through the destination kind's row (kinds.ts). A failed attempt waits
// with capped, jittered backoff and goes again, so a receiver down for a while gets its
// messages later, each once (a row goes the moment its receiver answered 2xx). Nothing here
// is awaited by an upload: publish() only writes a row and wakes the loop.
import { randomUUID } from 'node:crypto';
import { AppError } from '../../../shared/errors.ts';
import type { Destination, NotifyEvent, NotifyMessage } from '../../../shared/notify.ts';
import { DeadlineExceeded, TransportError, type Transport } from '../api/http.ts';
import { backoffDelay, type BackoffPolicy } from '../api/retry.ts';
import type { Logger, SecretRegistry } from '../log/logger.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import type { Timers } from '../timers.ts';
import { DESTINATION_KIND_ROWS } from './kinds.ts';
import type { NotifyOutbox, OutboxRow } from './outbox.ts';
import { said, type Said } from '../../../shared/said.ts';
import { sayInEnglish } from '../../../shared/i18n/say-english.ts';

/** The keychain entry of a destination's secret (its token, webhook URL or signing secret). */
export const destinationSecretEntry = (destinationId: string): string => `notify:${destinationId}`;

export const TELEGRAM_API = 'https://api.telegram.org';

export interface NotifierDeps {
  outbox: NotifyOutbox;
  /** The destinations as the settings have them now. */
  destinations: () => readonly Destination[];
  secrets: SecretStore;
  /** Every secret read is registered, so no log line can carry it. */
  registry: SecretRegistry;
  transport: Transport;
  logger: Logger;
  timers: Timers;
  now?: () => number;
  random?: () => number;
  backoff?: BackoffPolicy;
  /** A message older than this is given up (a destination gone for days). */
  maxAgeMs?: number;
  /** Only tests replace it (CoreOptions.telegramApiBase); never the window. */
  telegramApi?: string;
  deadlineMs?: number;
}

/** How an attempt went, as the outbox and the window keep it: a code, never a receiver's words. */
type AttemptResult = { ok: true } | { ok: false; error: Said };

/** What each way a request can fail at the transport means for a delivery. */
const TRANSPORT_FAILURES: Record<TransportError['failure'], Said> = {
  network: said('notify_failed_network'),
  timeout: said('notify_failed_timeout'),
  too_large: said('notify_failed_too_large'),
  redirect: said('notify_failed_redirect'),
  aborted: said('notify_failed_cancelled'),
};

const CLAIM_MS = 60_000;
const BATCH = 20;

export class Notifier {
  readonly #d: NotifierDeps;
  readonly #now: () => number;
  #timer: unknown = null;
  #draining: Promise<void> | null = null;
  #again = false;
  #closed = false;
  /** Closing: the last drain runs, and nothing wakes the loop again. */
  #closing = false;

  constructor(deps: NotifierDeps) {
    this.#d = deps;
    this.#now = deps.now ?? Date.now;
  }

  /** Sends what waits from earlier runs. */
  start(): void {
    this.#wake(0);
  }

  /**
   * Queues a message for every destination that receives `event`; `build` writes it for that
   * destination (a finished batch's links come in its export format).
   */
  publish(event: NotifyEvent, build: (destination: Destination) => NotifyMessage | null): void {
    if (this.#closed) return;
    let queued = 0;
    for (const destination of this.#d.destinations()) {
      if (!destination.events.includes(event)) continue;
      let message: NotifyMessage | null;
      try {
        message = build(destination);
      } catch (error) {
        this.#d.logger.error('a notification could not be written', { event, destination: destination.id, error });
        continue;
      }
      if (message === null) continue;
      this.#d.outbox.add(destination.id, randomUUID(), message, this.#now());
      queued++;
    }
    if (queued > 0) this.#wake(0);
  }

  /** Send test: one attempt at once, outside the outbox; the person sees whether it arrived. */
  async test(destinationId: string): Promise<void> {
    const destination = this.#d.destinations().find((d) => d.id === destinationId);
    if (!destination) throw new AppError('not_found', said('destination_gone'), { retryable: false });
    const result = await this.#attempt(destination, { event: 'test', destination: destination.name }, randomUUID());
    if (!result.ok) throw new AppError('unavailable', said('destination_test_failed', { detail: result.error }), { retryable: true });
  }

  /** Waiting messages are due now (the network came back, or Settings asked). */
  kick(): void {
    this.#wake(0);
  }

  /**
   * Stops the loop. What is due goes once more first (a command-line run ends right after its
   * batch); what still fails waits in the outbox for the next run of the app or the command line.
   */
  async close(): Promise<void> {
    if (this.#timer !== null) this.#d.timers.clearTimeout(this.#timer);
    this.#timer = null;
    this.#again = false;
    this.#closing = true;
    await this.#draining;
    // The drain that just ended may have set the next wake before #closing was read.
    if (this.#timer !== null) this.#d.timers.clearTimeout(this.#timer);
    this.#timer = null;
    await this.#drain();
    this.#closed = true;
  }

  #wake(ms: number): void {
    if (this.#closed || this.#closing) return;
    if (this.#draining) {
      this.#again = true;
      return;
    }
    if (this.#timer !== null) this.#d.timers.clearTimeout(this.#timer);
    this.#timer = this.#d.timers.setTimeout(() => {
      this.#timer = null;
      if (this.#closing || this.#closed) return;
      this.#draining = this.#drain().finally(() => {
        this.#draining = null;
        if (this.#again) {
          this.#again = false;
          this.#wake(0);
        } else this.#scheduleNext();
      });
    }, Math.max(0, ms));
  }

  #scheduleNext(): void {
    const at = this.#d.outbox.nextDueAt();
    if (at !== null) this.#wake(at - this.#now());
  }

  async #drain(): Promise<void> {
    for (;;) {
      if (this.#closed) return;
      const now = this.#now();
      const due = this.#d.outbox.claimDue(now, now + CLAIM_MS, BATCH);
      if (due.length === 0) return;
      // Each destination's rows in order; destinations side by side, so one slow receiver holds up no other.
      const byDestination = new Map<string, OutboxRow[]>();
      for (const row of due) byDestination.set(row.destinationId, [...(byDestination.get(row.destinationId) ?? []), row]);
      await Promise.all([...byDestination.values()].map((rows) => this.#deliverInOrder(rows)));
    }
  }

  async #deliverInOrder(rows: OutboxRow[]): Promise<void> {
    for (const [index, row] of rows.entries()) {
      const destination = this.#d.destinations().find((d) => d.id === row.destinationId);
      if (!destination) {
        this.#d.outbox.remove(row.id);
        continue;
      }
      const result = await this.#attempt(destination, row.message, row.deliveryId);
      if (result.ok) {
        this.#d.outbox.remove(row.id);
        continue;
      }
      const now = this.#now();
      if (now - row.createdAt > (this.#d.maxAgeMs ?? 3 * 24 * 3600_000)) {
        this.#d.logger.warn('a notification was given up after days of failed attempts', { destination: destination.id, event: row.message.event, error: sayInEnglish(result.error) });
        this.#d.outbox.remove(row.id);
        continue;
      }
      const delay = backoffDelay(this.#d.backoff ?? { baseMs: 5_000, capMs: 15 * 60_000 }, row.attempts + 1, this.#d.random ?? Math.random);
      this.#d.logger.info('a notification did not arrive; it goes again later', { destination: destination.id, kind: destination.kind, error: sayInEnglish(result.error), delayMs: delay });
      // The rest of this destination's rows wait behind it, in order.
      for (const rest of rows.slice(index)) this.#d.outbox.later(rest.id, now + delay, rest === row ? result.error : said('notify_waiting_behind'));
      return;
    }
  }

  async #attempt(destination: Destination, message: NotifyMessage, deliveryId: string): Promise<AttemptResult> {
    const row = DESTINATION_KIND_ROWS[destination.kind];
    let secret: string | null;
    try {
      secret = await this.#d.secrets.get(destinationSecretEntry(destination.id));
    } catch {
      return { ok: false, error: said('notify_failed_keychain') };
    }
    if (secret === null) return { ok: false, error: said('notify_failed_no_secret') };
    this.#d.registry.addSecret(secret);
    const problem = row.checkDestination(destination) ?? row.checkSecret(secret);
    if (problem !== null) return { ok: false, error: said('notify_failed_incomplete') };
    const request = row.build(message, destination, secret, { deliveryId, now: this.#now(), telegramApi: this.#d.telegramApi ?? TELEGRAM_API });
    const deadlineMs = this.#d.deadlineMs ?? 15_000;
    const controller = new AbortController();
    const deadline = setTimeout(() => controller.abort(new DeadlineExceeded(deadlineMs)), deadlineMs);
    try {
      const body = Buffer.from(request.body, 'utf8');
      const response = await this.#d.transport({
        method: 'POST',
        url: request.url,
        headers: request.headers,
        body: () => ({ headers: { 'Content-Length': String(body.length) }, data: body }),
        originBoundHeaders: Object.keys(request.headers).map((name) => name.toLowerCase()),
        signal: controller.signal,
        maxResponseBytes: 64 * 1024,
        // A webhook's answer is read, never followed: the secret is in the URL or signed for this one.
        maxRedirects: 0,
      });
      // The receiver's body is never kept or logged: it may echo the request.
      return response.status >= 200 && response.status < 300 ? { ok: true } : { ok: false, error: said('notify_failed_http', { status: response.status }) };
    } catch (error) {
      if (error instanceof TransportError) return { ok: false, error: TRANSPORT_FAILURES[error.failure] };
      // Not the network: a bug here, logged (every secret is registered, so redacted).
      this.#d.logger.error('a notification could not be sent', { destination: destination.id, error });
      return { ok: false, error: said('notify_failed_internal') };
    } finally {
      clearTimeout(deadline);
    }
  }
}
