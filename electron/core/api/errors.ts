// The client's one error class, and the shape of what a service error means (each row of
// operations.ts states its own meaning).
//
// The service answers EVERY failure with HTTP 500 and `{message, status}` (spec 7), and its
// message text is not a stable enumeration: the client must not branch on it. So the
// meaning of a well-formed service error is decided from what the client knows about the
// request instead (the operation, its input, and a few cheap facts it can find out for
// itself), with the server's message kept for the person to read.
import { AppError, errorLeadWithService, type ErrorCode } from '../../../shared/errors.ts';
import { mapSaidText, type Said } from '../../../shared/said.ts';

/**
 * How a request failed, below the level of the app's error codes:
 * - `service`: a well-formed service error body (`{message, status}`);
 * - `network`: refused, reset, DNS, closed mid-reply; nothing usable came back;
 * - `timeout`: the overall deadline passed (a silent or dripping server);
 * - `too_large`: the reply went over the response-size cap;
 * - `gateway`: a 5xx reply that is not the service's JSON (an HTML proxy page);
 * - `bad_reply`: a reply that is not JSON or does not match the operation's schema;
 * - `redirect`: a redirect the client refuses to follow (https→http, too many, a body across origins);
 * - `local`: refused before anything was sent (missing key, invalid input, unreadable file).
 */
export type FailureKind = 'service' | 'network' | 'timeout' | 'too_large' | 'gateway' | 'bad_reply' | 'redirect' | 'local';

export class ServiceError extends AppError {
  readonly kind: FailureKind;
  /** The operations.ts row the request was for (null: not one operation's). */
  readonly operation: string | null;
  /** The service's own message, verbatim, when it sent one (never branch on its text). */
  readonly serviceMessage: string | null;

  /** `said`: what a person reads (a string only for words that are not ours to code, as AppError takes it). */
  constructor(
    code: ErrorCode,
    said: Said | string,
    details: { kind: FailureKind; operation?: string | null; serviceMessage?: string | null; retryable?: boolean; cause?: unknown },
  ) {
    super(code, said, { ...(details.retryable === undefined ? {} : { retryable: details.retryable }), cause: details.cause });
    this.name = 'ServiceError';
    this.kind = details.kind;
    this.operation = details.operation ?? null;
    this.serviceMessage = details.serviceMessage ?? null;
  }
}

/** The same error with the service's words passed through `redact` (secrets it echoed back), in what is said too. */
export function redactServiceError(error: ServiceError, redact: (text: string) => string): ServiceError {
  const said = mapSaidText(error.said, redact);
  const serviceMessage = error.serviceMessage === null ? null : redact(error.serviceMessage);
  if (JSON.stringify(said) === JSON.stringify(error.said) && serviceMessage === error.serviceMessage) return error;
  return new ServiceError(error.code, said, { kind: error.kind, operation: error.operation, serviceMessage, retryable: error.retryable, cause: error.cause });
}

export function isServiceError(value: unknown): value is ServiceError {
  return value instanceof ServiceError;
}

/** Network-level failures: the only outcomes that say the service could not be reached. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof ServiceError && (error.kind === 'network' || error.kind === 'timeout');
}

// ---------------------------------------------------------------------------------------
// The shape of an error meaning: each row of operations.ts carries one.

/**
 * Facts the client can establish for itself after a service error, without reading the
 * message. Each one is either a local count or one extra read-only request.
 */
export interface ErrorFacts {
  /** Operation 1 with the same key also failed with a service error: the key is refused. */
  keyRefused?: boolean;
  /** Operation 15 answered for the video the request named (false: it failed too). */
  videoExists?: boolean;
  /** The folder the request named is in the service's folder tree (operation 13). */
  folderExists?: boolean;
  /** Free remote-upload slots (operation 10) right after the error. */
  freeSlots?: number;
  /** The per-minute window (thumbnail-window.ts) was already full when this one was sent. */
  overRateLimit?: boolean;
}

/** What the client finds out before deciding (besides the key check every operation but 1 gets). */
export type FactCheck = 'video' | 'folder' | 'slots' | 'rate';

export interface ErrorMeaning {
  checks: readonly FactCheck[];
  /** The code of a well-formed service error for this operation, given the facts. */
  decide(facts: ErrorFacts, input: Record<string, unknown>): ErrorCode;
  /** Why, in words (kept next to the rule so the table documents itself). */
  why: string;
}

/** One row's error meaning (operations.ts). */
export function meaning(why: string, decide: ErrorMeaning['decide'], checks: readonly FactCheck[] = []): ErrorMeaning {
  return { why, decide, checks };
}

/**
 * The two messages the spec itself quotes. They are hints that shortcut the extra checks,
 * never the only way to reach a code: the rows' meanings decide on its own when the text differs.
 */
export const QUOTED_MESSAGE_HINTS: ReadonlyMap<string, ErrorCode> = new Map([
  ['invalid api key', 'unauthorized'],
  ['file not found', 'not_found'],
]);

export function hintFromMessage(message: string): ErrorCode | undefined {
  return QUOTED_MESSAGE_HINTS.get(message.trim().toLowerCase());
}

export function serviceErrorFor(operation: string, code: ErrorCode, serviceMessage: string): ServiceError {
  return new ServiceError(code, errorLeadWithService(code, serviceMessage), {
    kind: 'service',
    operation,
    serviceMessage,
    // A refused input stays refused; a quota frees up later, but not by retrying at once.
    retryable: code === 'rate_limited' || code === 'server',
  });
}
