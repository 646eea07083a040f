// The accounts: their records (id, name, address) in settings.json, their keys in the
// SecretStore under the account's id. The one writer of `accounts`, `activeAccount` and the
// address of the shown account (`baseUrl`, which the shell's CSP and link checks read).
// An account's id is fixed when it is added (a digest of its address and first key), so its
// database keeps its name when the key is replaced: the queue and the outbox wait for the
// new key instead of being left behind in a file nobody opens again.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { AppError } from '../../../shared/errors.ts';
import { defaultAccountName, type AccountRecord } from '../../../shared/accounts.ts';
import type { Settings } from '../../../shared/model.ts';
import type { WatchFolder } from '../../../shared/watch.ts';
import type { Logger, SecretRegistry } from '../log/logger.ts';
import { accountFor, type SecretStore } from '../secrets/secret-store.ts';
import type { SettingsStore } from '../settings/settings-store.ts';
import { checkEdited, pickedEntries } from '../watch/watch-list.ts';
import { said } from '../../../shared/said.ts';

/** The id an account gets when it is added: opaque, stable, and the same for the same address and key. */
export function accountIdFor(baseUrl: string, key: string): string {
  return createHash('sha256').update(`${new URL(baseUrl).origin}\n${key}`).digest('base64url').slice(0, 22);
}

/** The keychain entry of an account's key. */
export function accountKeyName(id: string): string {
  return `account-key:${id}`;
}

/** The account's own database: its library, queue, outbox and history. */
export function accountDatabasePath(dataDir: string, id: string): string {
  return join(dataDir, 'accounts', `${id}.sqlite`);
}

export type RegistryListener = () => void;

/** The account a person named, by its id or its name (any case), or null. */
export function named(records: readonly AccountRecord[], wanted: string): AccountRecord | null {
  const trimmed = wanted.trim();
  return records.find((record) => record.id === trimmed) ?? records.find((record) => record.name.toLowerCase() === trimmed.toLowerCase()) ?? null;
}

export interface AccountRegistryOptions {
  settings: SettingsStore;
  secrets: SecretStore;
  registry?: SecretRegistry;
  logger?: Logger;
  /**
   * The command line's VIDLIFT_BASE_URL + VIDLIFT_API_KEY: one account for this run, never
   * written. Its id is the one the app gives an account added with that address and key, so
   * both open the same database (one sender at a time: lock.ts).
   */
  fixed?: { baseUrl: string; key: string };
  /**
   * The command line's --account NAME|ID: the account shown for this run (never written; the
   * app keeps showing its own). None matching: no account is shown (the command line says so).
   */
  shownForRun?: string;
  /**
   * Only the shown account exists for this process (the command line): it opens, locks and
   * sends nothing of the others, which the app may have open at the same time.
   */
  onlyShown?: boolean;
  /** With onlyShown: these accounts too (by name or id): the command line's `NAME:` arguments. */
  alsoForRun?: readonly string[];
}

export class AccountRegistry {
  readonly #settings: SettingsStore;
  readonly #secrets: SecretStore;
  readonly #registry: SecretRegistry | undefined;
  readonly #logger: Logger | undefined;
  #fixed: AccountRecord | null = null;
  #fixedKey: string | null = null;
  readonly #shownForRun: string | null;
  readonly #onlyShown: boolean;
  readonly #alsoForRun: readonly string[];
  /** Keys read once: the keychain is not asked on every request. */
  readonly #keys = new Map<string, string | null>();
  readonly #listeners = new Set<RegistryListener>();

  constructor(options: AccountRegistryOptions) {
    this.#settings = options.settings;
    this.#secrets = options.secrets;
    this.#registry = options.registry;
    this.#logger = options.logger;
    this.#shownForRun = options.shownForRun?.trim() ?? null;
    this.#onlyShown = options.onlyShown === true;
    this.#alsoForRun = options.alsoForRun ?? [];
    if (options.fixed) {
      const { baseUrl, key } = options.fixed;
      this.#fixed = { id: accountIdFor(baseUrl, key), name: defaultAccountName(baseUrl), baseUrl };
      this.#fixedKey = key;
      this.#registry?.addSecret(key);
    }
  }

  list(): AccountRecord[] {
    if (this.#fixed) return [this.#fixed];
    if (!this.#onlyShown) return this.#stored();
    const shown = this.active();
    const also = this.#alsoForRun.map((wanted) => named(this.#stored(), wanted)).filter((record): record is AccountRecord => record !== null);
    return [...(shown ? [shown] : []), ...also].filter((record, index, all) => all.findIndex((other) => other.id === record.id) === index);
  }

  active(): AccountRecord | null {
    if (this.#fixed) return this.#fixed;
    if (this.#shownForRun !== null) return named(this.#stored(), this.#shownForRun);
    const id = this.#settings.get().activeAccount;
    return this.#stored().find((record) => record.id === id) ?? null;
  }

  /** The address last shown (kept in the settings): once signed out of every account, the welcome screen suggests it. */
  lastBaseUrl(): string | null {
    return this.#settings.get().baseUrl;
  }

  find(id: string): AccountRecord | null {
    return this.list().find((record) => record.id === id) ?? null;
  }

  require(id: string): AccountRecord {
    const record = this.find(id);
    if (!record) throw new AppError('not_found', said('account_gone'), { retryable: false });
    return record;
  }

  /** The key of an account, for the core's own clients only. Never over IPC. */
  async key(id: string): Promise<string | null> {
    if (this.#fixed?.id === id) return this.#fixedKey;
    if (this.#keys.has(id)) return this.#keys.get(id) ?? null;
    const key = await this.#secrets.get(accountKeyName(id));
    if (key !== null) this.#registry?.addSecret(key);
    this.#keys.set(id, key);
    return key;
  }

  onChange(listener: RegistryListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** A new account, shown at once. Refuses the same address and key twice. `email`: what operation 1 named for the key. */
  async add(baseUrl: string, key: string, name: string | undefined, extra: Partial<Settings> = {}, email?: string): Promise<AccountRecord> {
    this.#refuseWhenFixed();
    const id = accountIdFor(baseUrl, key);
    const existing = this.find(id);
    if (existing) throw new AppError('validation', said('account_key_exists', { name: existing.name }), { retryable: false });
    const record: AccountRecord = { id, name: name?.trim() || defaultAccountName(baseUrl), baseUrl, ...(email === undefined ? {} : { email }) };
    await this.#setKey(id, key);
    await this.#write({ ...extra, accounts: [...this.#stored(), record], activeAccount: id, baseUrl });
    this.#logger?.info('account added', { baseUrl });
    return record;
  }

  /**
   * A new key (and possibly a new path on the same origin) for an account: its data stays.
   * The caller has checked that the key is this account's (key-check.ts: the same e-mail).
   */
  async replaceKey(id: string, baseUrl: string, key: string, extra: Partial<Settings> = {}, email?: string): Promise<AccountRecord> {
    this.#refuseWhenFixed();
    const record = { ...this.require(id), baseUrl, ...(email === undefined ? {} : { email }) };
    await this.#setKey(id, key);
    const shown = this.#settings.get().activeAccount === id;
    await this.#write({ ...extra, accounts: this.#stored().map((r) => (r.id === id ? record : r)), ...(shown ? { baseUrl } : {}) });
    return record;
  }

  /** Forgets an account's key; the account and its data stay (the person signs in again). */
  async forgetKey(id: string): Promise<void> {
    this.#refuseWhenFixed();
    await this.#secrets.delete(accountKeyName(id));
    this.#keys.set(id, null);
    this.#notify();
  }

  async rename(id: string, name: string): Promise<void> {
    this.#refuseWhenFixed();
    this.require(id);
    await this.#write({ accounts: this.#stored().map((r) => (r.id === id ? { ...r, name: name.trim() } : r)) });
  }

  async switchTo(id: string): Promise<void> {
    this.#refuseWhenFixed();
    const record = this.require(id);
    if (this.#settings.get().activeAccount === id) return;
    await this.#write({ activeAccount: id, baseUrl: record.baseUrl });
  }

  /** Removes the record, its key and its watch folders; the shown account becomes the first one left. */
  async remove(id: string): Promise<void> {
    this.#refuseWhenFixed();
    this.require(id);
    await this.#secrets.delete(accountKeyName(id));
    this.#keys.delete(id);
    const left = this.#stored().filter((r) => r.id !== id);
    const settings = this.#settings.get();
    const next = settings.activeAccount === id ? (left[0] ?? null) : this.active();
    await this.#write({
      accounts: left,
      activeAccount: next?.id ?? null,
      baseUrl: next?.baseUrl ?? null,
      watchFolders: settings.watchFolders.filter((folder) => folder.account !== id),
    });
  }

  /**
   * An older Vidlift kept one key per address under `api-key:<address>` and named the
   * database by a digest of address and key. That becomes the first account, with that very
   * digest as its id (its database keeps its name), its key under the account's entry, and
   * the watch folders it had.
   */
  async adoptSingleAccount(): Promise<void> {
    if (this.#fixed) return;
    const settings = this.#settings.get();
    if (settings.accounts.length > 0 || settings.baseUrl === null) return;
    const key = await this.#secrets.get(accountFor(settings.baseUrl));
    if (key === null) return;
    const id = accountIdFor(settings.baseUrl, key);
    await this.#setKey(id, key);
    const record: AccountRecord = { id, name: defaultAccountName(settings.baseUrl), baseUrl: settings.baseUrl };
    await this.#write({ accounts: [record], activeAccount: id, watchFolders: settings.watchFolders.map((folder) => ({ ...folder, account: folder.account ?? id })) });
    // One copy of the key: the old entry goes once the new one is written.
    await this.#secrets.delete(accountFor(settings.baseUrl));
    this.#logger?.info('the single account of an older version became the first account');
  }

  /** Watch folders of one account (each account has its own). */
  watchFoldersOf(id: string | null, settings: Settings = this.#settings.get()): WatchFolder[] {
    return id === null ? [] : settings.watchFolders.filter((folder) => folder.account === id);
  }

  /**
   * The shown account's watch folders replaced, the others' kept. Only the options of saved
   * entries may change, and entries may go (watch/watch-list.ts): a new folder comes through
   * addWatchFolders.
   */
  async setWatchFolders(folders: readonly WatchFolder[]): Promise<void> {
    const active = this.#activeForWatch();
    checkEdited(this.watchFoldersOf(active), folders);
    await this.#replaceWatchFolders(active, folders);
  }

  /** Folders the person picked in the folder dialog (only the shell calls this) join the shown account's list. */
  async addWatchFolders(picked: readonly string[]): Promise<void> {
    const active = this.#activeForWatch();
    const mine = this.watchFoldersOf(active);
    const added = await pickedEntries(mine, picked);
    if (added.length > 0) await this.#replaceWatchFolders(active, [...mine, ...added]);
  }

  #activeForWatch(): string {
    const active = this.active();
    if (!active) throw new AppError('unauthorized', said('account_needed_for_watch'), { retryable: false });
    return active.id;
  }

  async #replaceWatchFolders(account: string, folders: readonly WatchFolder[]): Promise<void> {
    const others = this.#settings.get().watchFolders.filter((folder) => folder.account !== account);
    await this.#settings.update({ watchFolders: [...others, ...folders.map((folder) => ({ ...folder, account }))] });
  }

  #stored(): AccountRecord[] {
    return this.#settings.get().accounts;
  }

  async #setKey(id: string, key: string): Promise<void> {
    this.#registry?.addSecret(key);
    await this.#secrets.set(accountKeyName(id), key);
    this.#keys.set(id, key);
  }

  async #write(patch: Partial<Settings>): Promise<void> {
    await this.#settings.update(patch);
    this.#notify();
  }

  #notify(): void {
    for (const listener of this.#listeners) {
      try {
        listener();
      } catch (error) {
        this.#logger?.error('an accounts listener failed', { error });
      }
    }
  }

  #refuseWhenFixed(): void {
    if (this.#fixed || this.#onlyShown) throw new AppError('validation', said('accounts_fixed_run'), { retryable: false });
  }
}
