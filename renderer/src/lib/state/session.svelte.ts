// Who is signed in and which screen shows: app info, the shown account as the accounts view
// names it (never a key), and navigation, including the shell's `app:navigate` (a clicked
// notification).
import type { AccountSummary, AccountsView, KeyOfAnotherAccount } from '../../../../shared/accounts.ts';
import type { AppInfo } from '../../../../shared/model.ts';
import type { EventPayload } from '../../../../shared/contract.ts';
import { api as defaultApi, type ApiClient } from '../api.ts';
import { accounts as defaultAccounts, type AccountsState } from './accounts.svelte.ts';
import { m } from '../../../../shared/i18n/index.ts';

/** The screens the shell can ask for (a clicked notification), and Fix my links, which only the person opens. */
export type Screen = EventPayload<'app:navigate'>['to'] | 'fix-links';
/** `label`: a message function, worded where the screen's name is shown. */
export const SCREENS: ReadonlyArray<{ id: Screen; label: () => string }> = [
  { id: 'library', label: m.tasks_screen_library },
  { id: 'uploads', label: m.tasks_screen_uploads },
  { id: 'remote', label: m.tasks_screen_remote },
  { id: 'takedowns', label: m.tasks_screen_takedowns },
  { id: 'fix-links', label: m.tasks_screen_fix_links },
  { id: 'account', label: m.tasks_screen_account },
  { id: 'settings', label: m.tasks_screen_settings },
];

export class Session {
  info = $state<AppInfo | null>(null);
  screen = $state<Screen>('library');
  /**
   * The last key entered turned out to belong to another account than the one shown (the
   * service named another e-mail): the window says where it went until the person dismisses it.
   * Kept across the account switch it caused.
   */
  keyOfAnotherAccount = $state<KeyOfAnotherAccount | null>(null);
  /** Set once the first accounts view arrived, so the window never flashes the wrong screen. */
  ready = $state(false);
  readonly #api: ApiClient;
  readonly #accounts: AccountsState;

  constructor(api: ApiClient = defaultApi, accounts: AccountsState = defaultAccounts) {
    this.#api = api;
    this.#accounts = accounts;
  }

  /** The accounts as the core last reported them: where keys are kept, the address to suggest. */
  get accounts(): AccountsView {
    return this.#accounts.view;
  }

  /** The account shown (null: none yet, or every account removed). */
  get shown(): AccountSummary | null {
    const view = this.#accounts.view;
    return view.accounts.find((account) => account.id === view.activeId) ?? null;
  }

  /** The shown account has a key (its last four characters; never the key). */
  get signedIn(): boolean {
    return (this.shown?.last4 ?? null) !== null;
  }

  /** Which account is shown (its id): a change starts the window over from that account. */
  get accountKey(): string {
    return this.signedIn ? (this.shown?.id ?? '') : '';
  }

  async load(): Promise<void> {
    const [info] = await Promise.all([this.#api.call('app:info'), this.#accounts.load()]);
    this.info = info;
    this.ready = true;
  }

  start(): () => void {
    return this.#api.on('app:navigate', ({ to, accountId }) => {
      // A clicked notification of an account not shown (its takedowns) shows that account first.
      if (accountId !== undefined && accountId !== this.#accounts.view.activeId) {
        this.#accounts.switchTo(accountId).then(
          () => this.navigate(to),
          () => this.navigate(to),
        );
        return;
      }
      this.navigate(to);
    });
  }

  navigate(to: Screen): void {
    this.screen = to;
  }

  /**
   * A key for the shown account (or, with none, the first account): checked with the service
   * first; throws AppError (unauthorized, offline, unavailable). When it is another account's,
   * says where it went (keyOfAnotherAccount).
   */
  async setKey(baseUrl: string, key: string, allowPlainHttp = false): Promise<KeyOfAnotherAccount | null> {
    const shown = this.shown;
    const went = await this.#accounts.add({ baseUrl, key, allowPlainHttp, ...(shown ? { for: shown.id } : {}) });
    this.keyOfAnotherAccount = went;
    return went;
  }

  /** Forgets the shown account's key (Settings' Remove key): its data stays; the welcome screen asks for a key again. */
  async clearKey(): Promise<void> {
    const shown = this.shown;
    if (shown) await this.#accounts.forgetKey(shown.id);
  }

  startSandbox(): Promise<void> {
    return this.#accounts.startSandbox();
  }

  /** Back to the first state (sign-out, another account): nothing of the last one stays. */
  reset(): void {
    this.screen = 'library';
  }
}

export const session = new Session();
