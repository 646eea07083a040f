// The account the window shows, as the managers of one account's data see it, in the manner
// of immich's event manager: each manager registers once, next to its own definition, saying
// what it does at `account:opened` (follow the account's events, read its data) and at
// `account:closed` (stop following, forget everything of it, so nothing of one account shows
// under the next). The registrations are the one table: App.svelte composes, and a new manager
// is added in one place, its registration. Which account is shown is decided in one place too:
// AccountsState.show (accounts.svelte.ts) opens and closes accounts here.

/** One manager's row of the table: what it does as an account is opened and closed. */
export interface AccountManager {
  /** Names the manager (tests, and the reason a row was refused). */
  name: string;
  /** account:opened, before anything is read: follow the account's events; the function returned unfollows them at account:closed. */
  follow?: () => () => void;
  /** account:opened: read the account's data; a failure is told under `title`, the others still load. */
  load?: { title: string; run: () => Promise<void> };
  /** account:closed, after it stopped following: back to the state of a fresh manager. */
  forget?: () => void;
}

/** How a read that failed at account:opened is told (the notices, in the app). */
export type LoadFailure = (title: string, error: unknown) => void;

export class AccountLifecycle {
  readonly #managers: AccountManager[] = [];
  /** What the open account's managers follow, to unfollow at account:closed. */
  #following: Array<() => void> = [];
  #shown: string | null = null;

  /** The account open now (its id), null while none is. */
  get shown(): string | null {
    return this.#shown;
  }

  /**
   * Adds a manager's row. A manager registered while an account is open (a module read late)
   * follows it from now on; it reads its data when it is first asked, as before any switch.
   * Returns the removal (tests).
   */
  register(manager: AccountManager): () => void {
    if (this.#managers.some((m) => m.name === manager.name)) throw new Error(`The account manager “${manager.name}” is registered twice.`);
    this.#managers.push(manager);
    if (this.#shown !== null && manager.follow) this.#following.push(manager.follow());
    return () => {
      const at = this.#managers.indexOf(manager);
      if (at >= 0) this.#managers.splice(at, 1);
    };
  }

  /**
   * account:opened. The one caller is AccountsState.show, which closes the account shown
   * before; an account already open is left as it is.
   */
  open(accountId: string, failed: LoadFailure): void {
    if (this.#shown === accountId) return;
    if (this.#shown !== null) this.close();
    this.#shown = accountId;
    // Every manager follows first, so no event of the account is missed between a read and its follow.
    this.#following = this.#managers.flatMap((m) => (m.follow ? [m.follow()] : []));
    for (const { load } of this.#managers) {
      if (load) load.run().catch((error: unknown) => failed(load.title, error));
    }
  }

  /** account:closed: nothing of the account shown so far stays in any manager. */
  close(): void {
    if (this.#shown === null) return;
    this.#shown = null;
    const following = this.#following;
    this.#following = [];
    following.forEach((unfollow) => unfollow());
    for (const { forget } of this.#managers) forget?.();
  }
}

/** The window's one lifecycle: every manager of an account's data registers here. */
export const accountLifecycle = new AccountLifecycle();
