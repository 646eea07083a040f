// The window opens before the core has started (issue 33: nothing slow between app.whenReady
// and loadURL), and the core answers the window's app calls (app, settings, accounts) before it
// opens each account's database, its sync and its watch folders. What the window and the shell
// ask of the core meanwhile waits here, in two steps: an app call is answered once the core is
// there (open), an account's call once the accounts are open too (accountsOpen); a path granted
// by a drop is granted then, the window's visibility is handed over, and what is logged goes to
// the core's log.
import { isAccountMethod, isMethodName } from '../../shared/contract-names.ts';
import type { Logger } from '../core/log/logger.ts';
import type { Dispatch } from '../core/rpc/dispatch.ts';

/** What the gate hands on once the core is started. */
export interface GatedCore {
  dispatch: Dispatch;
  grantPath: (path: string) => void;
  setWindowVisible: (visible: boolean) => void;
  logger: Logger;
}

export class CoreGate {
  #core: GatedCore | null = null;
  #pendingGrants: string[] = [];
  #visible: boolean | null = null;
  readonly #waitingAppCalls = new Set<Promise<unknown>>();
  readonly #ready: Promise<GatedCore>;
  readonly #accountsReady: Promise<void>;
  #open!: (core: GatedCore) => void;
  #fail!: (error: unknown) => void;
  #accountsOpen!: () => void;
  #accountsFail!: (error: unknown) => void;

  constructor() {
    this.#ready = new Promise<GatedCore>((resolve, reject) => {
      this.#open = resolve;
      this.#fail = reject;
    });
    this.#accountsReady = new Promise<void>((resolve, reject) => {
      this.#accountsOpen = resolve;
      this.#accountsFail = reject;
    });
    // A core that failed to start is reported by the shell's start (index.ts); the calls
    // waiting here reject with it, and no one else needs to hear of it.
    this.#ready.catch(() => undefined);
    this.#accountsReady.catch(() => undefined);
  }

  /** The core started: what waited is handed over, in the order it came. */
  open(core: GatedCore): void {
    this.#core = core;
    for (const path of this.#pendingGrants.splice(0)) core.grantPath(path);
    if (this.#visible !== null) core.setWindowVisible(this.#visible);
    this.#open(core);
  }

  /** The accounts with a key are open: their calls go through from now on. */
  accountsOpen(): void {
    this.#accountsOpen();
  }

  /** The core (or its accounts) could not start: every waiting call fails with its error. */
  fail(error: unknown): void {
    this.#fail(error);
    this.#accountsFail(error);
  }

  readonly dispatch: Dispatch = (method, input, accountId) => {
    // An account's call before its session is open would get the signed-out answer: it waits.
    if (isMethodName(method) && isAccountMethod(method)) return this.#ready.then(async (core) => (await this.#accountsReady, core.dispatch(method, input, accountId)));
    const answer = this.#ready.then((core) => core.dispatch(method, input, accountId));
    if (this.#core) return answer;
    // Asked before the core was there: the window is waiting for it (answeredWaiting).
    this.#waitingAppCalls.add(answer);
    const done = (): void => void this.#waitingAppCalls.delete(answer);
    answer.then(done, done);
    return answer;
  };

  /**
   * Settles once the app calls that came before the core was there are answered: the shell
   * opens the accounts after them, so what the window already asked (its first screen) is not
   * answered after the accounts' databases, sync and watch folders.
   */
  async answeredWaiting(): Promise<void> {
    await Promise.allSettled([...this.#waitingAppCalls]);
  }

  grantPath(path: string): void {
    if (this.#core) this.#core.grantPath(path);
    else this.#pendingGrants.push(path);
  }

  setWindowVisible(visible: boolean): void {
    if (this.#core) this.#core.setWindowVisible(visible);
    else this.#visible = visible;
  }

  /** The core's logger once it is there; before, the console (the log file is the core's). */
  readonly logger: Logger = {
    debug: (message, fields) => this.#logger().debug(message, fields),
    info: (message, fields) => this.#logger().info(message, fields),
    warn: (message, fields) => this.#logger().warn(message, fields),
    error: (message, fields) => this.#logger().error(message, fields),
  };

  #logger(): Logger {
    return this.#core?.logger ?? CONSOLE;
  }
}

const CONSOLE: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: (message, fields) => console.warn(message, fields ?? {}),
  error: (message, fields) => console.error(message, fields ?? {}),
};
