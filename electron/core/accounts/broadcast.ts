// Tells the window what changed about the accounts: `accounts:changed` when one is added,
// renamed, removed or switched to, and (at most once a second) when an account's upload counts
// move, for the switcher's badges. When the account the window last showed changes, the window
// hears the accounts first (renderer/src/lib/api.ts then stamps the new account on its calls),
// then that account's connection, so it starts over from that account. A key kept, forgotten,
// refused or accepted again is news about the accounts too (AccountSummary.last4, keyRefused).
import type { EventHub } from '../rpc/events.ts';
import { accountsView } from './handlers.ts';
import type { AuthService } from './key-check.ts';
import type { SessionPool } from './pool.ts';
import type { AccountRegistry } from './registry.ts';
import { unknownConnection } from './signed-out.ts';

/** The switcher's counts are re-sent at most this often while uploads run. */
const COUNTS_EVERY_MS = 1_000;

export interface AccountsBroadcastDeps {
  accounts: AccountRegistry;
  auth: AuthService;
  pool: SessionPool;
  events: EventHub;
}

export class AccountsBroadcast {
  readonly #deps: AccountsBroadcastDeps;
  #shownId: string | null;
  #countsTimer: NodeJS.Timeout | null = null;
  readonly #unsubscribe: Array<() => void>;

  constructor(deps: AccountsBroadcastDeps) {
    this.#deps = deps;
    this.#shownId = deps.accounts.active()?.id ?? null;
    this.#unsubscribe = [
      deps.accounts.onChange(() => void this.#accountsChanged()),
      deps.auth.onKeyVerdict(() => void this.#emitView()),
      deps.pool.onUploads(() => this.#countsChanged()),
    ];
  }

  close(): void {
    for (const unsubscribe of this.#unsubscribe.splice(0)) unsubscribe();
    if (this.#countsTimer) clearTimeout(this.#countsTimer);
    this.#countsTimer = null;
  }

  async #accountsChanged(): Promise<void> {
    const { accounts, auth, pool, events } = this.#deps;
    await pool.sync();
    await this.#emitView();
    const nowShown = accounts.active()?.id ?? null;
    if (nowShown === this.#shownId) return;
    // Another account shown: the window starts over from that account's state.
    this.#shownId = nowShown;
    await auth.accountsChanged();
    if (nowShown !== null) events.emit('connection:changed', pool.open(nowShown)?.connection.state() ?? unknownConnection(), nowShown);
  }

  #countsChanged(): void {
    this.#countsTimer ??= setTimeout(() => {
      this.#countsTimer = null;
      void this.#emitView();
    }, COUNTS_EVERY_MS);
    this.#countsTimer.unref();
  }

  /** Tells the window the accounts as they are now (the accounts were opened after it read them). */
  refresh(): Promise<void> {
    return this.#emitView();
  }

  async #emitView(): Promise<void> {
    this.#deps.events.emit('accounts:changed', await accountsView(this.#deps.accounts, this.#deps.auth, this.#deps.pool));
  }
}
