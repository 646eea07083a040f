// The account the window shows, as the managers of one account's data see it, in the manner
// of immich's event manager: each manager registers once, next to its own definition, saying
// what it does at `account:opened` (follow the account's events, read its data) and at
// `account:closed` (stop following, forget everything of it, so nothing of one account shows
// under the next). The registrations are the one table: App.svelte composes, and a new manager
// is added in one place, its registration. Which account is shown is decided in one place too:
// AccountsState.show (accounts.svelte.ts) opens and closes accounts here.

/** One manager's row of the table: what it does as an account is opened and closed. */
export interface AccountManager {
  /** Names the manager's row (one row per name). */
  name: string;
  /** account:opened, before anything is read: follow the account's events; the function returned unfollows them at account:closed. */
  follow?: () => () => void;
  /**
   * account:opened: read the account's data; a failure is told under `title`, the others still
   * load. `first`: what the first screen shows (the library's list), read before the others,
   * which are read once it is answered (issue 33: a 1M library's first page no longer waits
   * behind the queue's, the imports' and the links' reads at the single core).
   * `title` is a message function: worded when the failure is told, in the language then in force.
   */
  load?: { title: () => string; run: () => Promise<void>; first?: true };
  /** account:closed, after it stopped following: back to the state of a fresh manager. */
  forget?: () => void;
}

/** How a read that failed at account:opened is told (the notices, in the app). */
export type LoadFailure = (title: string, error: unknown) => void;

export class AccountLifecycle {
  /** The table, by manager name. */
  readonly #managers = new Map<string, AccountManager>();
  /** What the open account's managers follow, by manager name, to unfollow at account:closed. */
  readonly #following = new Map<string, () => void>();
  #shown: { accountId: string; failed: LoadFailure } | null = null;

  /** The account open now (its id), null while none is. */
  get shown(): string | null {
    return this.#shown?.accountId ?? null;
  }

  /**
   * Adds a manager's row. A name registered again (its module read again, as in development's
   * hot reload) replaces the row. Registered while an account is open, it opens it at once.
   */
  register(manager: AccountManager): void {
    this.#following.get(manager.name)?.();
    this.#following.delete(manager.name);
    this.#managers.set(manager.name, manager);
    if (this.#shown === null) return;
    this.#follow(manager);
    void this.#load(manager, this.#shown.failed);
  }

  /**
   * account:opened. The one caller is AccountsState.show; the account shown before is closed
   * first, and an account already open is left as it is.
   */
  open(accountId: string, failed: LoadFailure): void {
    if (this.#shown?.accountId === accountId) return;
    this.close();
    this.#shown = { accountId, failed };
    // Every manager follows first, so no event of the account is missed between a read and its follow.
    for (const manager of this.#managers.values()) this.#follow(manager);
    const managers = [...this.#managers.values()];
    const opened = this.#shown;
    const first = managers.filter((manager) => manager.load?.first).map((manager) => this.#load(manager, failed));
    void Promise.allSettled(first).then(() => {
      // Another account opened meanwhile: its own open reads its managers.
      if (this.#shown !== opened) return;
      for (const manager of managers) if (!manager.load?.first) void this.#load(manager, failed);
    });
  }

  /** account:closed: nothing of the account shown so far stays in any manager. */
  close(): void {
    if (this.#shown === null) return;
    this.#shown = null;
    for (const unfollow of this.#following.values()) unfollow();
    this.#following.clear();
    for (const { forget } of this.#managers.values()) forget?.();
  }

  #follow(manager: AccountManager): void {
    if (manager.follow) this.#following.set(manager.name, manager.follow());
  }

  #load({ load }: AccountManager, failed: LoadFailure): Promise<void> {
    return load ? load.run().catch((error: unknown) => failed(load.title(), error)) : Promise.resolve();
  }
}

/** The window's one lifecycle: every manager of an account's data registers here. */
export const accountLifecycle = new AccountLifecycle();
