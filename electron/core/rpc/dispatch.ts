// Serves the contract for any transport (Electron IPC in electron/main, the loopback
// WebSocket in test/harness): parses every input with its schema, routes an account-scoped
// call to the session of the account the request names (an app call to the app's table),
// runs the handler, shapes the output through its schema (unknown fields are stripped, so
// nothing the contract does not name can reach the renderer) and answers with the envelope.
import { z } from 'zod';
import { AccountId } from '../../../shared/accounts.ts';
import {
  isAccountMethod,
  isMethodName,
  methods,
  type AccountMethodName,
  type AppMethodName,
  type HandlerOutput,
  type MethodName,
  type MethodOutput,
  type ParsedInput,
} from '../../../shared/contract.ts';
import { AppError, type Envelope, type ErrorShape } from '../../../shared/errors.ts';
import { said } from '../../../shared/said.ts';

/** The handler table: one function per contract method. A missing or extra key fails to compile. */
export type Handlers = {
  [M in MethodName]: (input: ParsedInput<M>) => Promise<HandlerOutput<M>> | HandlerOutput<M>;
};

/** The methods of the app as a whole. */
export type AppHandlers = Pick<Handlers, AppMethodName>;
/** The methods of one account: what its open session (or the signed-out answers) serve. */
export type AccountHandlers = Pick<Handlers, AccountMethodName>;
/**
 * The handlers of the account a request names (null: none is shown). Throws the AppError of
 * an account that is unknown, or not open (accounts/routes.ts).
 */
export type AccountRoute = (accountId: string | null) => AccountHandlers;

/** `accountId`: the account an account-scoped call is for (string, or null for none); an app call carries none. */
export type Dispatch = (method: unknown, input: unknown, accountId?: unknown) => Promise<Envelope<unknown>>;

const REQUEST_ACCOUNT = AccountId.nullable();

export interface DispatchOptions {
  /** Where unexpected failures are reported (never the input: it may carry paths or keys). */
  onInternalError?: (method: string, error: unknown) => void;
}

export function createDispatcher(app: AppHandlers, account: AccountRoute, options: DispatchOptions = {}): Dispatch {
  return async (method, input, accountId) => {
    if (!isMethodName(method)) {
      return failure(new AppError('validation', said('rpc_unknown_method'), { retryable: false }).toShape());
    }
    if (!isAccountMethod(method)) {
      if (accountId !== undefined && accountId !== null) return failure(new AppError('validation', said('rpc_not_account_method'), { retryable: false }).toShape());
      return invoke(() => app[method], method, input, options);
    }
    const named = REQUEST_ACCOUNT.safeParse(accountId);
    if (!named.success) return failure(new AppError('validation', said('rpc_account_unnamed'), { retryable: false }).toShape());
    return invoke(() => account(named.data)[method], method, input, options);
  };
}

async function invoke<M extends MethodName>(
  handlerOf: () => unknown,
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
    // Inside the try: an unknown or closed account answers with its AppError.
    const handler = handlerOf() as (input: unknown) => unknown;
    const result = await handler(parsed.data);
    const shaped = schema.output.safeParse(result);
    if (!shaped.success) {
      throw new Error(`${method} returned a result outside its contract: ${describeIssues(shaped.error)}`);
    }
    return { ok: true, data: shaped.data as MethodOutput<M> };
  } catch (error) {
    if (error instanceof AppError) return failure(error.toShape());
    options.onInternalError?.(method, error);
    return failure(new AppError('internal', said('internal_see_log'), { retryable: false }).toShape());
  }
}

function failure(error: ErrorShape): { ok: false; error: ErrorShape } {
  return { ok: false, error };
}

/**
 * Sentences for the person, one per wrong field (the first three), each naming the field in
 * words: "The address must be an http or https address.", not "Invalid request. url: …".
 * The schemas' own messages are written to follow a field name (shared/model.ts).
 */
export function describeIssues(error: z.ZodError): string {
  const sentences = error.issues.slice(0, 3).map(issueSentence);
  const more = error.issues.length > 3 ? ` ${error.issues.length - 3} more ${error.issues.length - 3 === 1 ? 'value is' : 'values are'} wrong too.` : '';
  return `${sentences.join(' ')}${more}`;
}

/** What a field is called in a sentence; a path not listed reads as its last name, split into words. */
const FIELD_WORDS: Readonly<Record<string, string>> = {
  url: 'the address',
  urls: 'each address',
  baseUrl: 'the service’s address',
  key: 'the API key',
  'proxy.host': 'the proxy host',
  'proxy.port': 'the proxy port',
  'proxy.username': 'the proxy user name',
  'proxy.scheme': 'the proxy kind',
  name: 'the name',
  language: 'the language',
  folderId: 'the folder',
  id: 'the id',
  paths: 'each file',
  path: 'the file',
  seconds: 'the number of seconds',
};

function fieldWords(path: readonly PropertyKey[]): string {
  const names = path.filter((part): part is string => typeof part === 'string');
  if (names.length === 0) return 'the request';
  const joined = names.join('.');
  const last = names[names.length - 1]!;
  return FIELD_WORDS[joined] ?? FIELD_WORDS[last] ?? `the ${last.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()}`;
}

const capital = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
const ended = (text: string): string => (/[.!?]$/.test(text) ? text : `${text}.`);

function issueSentence(issue: z.core.$ZodIssue): string {
  const field = fieldWords(issue.path);
  const message = issue.message.trim();
  // Said of the value itself ("text cannot contain …"): said of the field instead.
  if (/^text\b/.test(message)) return ended(capital(message.replace(/^text\b/, field)));
  // A sentence of its own ("a folder id is a whole number …", "the proxy needs a host name").
  if (/^[a-z]/.test(message) && /\b(is|are|needs|need|cannot|must|has|have)\b/.test(message)) return ended(capital(message));
  // What the value should be ("an http or https address", "a port from 1 to 65535").
  if (/^(a|an|one of|at most|at least|between|a whole number)\b/i.test(message)) return ended(`${capital(field)} must be ${message}`);
  // Other words of a schema's own, lower-case ("only whole seconds"): after the field's name.
  if (/^[a-z]/.test(message) && !/^(invalid|too|expected|unrecognized)\b/i.test(message)) return ended(`${capital(field)}: ${message}`);
  // The schema library's own words ("Invalid input: expected string, received number").
  return ended(`${capital(field)} is not valid (${message.charAt(0).toLowerCase()}${message.slice(1)})`);
}

export type { HandlerOutput, ParsedInput };
