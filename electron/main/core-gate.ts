// The window opens before the core has started (issue 33: nothing slow between app.whenReady
// and loadURL): the core opens each account's database, its sync and its watch folders while
// the renderer loads and paints. What the window and the shell ask of the core meanwhile waits
// here: a call is answered once the core is there, a path granted by a drop is granted then,
// the window's visibility is handed over, and what is logged goes to the core's log.
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
  readonly #ready: Promise<GatedCore>;
  #open!: (core: GatedCore) => void;
  #fail!: (error: unknown) => void;

  constructor() {
    this.#ready = new Promise<GatedCore>((resolve, reject) => {
      this.#open = resolve;
      this.#fail = reject;
    });
    // A core that failed to start is reported by the shell's start (index.ts); the calls
    // waiting here reject with it, and no one else needs to hear of it.
    this.#ready.catch(() => undefined);
  }

  /** The core started: what waited is handed over, in the order it came. */
  open(core: GatedCore): void {
    this.#core = core;
    for (const path of this.#pendingGrants.splice(0)) core.grantPath(path);
    if (this.#visible !== null) core.setWindowVisible(this.#visible);
    this.#open(core);
  }

  /** The core could not start: every waiting call fails with its error. */
  fail(error: unknown): void {
    this.#fail(error);
  }

  readonly dispatch: Dispatch = async (method, input, accountId) => (await this.#ready).dispatch(method, input, accountId);

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
