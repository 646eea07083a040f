// The renderer's typed client for the IPC contract. Everything the window does goes through
// here: `call` unwraps the envelope into its data or throws an AppError, so views and
// managers switch on `error.code` and never parse messages.
import type { EventName, EventPayload, InvokeArgs, MethodName, MethodOutput, WindowApi } from '../../../shared/contract.ts';
import { AppError, isAppError } from '../../../shared/errors.ts';

/** Where the bridge comes from: window.api in the app, a stand-in in component tests. */
export type BridgeSource = () => WindowApi | undefined;

export class ApiClient {
  readonly #source: BridgeSource;

  constructor(source: BridgeSource) {
    this.#source = source;
  }

  #bridge(): WindowApi {
    const bridge = this.#source();
    // Without the preload (a page opened outside the app) nothing can work: say it once, clearly.
    if (!bridge) throw new AppError('internal', 'Vidlift cannot reach its engine. Restart the app.', { retryable: false });
    return bridge;
  }

  async call<M extends MethodName>(method: M, ...args: InvokeArgs<M>): Promise<MethodOutput<M>> {
    const invoker = this.#bridge()[method] as unknown as (...a: unknown[]) => Promise<unknown>;
    let envelope: unknown;
    try {
      envelope = await invoker(...args);
    } catch (cause) {
      // The bridge itself failed (the main process went away, a harness socket closed).
      if (isAppError(cause)) throw cause;
      throw new AppError('internal', 'Vidlift lost contact with its engine. Restart the app if this keeps happening.', { cause });
    }
    return unwrap<MethodOutput<M>>(envelope);
  }

  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
    const bridge = this.#source();
    if (!bridge) return () => {};
    return bridge.on(event, listener);
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
  throw new AppError('internal', 'Vidlift received an answer it does not understand.', { retryable: false });
}

function throwShape(shape: { code: string; message: string; retryable: boolean }): never {
  throw AppError.fromShape(shape as Parameters<typeof AppError.fromShape>[0]);
}

/** Anything thrown, as an AppError (bugs in the renderer become `internal`). */
export function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new AppError('internal', message || 'Something went wrong inside Vidlift.', { retryable: false, cause: error });
}

// Read through globalThis so this module also typechecks where the window.api declaration
// (env.d.ts) is not in scope, as in the node-side component tests.
export const api = new ApiClient(() => (globalThis as { api?: WindowApi }).api);
