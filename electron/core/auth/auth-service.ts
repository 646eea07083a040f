// The API key: checked against the service before it is kept, kept only in the SecretStore
// (the OS keychain), filed under the service address so several services keep their own
// key. The renderer only ever gets AuthStatus (whether a key is set, its last 4
// characters); getKey() is for the core's own ServiceClient.
import { AppError } from '../../../shared/errors.ts';
import { needsPlainHttpConsent, PLAIN_HTTP_RISK, type AuthStatus, type KeyStorage } from '../../../shared/model.ts';
import { ServiceClient } from '../api/client.ts';
import { isServiceError } from '../api/errors.ts';
import { NO_RETRY } from '../api/retry.ts';
import { API_KEY_LENGTH } from '../api/wire.ts';
import type { Logger, SecretRegistry } from '../log/logger.ts';
import type { EventSink } from '../rpc/events.ts';
import { accountFor, type SecretStore } from '../secrets/secret-store.ts';
import type { SettingsStore } from '../settings/settings-store.ts';
import { normalizeBaseUrl } from './base-url.ts';
import type { Transport } from '../api/http.ts';

/** Checks a key against the service at an address; throws an AppError when it is refused. */
export type KeyVerifier = (baseUrl: string, key: string) => Promise<void>;

export interface AuthServiceOptions {
  secrets: SecretStore;
  settings: SettingsStore;
  events?: EventSink;
  logger?: Logger;
  /** The logger's registry: the key is registered before anything can log it. */
  registry?: SecretRegistry;
  /** Default: operation 1 with a one-off ServiceClient (no retries, `verifyDeadlineMs`). */
  verify?: KeyVerifier;
  verifyDeadlineMs?: number;
  /** How the check reaches the service: the same route (proxy) as every other call. */
  transport?: Transport;
}

/** Printable ASCII without spaces: anything else cannot be a key, and could break the header. */
const KEY_CHARACTERS = /^[\x21-\x7e]+$/;

export function checkKeyShape(key: string): string {
  const trimmed = typeof key === 'string' ? key.trim() : '';
  if (trimmed.length !== API_KEY_LENGTH) {
    throw new AppError(
      'validation',
      `An API key is exactly ${API_KEY_LENGTH} characters; this one has ${trimmed.length}. Copy it again from your account page.`,
      { retryable: false },
    );
  }
  if (!KEY_CHARACTERS.test(trimmed)) {
    throw new AppError('validation', 'An API key is made of letters and digits only; this one contains other characters.', { retryable: false });
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
    await client.account();
  };
}

export type AuthListener = (status: AuthStatus) => void;

export class AuthService {
  readonly #secrets: SecretStore;
  readonly #settings: SettingsStore;
  readonly #events: EventSink | undefined;
  readonly #logger: Logger | undefined;
  readonly #registry: SecretRegistry | undefined;
  readonly #verify: KeyVerifier;
  readonly #listeners = new Set<AuthListener>();
  /** The service refused the stored key (the client's error probe said so); a new key clears it. */
  #keyRefused = false;
  /** The key of the current address, once read: the keychain is not asked on every request. */
  #cached: { baseUrl: string; key: string | null } | null = null;

  constructor(options: AuthServiceOptions) {
    this.#secrets = options.secrets;
    this.#settings = options.settings;
    this.#events = options.events;
    this.#logger = options.logger;
    this.#registry = options.registry;
    this.#verify =
      options.verify ??
      oneOffVerifier({
        ...(options.registry ? { registry: options.registry } : {}),
        ...(options.logger ? { logger: options.logger } : {}),
        ...(options.verifyDeadlineMs !== undefined ? { deadlineMs: options.verifyDeadlineMs } : {}),
        ...(options.transport ? { transport: options.transport } : {}),
      });
  }

  async status(): Promise<AuthStatus> {
    const baseUrl = this.#settings.get().baseUrl;
    const storage = await this.#secrets.status();
    let key: string | null = null;
    if (baseUrl !== null && storage.available) {
      try {
        key = await this.getKey();
      } catch (error) {
        return { hasKey: false, last4: null, baseUrl, storage: unusable(storage, error) };
      }
    }
    const refused = key !== null && this.#keyRefused ? { keyRefused: true } : {};
    return { hasKey: key !== null, last4: key === null ? null : key.slice(-4), baseUrl, storage, ...refused };
  }

  /** The service client's verdict on the stored key (ServiceClientOptions.keyHealth). */
  readonly keyHealth = {
    refused: (): void => this.#setKeyRefused(true),
    accepted: (): void => this.#setKeyRefused(false),
  };

  #setKeyRefused(refused: boolean): void {
    if (this.#keyRefused === refused) return;
    this.#keyRefused = refused;
    if (refused) this.#logger?.warn('the service refused the stored API key');
    void this.#changed();
  }

  /**
   * Checks the address and key (shape first, then operation 1 against the service), then
   * keeps the key in the SecretStore and the address in settings.
   */
  async setKey(baseUrlInput: string, keyInput: string, consent: { allowPlainHttp?: boolean } = {}): Promise<AuthStatus> {
    const baseUrl = normalizeBaseUrl(baseUrlInput);
    const origin = new URL(baseUrl).origin;
    const confirmed = consent.allowPlainHttp === true || this.#settings.get().plainHttpAllowed.includes(origin);
    // Before the key is sent anywhere: over plain http it would cross the network in clear.
    if (needsPlainHttpConsent(baseUrl) && !confirmed) throw new AppError('validation', PLAIN_HTTP_RISK, { retryable: false });
    const key = checkKeyShape(keyInput);
    this.#registry?.addSecret(key);
    await this.#checkWithService(baseUrl, key);
    await this.#secrets.set(accountFor(baseUrl), key);
    this.#cached = { baseUrl, key };
    this.#keyRefused = false;
    const allowed = this.#settings.get().plainHttpAllowed;
    const remember = needsPlainHttpConsent(baseUrl) && !allowed.includes(origin);
    await this.#settings.update({ baseUrl, ...(remember ? { plainHttpAllowed: [...allowed, origin].slice(-50) } : {}) });
    this.#logger?.info('API key set', { baseUrl });
    return this.#changed();
  }

  /** Forgets the key of the current address (the address itself stays in settings). */
  async clearKey(): Promise<AuthStatus> {
    const baseUrl = this.#settings.get().baseUrl;
    if (baseUrl !== null) await this.#secrets.delete(accountFor(baseUrl));
    this.#cached = baseUrl === null ? null : { baseUrl, key: null };
    this.#keyRefused = false;
    this.#logger?.info('API key cleared', { baseUrl });
    return this.#changed();
  }

  /** The key for the current address, for the core's ServiceClient only. Never over IPC. */
  async getKey(): Promise<string | null> {
    const baseUrl = this.#settings.get().baseUrl;
    if (baseUrl === null) return null;
    if (this.#cached?.baseUrl === baseUrl) return this.#cached.key;
    const key = await this.#secrets.get(accountFor(baseUrl));
    if (key !== null) this.#registry?.addSecret(key);
    this.#cached = { baseUrl, key };
    return key;
  }

  onChange(listener: AuthListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async #checkWithService(baseUrl: string, key: string): Promise<void> {
    try {
      await this.#verify(baseUrl, key);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const said = isServiceError(error) && error.serviceMessage ? ` The service said: “${error.serviceMessage}”` : '';
      if (error.code === 'unauthorized') {
        throw new AppError('unauthorized', `The service at ${baseUrl} refused this API key.${said}`, { retryable: false, cause: error });
      }
      if (error.code === 'offline') {
        throw new AppError('offline', `Could not reach ${baseUrl}. Check the address and your connection. (${error.message})`, {
          retryable: true,
          cause: error,
        });
      }
      throw new AppError(error.code, `${baseUrl} did not answer like the service: ${error.message}`, { retryable: error.retryable, cause: error });
    }
  }

  async #changed(): Promise<AuthStatus> {
    const status = await this.status();
    this.#events?.emit('auth:changed', status);
    for (const listener of this.#listeners) {
      try {
        listener(status);
      } catch (error) {
        this.#logger?.error('auth listener failed', { error });
      }
    }
    return status;
  }
}

function unusable(storage: KeyStorage, error: unknown): KeyStorage {
  return { available: false, backend: storage.backend === 'keychain' ? 'none' : storage.backend, problem: error instanceof Error ? error.message : String(error) };
}
