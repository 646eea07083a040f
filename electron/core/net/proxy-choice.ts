// The person's proxy choice from Settings, as the one ProxyResolver the network uses:
// "system" defers to the host (Electron's resolveProxy, or the *_PROXY variables), "none"
// goes direct, "manual" uses the proxy typed in, with its password from the keychain.
// Loopback always goes direct under a manual proxy, as browsers do (Chromium's implicit
// <-loopback> rule): a proxy elsewhere cannot reach this computer's 127.0.0.1.
//
// The password is filed under the proxy it was given for (scheme, user, host and port), so it
// only ever goes to that proxy: a host changed in settings.json or through `settings:set`
// finds no password for itself, and the old proxy's password never reaches the new host.
import { AppError } from '../../../shared/errors.ts';
import { isLoopbackHost, type ProxySetting, type ProxyStatus } from '../../../shared/model.ts';
import type { SecretRegistry } from '../log/logger.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import { DIRECT, type ProxyResolver, type ProxyRoute } from './proxy-route.ts';
import { said } from '../../../shared/said.ts';

type ManualProxy = Extract<ProxySetting, { mode: 'manual' }>;

const PROXY_PASSWORD_PREFIX = 'proxy-password:';

/** Where an older version kept its one proxy password, tied to no proxy. */
export const OLDER_PROXY_PASSWORD_ENTRY = 'proxy-password';

/** The keychain entry of the password for this proxy and user: `proxy-password:scheme://user@host:port`. */
export function proxyPasswordEntry(proxy: ManualProxy & { username: string }): string {
  const name = proxy.host.toLowerCase();
  const host = name.includes(':') ? `[${name}]` : name;
  return `${PROXY_PASSWORD_PREFIX}${proxy.scheme}://${encodeURIComponent(proxy.username)}@${host}:${proxy.port}`;
}

/** The entry the current setting's password is filed under; null when it takes none (no manual proxy, or no user name). */
function entryFor(setting: ProxySetting): string | null {
  if (setting.mode !== 'manual' || setting.username === null) return null;
  return proxyPasswordEntry({ ...setting, username: setting.username });
}

interface ProxyChoiceOptions {
  setting: () => ProxySetting;
  /** The host's own answer ("system"). */
  system: ProxyResolver;
  secrets: SecretStore;
  /** The password is registered here before any use, so no log line can carry it. */
  registry: SecretRegistry;
}

export class ProxyChoice implements ProxyResolver {
  readonly #o: ProxyChoiceOptions;
  /** Passwords read from the keychain, by entry (null: none kept for that proxy). */
  readonly #passwords = new Map<string, string | null>();

  constructor(options: ProxyChoiceOptions) {
    this.#o = options;
  }

  async routeFor(target: URL): Promise<ProxyRoute> {
    const setting = this.#o.setting();
    if (setting.mode === 'none') return DIRECT;
    if (setting.mode === 'system') return this.#o.system.routeFor(target);
    if (isLoopbackHost(target.hostname)) return DIRECT;
    const password = await this.#readPassword(entryFor(setting));
    return {
      kind: 'proxy',
      scheme: setting.scheme,
      host: setting.host,
      port: setting.port,
      ...(setting.username === null ? {} : { username: setting.username }),
      ...(password === null ? {} : { password }),
    };
  }

  async status(): Promise<ProxyStatus> {
    return { hasPassword: (await this.#readPassword(entryFor(this.#o.setting()))) !== null };
  }

  /**
   * Keeps the password for the proxy and user set now (and forgets any other proxy's); null
   * forgets every proxy password kept.
   */
  async setPassword(password: string | null): Promise<ProxyStatus> {
    const entry = entryFor(this.#o.setting());
    if (password === null) {
      await this.#forgetAllBut(null);
      return { hasPassword: false };
    }
    if (entry === null) {
      throw new AppError('validation', said('proxy_password_needs_user'), { retryable: false });
    }
    this.#o.registry.addSecret(password);
    await this.#o.secrets.set(entry, password);
    this.#passwords.set(entry, password);
    // One proxy password at a time: the one for another proxy is not kept around.
    await this.#forgetAllBut(entry);
    return { hasPassword: true };
  }

  /**
   * At start, before anything can change the setting: an older version's password (tied to no
   * proxy) belongs to the manual proxy and user set then, the one it was typed in with. With
   * no such proxy set, it is deleted rather than left for whatever proxy is set next.
   * A keychain that cannot answer leaves it for the next start.
   */
  async adoptOlderPassword(): Promise<void> {
    try {
      const older = await this.#o.secrets.get(OLDER_PROXY_PASSWORD_ENTRY);
      if (older === null) return;
      const entry = entryFor(this.#o.setting());
      if (entry !== null && (await this.#o.secrets.get(entry)) === null) {
        this.#o.registry.addSecret(older);
        await this.#o.secrets.set(entry, older);
      }
      await this.#o.secrets.delete(OLDER_PROXY_PASSWORD_ENTRY);
      this.#passwords.clear();
    } catch {
      // The keychain cannot answer now: the older entry stays until the next start.
    }
  }

  async #forgetAllBut(keep: string | null): Promise<void> {
    let entries: string[];
    try {
      entries = (await this.#o.secrets.list()).filter((name) => name.startsWith(PROXY_PASSWORD_PREFIX) || name === OLDER_PROXY_PASSWORD_ENTRY);
    } catch {
      // A store that cannot list: at least the current proxy's entry goes when asked to.
      entries = keep === null ? [entryFor(this.#o.setting())].filter((name): name is string => name !== null) : [];
    }
    for (const name of entries) {
      if (name === keep) continue;
      await this.#o.secrets.delete(name);
      this.#passwords.set(name, null);
    }
  }

  async #readPassword(entry: string | null): Promise<string | null> {
    if (entry === null) return null;
    if (this.#passwords.has(entry)) return this.#passwords.get(entry) ?? null;
    try {
      const stored = await this.#o.secrets.get(entry);
      if (stored !== null) this.#o.registry.addSecret(stored);
      this.#passwords.set(entry, stored);
      return stored;
    } catch {
      // A keychain that cannot answer: no password; the proxy's 407 then says what is missing.
      return null;
    }
  }
}
