// The renderer's typed client for the IPC contract. Everything the window does goes through
// here: `call` unwraps the envelope into its data or throws an AppError, so views and
// managers switch on `error.code` and never parse messages.
// It also holds the account the window SHOWS (the core keeps no current account for calls):
// it names that account on every account-scoped call, and hands listeners the account-scoped
// events of that account only (onAnyAccount hears every account's, for badges). It learns
// which account is shown from what the core reports about the accounts (shownAccountIn).
import type { EventName, EventPayload, InvokeArgs, DropOptions, MethodName, MethodOutput, WindowApi } from '../../../shared/contract.ts';
// The scopes without the schemas: the window never parses one (main checks every payload), so zod stays out of its bundle.
import { isAccountEvent, isAccountMethod } from '../../../shared/contract-names.ts';
import { AppError, errorLead, isAppError } from '../../../shared/errors.ts';

/**
 * Which account is shown, as an answer or event names it: every reply that is the accounts
 * view (accounts:list, :add, :switch, sandbox:start…) carries the window's preference as
 * `activeId`, so the shape says it, not a list of methods to keep in step with the contract.
 * undefined: the payload does not say.
 */
function shownAccountIn(payload: unknown): string | null | undefined {
  if (typeof payload !== 'object' || payload === null || !('activeId' in payload) || !('accounts' in payload)) return undefined;
  const { activeId, accounts } = payload;
  if (!Array.isArray(accounts) || (activeId !== null && typeof activeId !== 'string')) return undefined;
  return activeId;
}

/** The events whose payload is the accounts view. */
const ACCOUNTS_VIEW_EVENTS = ['accounts:changed'] as const satisfies readonly EventName[];

/** Where the bridge comes from: window.api in the app, a stand-in in component tests. */
export type BridgeSource = () => WindowApi | undefined;

export class ApiClient {
  readonly #source: BridgeSource;
  #shown: string | null = null;
  #following: WindowApi | null = null;

  constructor(source: BridgeSource) {
    this.#source = source;
  }

  /** The account the window shows (null: none yet, or signed out). */
  get shownAccount(): string | null {
    return this.#shown;
  }

  #learn(accountId: string | null | undefined): void {
    if (accountId !== undefined) this.#shown = accountId;
  }

  /** Follows the events that name the shown account, before any listener of the window hears them. */
  #follow(bridge: WindowApi): void {
    if (this.#following === bridge) return;
    this.#following = bridge;
    for (const event of ACCOUNTS_VIEW_EVENTS) bridge.on(event, (payload) => this.#learn(shownAccountIn(payload)));
  }

  #bridge(): WindowApi {
    const bridge = this.#source();
    // Without the preload (a page opened outside the app) nothing can work: say it once, in the
    // person's language (error_internal and its next step, "restart Vidlift"; codes.json is not the window's).
    if (!bridge) throw new AppError('internal', errorLead('internal'), { retryable: false });
    return bridge;
  }

  async call<M extends MethodName>(method: M, ...args: InvokeArgs<M>): Promise<MethodOutput<M>> {
    return this.#send<MethodOutput<M>>((bridge) => {
      const invoker = bridge[method] as unknown as (...a: unknown[]) => Promise<unknown>;
      // An account-scoped call names the shown account, in rclone's `remote:` manner.
      return isAccountMethod(method) ? invoker(args[0], this.#shown) : invoker(...args);
    });
  }

  /** Sends one message over the bridge and unwraps its envelope; learns the shown account from the answer. */
  async #send<T>(send: (bridge: WindowApi) => Promise<unknown>): Promise<T> {
    const bridge = this.#bridge();
    let envelope: unknown;
    try {
      this.#follow(bridge);
      envelope = await send(bridge);
    } catch (cause) {
      // The bridge itself failed (the main process went away, a harness socket closed).
      if (isAppError(cause)) throw cause;
      throw new AppError('internal', errorLead('internal'), { cause });
    }
    const data = unwrap<T>(envelope);
    this.#learn(shownAccountIn(data));
    return data;
  }

  /** An event; an account-scoped one only when it is about the account shown. */
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
    if (!isAccountEvent(event)) return this.onAnyAccount(event, (payload) => listener(payload));
    return this.onAnyAccount(event, (payload, accountId) => {
      if (accountId === this.#shown) listener(payload);
    });
  }

  /** An event of any account, with the account it is about (null: the app's own): the switcher's badges. */
  onAnyAccount<E extends EventName>(event: E, listener: (payload: EventPayload<E>, accountId: string | null) => void): () => void {
    const bridge = this.#source();
    if (!bridge) return () => {};
    this.#follow(bridge);
    return bridge.on(event, (payload, accountId) => listener(payload, accountId ?? null));
  }

  /**
   * Queues Files the person dropped, in one preload call into the shown account: main reads
   * their real paths and adds them (uploads:add's answer), with no grant per file before.
   */
  async dropFiles(files: readonly File[], options: DropOptions): Promise<MethodOutput<'uploads:add'>> {
    return this.#send<MethodOutput<'uploads:add'>>((bridge) => bridge.dropFiles(files, options, this.#shown));
  }

  /** The local path of a dropped or picked File (also grants it to the main process). */
  pathForFile(file: File): string {
    return this.#bridge().pathForFile(file);
  }
}

export function unwrap<T>(envelope: unknown): T {
  if (typeof envelope === 'object' && envelope !== null && 'ok' in envelope) {
    const e = envelope as { ok: boolean; data?: unknown; error?: { code: string; message: string; retryable: boolean } };
    if (e.ok) return e.data as T;
    if (e.error) return throwShape(e.error);
  }
  throw new AppError('internal', errorLead('internal'), { retryable: false });
}

function throwShape(shape: { code: string; message: string; retryable: boolean }): never {
  throw AppError.fromShape(shape as Parameters<typeof AppError.fromShape>[0]);
}

/** Anything thrown, as an AppError (bugs in the renderer become `internal`). */
export function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new AppError('internal', message || errorLead('internal'), { retryable: false, cause: error });
}

// Read through globalThis so this module also typechecks where the window.api declaration
// (env.d.ts) is not in scope, as in the node-side component tests.
export const api = new ApiClient(() => (globalThis as { api?: WindowApi }).api);
