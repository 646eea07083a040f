// Who is signed in and which screen shows: app info, the key's status (never the key), and
// navigation, including the shell's `app:navigate` (a clicked notification).
import type { AppInfo, AuthStatus, KeySetResult } from '../../../../shared/model.ts';
import type { EventPayload } from '../../../../shared/contract.ts';
import { api as defaultApi, type ApiClient } from '../api.ts';

export type Screen = EventPayload<'app:navigate'>['to'];
export const SCREENS: ReadonlyArray<{ id: Screen; label: string }> = [
  { id: 'library', label: 'Library' },
  { id: 'uploads', label: 'Uploads' },
  { id: 'remote', label: 'Remote imports' },
  { id: 'account', label: 'Account' },
  { id: 'settings', label: 'Settings' },
];

export class Session {
  info = $state<AppInfo | null>(null);
  auth = $state<AuthStatus | null>(null);
  screen = $state<Screen>('library');
  /**
   * The last key entered turned out to belong to another account than the one shown (the
   * service named another e-mail): the window says where it went until the person dismisses it.
   * Kept across the account switch it caused.
   */
  keyOfAnotherAccount = $state<NonNullable<KeySetResult['keyOfAnotherAccount']> | null>(null);
  /** Set once the first status arrived, so the window never flashes the wrong screen. */
  ready = $state(false);
  readonly #api: ApiClient;

  constructor(api: ApiClient = defaultApi) {
    this.#api = api;
  }

  get signedIn(): boolean {
    return this.auth?.hasKey === true;
  }

  /** Which account is shown (its id; never the key): a change starts the window over from that account. */
  get accountKey(): string {
    if (!this.auth?.hasKey) return '';
    return this.auth.accountId ?? `${this.auth.baseUrl ?? ''}|${this.auth.last4 ?? ''}`;
  }

  async load(): Promise<void> {
    const [info, auth] = await Promise.all([this.#api.call('app:info'), this.#api.call('auth:status')]);
    this.info = info;
    this.auth = auth;
    this.ready = true;
  }

  start(): () => void {
    const offs = [
      this.#api.on('auth:changed', (auth) => (this.auth = auth)),
      this.#api.on('app:navigate', ({ to }) => this.navigate(to)),
    ];
    return () => offs.forEach((off) => off());
  }

  navigate(to: Screen): void {
    this.screen = to;
  }

  /** Checks the key with the service first; throws AppError (unauthorized, offline, unavailable). */
  async setKey(baseUrl: string, key: string, allowPlainHttp = false): Promise<KeySetResult> {
    const result = await this.#api.call('auth:setKey', { baseUrl: baseUrl.trim(), key: key.trim(), ...(allowPlainHttp ? { allowPlainHttp: true as const } : {}) });
    const { keyOfAnotherAccount, ...auth } = result;
    this.keyOfAnotherAccount = keyOfAnotherAccount ?? null;
    this.auth = auth;
    return result;
  }

  async clearKey(): Promise<AuthStatus> {
    const auth = await this.#api.call('auth:clearKey');
    this.auth = auth;
    return auth;
  }

  async startSandbox(): Promise<AuthStatus> {
    const auth = await this.#api.call('sandbox:start');
    this.auth = auth;
    return auth;
  }

  /** Back to the first state (sign-out, another account): nothing of the last one stays. */
  reset(): void {
    this.screen = 'library';
  }
}

export const session = new Session();
