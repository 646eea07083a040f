// The person's proxy choice from Settings, as the one ProxyResolver the network uses:
// "system" defers to the host (Electron's resolveProxy, or the *_PROXY variables), "none"
// goes direct, "manual" uses the proxy typed in, with its password from the keychain.
// Loopback always goes direct under a manual proxy, as browsers do (Chromium's implicit
// <-loopback> rule): a proxy elsewhere cannot reach this computer's 127.0.0.1.
import { isLoopbackHost, type ProxySetting, type ProxyStatus } from '../../../shared/model.ts';
import type { SecretRegistry } from '../log/logger.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import { DIRECT, type ProxyResolver, type ProxyRoute } from './proxy-route.ts';

/** The keychain entry of the manual proxy's password (next to the API keys). */
export const PROXY_PASSWORD_ACCOUNT = 'proxy-password';

export interface ProxyChoiceOptions {
  setting: () => ProxySetting;
  /** The host's own answer ("system"). */
  system: ProxyResolver;
  secrets: SecretStore;
  /** The password is registered here before any use, so no log line can carry it. */
  registry: SecretRegistry;
}


export class ProxyChoice implements ProxyResolver {
  readonly #o: ProxyChoiceOptions;
  /** undefined: not read from the keychain yet. */
  #password: string | null | undefined;

  constructor(options: ProxyChoiceOptions) {
    this.#o = options;
  }

  async routeFor(target: URL): Promise<ProxyRoute> {
    const setting = this.#o.setting();
    if (setting.mode === 'none') return DIRECT;
    if (setting.mode === 'system') return this.#o.system.routeFor(target);
    if (isLoopbackHost(target.hostname)) return DIRECT;
    const password = setting.username === null ? null : await this.#readPassword();
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
    return { hasPassword: (await this.#readPassword()) !== null };
  }

  async setPassword(password: string | null): Promise<ProxyStatus> {
    if (password === null) {
      await this.#o.secrets.delete(PROXY_PASSWORD_ACCOUNT);
    } else {
      this.#o.registry.addSecret(password);
      await this.#o.secrets.set(PROXY_PASSWORD_ACCOUNT, password);
    }
    this.#password = password;
    return { hasPassword: password !== null };
  }

  async #readPassword(): Promise<string | null> {
    if (this.#password === undefined) {
      try {
        const stored = await this.#o.secrets.get(PROXY_PASSWORD_ACCOUNT);
        if (stored !== null) this.#o.registry.addSecret(stored);
        this.#password = stored;
      } catch {
        // A keychain that cannot answer: no password; the proxy's 407 then says what is missing.
        return null;
      }
    }
    return this.#password;
  }
}
