// Serves the contract for any transport (Electron IPC in electron/main, the loopback
// WebSocket in test/harness): parses every input with its schema, runs the handler,
// shapes the output through its schema (unknown fields are stripped, so nothing the
// contract does not name can reach the renderer) and answers with the envelope.
import { z } from 'zod';
import { isMethodName, methods, type HandlerOutput, type MethodName, type MethodOutput, type ParsedInput } from '../../../shared/contract.ts';
import { AppError, type Envelope, type ErrorShape } from '../../../shared/errors.ts';

/** The handler table: one function per contract method. A missing or extra key fails to compile. */
export type Handlers = {
  [M in MethodName]: (input: ParsedInput<M>) => Promise<HandlerOutput<M>> | HandlerOutput<M>;
};

export type Dispatch = (method: unknown, input: unknown) => Promise<Envelope<unknown>>;

export interface DispatchOptions {
  /** Where unexpected failures are reported (never the input: it may carry paths or keys). */
  onInternalError?: (method: string, error: unknown) => void;
}

export function createDispatcher(handlers: Handlers, options: DispatchOptions = {}): Dispatch {
  return async (method, input) => {
    if (!isMethodName(method)) {
      return failure({ code: 'validation', message: 'Unknown method.', retryable: false });
    }
    return invoke(handlers, method, input, options);
  };
}

async function invoke<M extends MethodName>(
  handlers: Handlers,
  method: M,
  rawInput: unknown,
  options: DispatchOptions,
): Promise<Envelope<MethodOutput<M>>> {
  const schema = methods[method];
  const parsed = schema.input.safeParse(rawInput);
  if (!parsed.success) {
    return failure({ code: 'validation', message: describeIssues(parsed.error), retryable: false });
  }
  try {
    const handler = handlers[method] as (input: unknown) => unknown;
    const result = await handler(parsed.data);
    const shaped = schema.output.safeParse(result);
    if (!shaped.success) {
      throw new Error(`${method} returned a result outside its contract: ${describeIssues(shaped.error)}`);
    }
    return { ok: true, data: shaped.data as MethodOutput<M> };
  } catch (error) {
    if (error instanceof AppError) return failure(error.toShape());
    options.onInternalError?.(method, error);
    return failure({ code: 'internal', message: 'Something went wrong inside Vidlift. The log has the details.', retryable: false });
  }
}

function failure(error: ErrorShape): { ok: false; error: ErrorShape } {
  return { ok: false, error };
}

/** One readable sentence for the person, naming the first few fields that are wrong. */
export function describeIssues(error: z.ZodError): string {
  const parts = error.issues.slice(0, 3).map((issue) => {
    const where = issue.path.length > 0 ? issue.path.map(String).join('.') : 'input';
    return `${where}: ${issue.message}`;
  });
  const more = error.issues.length > 3 ? ` (and ${error.issues.length - 3} more)` : '';
  return `Invalid request. ${parts.join('; ')}${more}`;
}

export type { HandlerOutput, ParsedInput };
