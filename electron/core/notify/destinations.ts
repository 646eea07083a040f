// The destinations as Settings edits them: each one's fields in settings.json, its secret in
// the keychain (the token, the webhook URL, the signing secret), and the window told only
// whether that secret is set. A secret is typed once; it is never read back to the window.
import { randomUUID } from 'node:crypto';
import { AppError } from '../../../shared/errors.ts';
import { DESTINATION_SECRET, type Destination, type DestinationKind, type NotifyView } from '../../../shared/notify.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import type { SettingsStore } from '../settings/settings-store.ts';
import type { SecretRegistry } from '../log/logger.ts';
import { DESTINATION_KIND_ROWS } from './kinds.ts';
import { destinationSecretEntry } from './notifier.ts';
import type { NotifyOutbox } from './outbox.ts';
import { said, type Said } from '../../../shared/said.ts';

export interface DestinationsDeps {
  settings: SettingsStore;
  secrets: SecretStore;
  registry: SecretRegistry;
  outbox: NotifyOutbox;
}

export type DestinationInput = Omit<Destination, 'id'> & { id?: string | undefined };

export class DestinationList {
  readonly #d: DestinationsDeps;

  constructor(deps: DestinationsDeps) {
    this.#d = deps;
  }

  all(): readonly Destination[] {
    return this.#d.settings.get().notifyDestinations;
  }

  async view(): Promise<NotifyView> {
    let kept: ReadonlySet<string>;
    try {
      kept = new Set(await this.#d.secrets.list());
    } catch {
      kept = new Set();
    }
    return {
      destinations: this.all().map((destination) => ({ ...destination, secretSet: kept.has(destinationSecretEntry(destination.id)) })),
      waiting: this.#d.outbox.waiting(),
    };
  }

  /** Adds or changes one; `secret` (typed now) replaces the one in the keychain. */
  async save(input: DestinationInput, secret: string | undefined): Promise<NotifyView> {
    const all = this.all();
    if (input.id !== undefined && !all.some((d) => d.id === input.id)) throw new AppError('not_found', said('destination_gone'), { retryable: false });
    const destination: Destination = { ...input, id: input.id ?? randomUUID(), url: input.kind === 'webhook' ? input.url : null, chatId: input.kind === 'telegram' ? input.chatId : null };
    const row = DESTINATION_KIND_ROWS[destination.kind];
    const missing = row.checkDestination(destination);
    if (missing !== null) throw new AppError('validation', missing, { retryable: false });
    if (secret !== undefined) {
      this.#d.registry.addSecret(secret);
      const wrong = row.checkSecret(secret);
      if (wrong !== null) throw new AppError('validation', wrong, { retryable: false });
    } else if (all.find((d) => d.id === input.id)?.kind !== destination.kind || (await this.#d.secrets.get(destinationSecretEntry(destination.id))) === null) {
      // A new destination, another kind (its secret is another thing), or none kept: it is typed now.
      throw new AppError('validation', SECRET_NEEDED[DESTINATION_SECRET[destination.kind]], { retryable: false });
    }
    // The keychain first: a destination in the settings without its secret would only fail later.
    if (secret !== undefined) await this.#d.secrets.set(destinationSecretEntry(destination.id), secret);
    const next = input.id === undefined ? [...all, destination] : all.map((d) => (d.id === destination.id ? destination : d));
    await this.#d.settings.update({ notifyDestinations: next });
    return this.view();
  }

  async remove(id: string): Promise<NotifyView> {
    const all = this.all();
    if (!all.some((d) => d.id === id)) throw new AppError('not_found', said('destination_gone'), { retryable: false });
    await this.#d.settings.update({ notifyDestinations: all.filter((d) => d.id !== id) });
    this.#d.outbox.removeDestination(id);
    await this.#d.secrets.delete(destinationSecretEntry(id));
    return this.view();
  }
}

/** What to type when a destination has no secret kept yet, by what its secret is. */
const SECRET_NEEDED: Record<(typeof DESTINATION_SECRET)[DestinationKind], Said> = {
  signingSecret: said('destination_enter_signing_secret'),
  webhookUrl: said('destination_enter_webhook'),
  botToken: said('destination_enter_bot_token'),
};
