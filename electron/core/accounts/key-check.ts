// The API key: checked against the service before it is kept, kept only in the SecretStore
// (the OS keychain), filed under its account (accounts/registry.ts), so several
// accounts, on one service or several, keep their own key. The renderer only ever gets
// AccountsView (whether each account has a key, its last 4 characters); getKey() is for the
// core's own ServiceClient.
import { AppError, saidOfError } from '../../../shared/errors.ts';
import { needsPlainHttpConsent } from '../../../shared/model.ts';
import type { AccountRecord, KeyOfAnotherAccount, KeyStorage } from '../../../shared/accounts.ts';
import { ServiceClient } from '../api/client.ts';
import { isServiceError } from '../api/errors.ts';
import { NO_RETRY } from '../api/retry.ts';
import { API_KEY_LENGTH } from '../api/wire.ts';
import type { Logger, SecretRegistry } from '../log/logger.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import { AccountRegistry, accountIdFor as accountIdOf } from './registry.ts';
import type { SettingsStore } from '../settings/settings-store.ts';
import { normalizeBaseUrl } from './base-url.ts';
import type { Transport } from '../api/http.ts';
import { said } from '../../../shared/said.ts';

/** Checks a key against the service at an address (operation 1): the account's e-mail, or an AppError when it is refused. */
export type KeyVerifier = (baseUrl: string, key: string) => Promise<{ email: string }>;

export interface AuthServiceOptions {
  secrets: SecretStore;
  settings: SettingsStore;
  logger?: Logger;
  /** The logger's registry: the key is registered before anything can log it. */
  registry?: SecretRegistry;
  /** Default: operation 1 with a one-off ServiceClient (no retries, `verifyDeadlineMs`). */
  verify?: KeyVerifier;
  verifyDeadlineMs?: number;
  /** How the check reaches the service: the same route (proxy) as every other call. */
  transport?: Transport;
  /** The accounts; default: a registry over `settings` and `secrets`. */
  accounts?: AccountRegistry;
  /** The command line's account from its environment (AccountRegistryOptions.fixed). */
  fixedAccount?: { baseUrl: string; key: string };
  /** The command line's --account (AccountRegistryOptions.shownForRun). */
  accountForRun?: string;
  /** AccountRegistryOptions.onlyShown. */
  onlyShownAccount?: boolean;
  /** AccountRegistryOptions.alsoForRun. */
  alsoForRun?: readonly string[];
  /**
   * The e-mail an account's library last fetched with operation 1 (the session pool's), for
   * accounts kept before their record carried it.
   */
  cachedEmail?: (accountId: string) => string | null;
}

/** Printable ASCII without spaces: anything else cannot be a key, and could break the header. */
const KEY_CHARACTERS = /^[\x21-\x7e]+$/;

export function checkKeyShape(key: string): string {
  const trimmed = typeof key === 'string' ? key.trim() : '';
  if (trimmed.length !== API_KEY_LENGTH) {
    throw new AppError(
      'validation',
      said('key_length', { expected: API_KEY_LENGTH, actual: trimmed.length }),
      { retryable: false },
    );
  }
  if (!KEY_CHARACTERS.test(trimmed)) {
    throw new AppError('validation', said('key_characters'), { retryable: false });
  }
  return trimmed;
}

export function oneOffVerifier(options: { registry?: SecretRegistry; logger?: Logger; deadlineMs?: number; transport?: Transport } = {}): KeyVerifier {
  return async (baseUrl, key) => {
    const client = new ServiceClient({
      baseUrl,
      apiKey: key,
      retry: NO_RETRY,
      deadlineMs: options.deadlineMs ?? 15_000,
      ...(options.registry ? { secrets: options.registry } : {}),
      ...(options.logger ? { logger: options.logger } : {}),
      ...(options.transport ? { transport: options.transport } : {}),
    });
    const account = await client.account();
    return { email: account.email };
  };
}

/** Something the window shows about the keys changed (a key kept, forgotten, refused or accepted again). */
export type AuthListener = () => void;

/** A key entered: its address, the person's consent to plain http, a name for a new account, and the account it was entered for. */
export interface KeyEntry {
  baseUrl: string;
  key: string;
  allowPlainHttp?: boolean;
  name?: string;
  /** The account the key was entered for (a new key for it); none: a new account, or the one the key belongs to. */
  for?: string;
}

export class AuthService {
  readonly #secrets: SecretStore;
  readonly #settings: SettingsStore;
  readonly #logger: Logger | undefined;
  readonly #registry: SecretRegistry | undefined;
  readonly #verify: KeyVerifier;
  readonly #cachedEmail: (accountId: string) => string | null;
  readonly #listeners = new Set<AuthListener>();
  readonly accounts: AccountRegistry;
  /** Accounts whose stored key the service refused (the client's error probe said so); a new key clears it. */
  readonly #refused = new Set<string>();
  readonly #refusalListeners = new Set<(accountId: string) => void>();

  constructor(options: AuthServiceOptions) {
    this.#secrets = options.secrets;
    this.#settings = options.settings;
    this.#logger = options.logger;
    this.#registry = options.registry;
    this.#cachedEmail = options.cachedEmail ?? (() => null);
    this.accounts =
      options.accounts ??
      new AccountRegistry({ settings: options.settings, secrets: options.secrets, ...(options.fixedAccount ? { fixed: options.fixedAccount } : {}), ...(options.accountForRun !== undefined ? { shownForRun: options.accountForRun } : {}), ...(options.onlyShownAccount ? { onlyShown: true } : {}), ...(options.alsoForRun ? { alsoForRun: options.alsoForRun } : {}), ...(options.registry ? { registry: options.registry } : {}), ...(options.logger ? { logger: options.logger } : {}) });
    this.#verify =
      options.verify ??
      oneOffVerifier({
        ...(options.registry ? { registry: options.registry } : {}),
        ...(options.logger ? { logger: options.logger } : {}),
        ...(options.verifyDeadlineMs !== undefined ? { deadlineMs: options.verifyDeadlineMs } : {}),
        ...(options.transport ? { transport: options.transport } : {}),
      });
  }

  /**
   * Where keys are kept, for the accounts view: unusable (with why) when the store cannot read
   * the shown account's key, so the window says why rather than asking for a key it cannot keep.
   */
  async keyStorage(): Promise<KeyStorage> {
    const storage = await this.#secrets.status();
    const active = this.accounts.active();
    if (!active || !storage.available) return storage;
    try {
      await this.accounts.key(active.id);
      return storage;
    } catch (error) {
      return unusable(storage, error);
    }
  }

  isKeyRefused(accountId: string): boolean {
    return this.#refused.has(accountId);
  }

  /** Calls back when an account's key is refused, or accepted again. */
  onKeyVerdict(listener: (accountId: string) => void): () => void {
    this.#refusalListeners.add(listener);
    return () => this.#refusalListeners.delete(listener);
  }

  /** The service client's verdict on an account's stored key (ServiceClientOptions.keyHealth). */
  keyHealthFor(accountId: string): { refused(): void; accepted(): void } {
    return {
      refused: () => this.#setKeyRefused(accountId, true),
      accepted: () => this.#setKeyRefused(accountId, false),
    };
  }

  /** The shown account's verdicts (a client that follows the shown account). */
  readonly keyHealth = {
    refused: (): void => {
      const active = this.accounts.active();
      if (active) this.#setKeyRefused(active.id, true);
    },
    accepted: (): void => {
      const active = this.accounts.active();
      if (active) this.#setKeyRefused(active.id, false);
    },
  };

  #setKeyRefused(accountId: string, refused: boolean): void {
    if (this.#refused.has(accountId) === refused) return;
    if (refused) this.#refused.add(accountId);
    else this.#refused.delete(accountId);
    if (refused) this.#logger?.warn('the service refused the stored API key of an account');
    for (const listener of this.#refusalListeners) listener(accountId);
    this.#changed();
  }

  /**
   * Checks the address and key (shape first, then operation 1 against the service), then
   * keeps the key in the SecretStore for the account it belongs to: the account on that
   * service whose e-mail operation 1 named (the one it was entered for first), whose queue,
   * outbox and library it then serves; none, a new account. A key is never given to an
   * account with another e-mail: that account's queue and outbox would be sent into the wrong
   * account. Entered for an account that turned out to be another's, the answer says where it went.
   */
  async addKey(entry: KeyEntry): Promise<{ keyOfAnotherAccount?: KeyOfAnotherAccount }> {
    // An account that is not (or no longer) in Vidlift is refused before the key goes anywhere.
    const enteredFor = entry.for === undefined ? null : this.accounts.require(entry.for);
    const { baseUrl, key, email } = await this.#checkedCredentials(entry.baseUrl, entry.key, { allowPlainHttp: entry.allowPlainHttp === true });
    const origin = new URL(baseUrl).origin;
    const onService = (record: AccountRecord | null): record is AccountRecord => record !== null && new URL(record.baseUrl).origin === origin;
    const extra = this.#plainHttpRemembered(baseUrl);
    const forEmail = onService(enteredFor) ? this.#knownEmail(enteredFor) : null;
    const owner = this.#ownerOf(origin, email, enteredFor);
    let as: 'added' | 'existing';
    if (owner) {
      await this.#replaceKey(owner, baseUrl, key, email, extra);
      as = 'existing';
    } else if (onService(enteredFor) && forEmail === null) {
      // An account kept before e-mails were recorded whose library never fetched its figures:
      // nothing to compare with, so the key is taken as its own, as before.
      await this.#replaceKey(enteredFor, baseUrl, key, email, extra);
      as = 'existing';
    } else {
      const existing = this.accounts.find(accountIdOf(baseUrl, key));
      // Named by its e-mail when another account is on that service: two accounts both named by the host could not be told apart.
      const name = entry.name ?? (this.accounts.list().some(onService) ? email : undefined);
      if (existing) await this.#replaceKey(existing, baseUrl, key, email, extra);
      else await this.accounts.add(baseUrl, key, name, extra, email);
      as = existing ? 'existing' : 'added';
    }
    this.#logger?.info('API key set', { baseUrl });
    this.#changed();
    const wentElsewhere = onService(enteredFor) && forEmail !== null && !sameEmail(forEmail, email);
    return wentElsewhere ? { keyOfAnotherAccount: { email, previous: { id: enteredFor.id, name: enteredFor.name, email: forEmail }, as } } : {};
  }

  /**
   * The account on this service whose e-mail operation 1 named for a key (the one it was
   * entered for first), or null: the one account a key may ever be given to.
   */
  #ownerOf(origin: string, email: string, enteredFor: AccountRecord | null): AccountRecord | null {
    const candidates = [...(enteredFor ? [enteredFor] : []), ...this.accounts.list()];
    return candidates.find((record) => new URL(record.baseUrl).origin === origin && sameEmail(this.#knownEmail(record), email)) ?? null;
  }

  /** The account's key replaced (its data stays), its refusal cleared, and the account shown. */
  async #replaceKey(record: AccountRecord, baseUrl: string, key: string, email: string, extra: { plainHttpAllowed?: string[] }): Promise<void> {
    await this.accounts.replaceKey(record.id, baseUrl, key, extra, email);
    this.#refused.delete(record.id);
    for (const listener of this.#refusalListeners) listener(record.id);
    await this.accounts.switchTo(record.id);
  }

  /** The e-mail an account's key was checked with; for an account kept before that, its library's. */
  #knownEmail(record: AccountRecord): string | null {
    return record.email ?? this.#cachedEmail(record.id);
  }

  /** The address and key, checked: plain-http consent, the key's shape, then operation 1 with the service. */
  async #checkedCredentials(baseUrlInput: string, keyInput: string, consent: { allowPlainHttp?: boolean }): Promise<{ baseUrl: string; key: string; email: string }> {
    const baseUrl = normalizeBaseUrl(baseUrlInput);
    const origin = new URL(baseUrl).origin;
    const confirmed = consent.allowPlainHttp === true || this.#settings.get().plainHttpAllowed.includes(origin);
    // Before the key is sent anywhere: over plain http it would cross the network in clear.
    if (needsPlainHttpConsent(baseUrl) && !confirmed) throw new AppError('validation', said('plain_http_risk'), { retryable: false });
    const key = checkKeyShape(keyInput);
    this.#registry?.addSecret(key);
    const { email } = await this.#checkWithService(baseUrl, key);
    return { baseUrl, key, email };
  }

  /** Plain-http consent is remembered per origin once a key for it was accepted. */
  #plainHttpRemembered(baseUrl: string): { plainHttpAllowed?: string[] } {
    const origin = new URL(baseUrl).origin;
    const allowed = this.#settings.get().plainHttpAllowed;
    return needsPlainHttpConsent(baseUrl) && !allowed.includes(origin) ? { plainHttpAllowed: [...allowed, origin].slice(-50) } : {};
  }

  /** The accounts changed (switched, renamed, removed): listeners hear it. */
  accountsChanged(): void {
    this.#changed();
  }

  /** Forgets an account's key (the account and its data stay: the person signs in again). */
  async forgetKey(id: string): Promise<void> {
    const record = this.accounts.require(id);
    await this.accounts.forgetKey(id);
    this.#refused.delete(id);
    this.#logger?.info('API key cleared', { baseUrl: record.baseUrl });
    this.#changed();
  }

  /** The shown account's key, for the core's own ServiceClient only. Never over IPC. */
  async getKey(): Promise<string | null> {
    const active = this.accounts.active();
    return active ? this.accounts.key(active.id) : null;
  }

  onChange(listener: AuthListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async #checkWithService(baseUrl: string, key: string): Promise<{ email: string }> {
    try {
      return await this.#verify(baseUrl, key);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const serviceSaid = isServiceError(error) ? error.serviceMessage : undefined;
      if (error.code === 'unauthorized') {
        const refusal = serviceSaid ? said('key_refused_said', { baseUrl, detail: serviceSaid }) : said('key_refused', { baseUrl });
        throw new AppError('unauthorized', refusal, { retryable: false, cause: error });
      }
      if (error.code === 'offline') {
        throw new AppError('offline', said('service_unreachable', { baseUrl, detail: error.message }), {
          retryable: true,
          cause: error,
        });
      }
      throw new AppError(error.code, said('service_unlike', { baseUrl, detail: error.message }), { retryable: error.retryable, cause: error });
    }
  }

  #changed(): void {
    for (const listener of this.#listeners) {
      try {
        listener();
      } catch (error) {
        this.#logger?.error('auth listener failed', { error });
      }
    }
  }
}

/** E-mail addresses compare without case or surrounding spaces (the service may write either). */
function sameEmail(a: string | null, b: string): boolean {
  return a !== null && a.trim().toLowerCase() === b.trim().toLowerCase();
}

function unusable(storage: KeyStorage, error: unknown): KeyStorage {
  return { available: false, backend: storage.backend === 'keychain' ? 'none' : storage.backend, problem: saidOfError(error) };
}
