// The app's error vocabulary, shared by main and renderer. Every IPC call that fails
// answers with one of these codes; the renderer switches on `code`, never on `message`
// (the service's own messages are not stable, see spec section 7). What a person reads is
// `said`: a code with params (shared/said.ts), worded by the window, the CLI or the shell through
// shared/i18n/say.ts; `message` is that said thing in English, for logs and the stack only.
import { asSaid, said, type Said, type SaidCode } from './said.ts';
import { sayInEnglish } from './i18n/say-english.ts';

export const ERROR_CODES = [
  'offline', // the service or file server could not be reached
  'unauthorized', // the API key is missing, wrong or revoked
  'not_found',
  'rate_limited',
  'validation', // the input (IPC payload, local file, service-side check) was refused
  'limit_reached', // a quota of the service (queue capacity, copies, slots)
  'server', // the service answered with an error we cannot classify further
  'unavailable', // the service cannot do this yet (pending deployment fix) or no keychain
  'internal', // a bug on our side
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * What each code means, as said codes: `lead` is one sentence, the window's words for an error
 * that came without any (lib/format.ts) and why a link could not be checked; `withService` is
 * that sentence followed by what the service said, verbatim (a service error, api/errors.ts).
 */
export const ERROR_LEADS = {
  offline: { lead: 'error_offline', withService: 'error_offline_service_said' },
  unauthorized: { lead: 'error_unauthorized', withService: 'error_unauthorized_service_said' },
  not_found: { lead: 'error_not_found', withService: 'error_not_found_service_said' },
  rate_limited: { lead: 'error_rate_limited', withService: 'error_rate_limited_service_said' },
  validation: { lead: 'error_validation', withService: 'error_validation_service_said' },
  limit_reached: { lead: 'error_limit_reached', withService: 'error_limit_reached_service_said' },
  server: { lead: 'error_server', withService: 'error_server_service_said' },
  unavailable: { lead: 'error_unavailable', withService: 'error_unavailable_service_said' },
  internal: { lead: 'error_internal', withService: 'error_internal_service_said' },
} as const satisfies Record<ErrorCode, { lead: SaidCode; withService: SaidCode }>;

/** What an error code means, in one sentence. */
export function errorLead(code: ErrorCode): Said {
  return said(ERROR_LEADS[code].lead);
}

/** What an error code means, then what the service said about it (verbatim; its words are not ours to code). */
export function errorLeadWithService(code: ErrorCode, serviceMessage: string): Said {
  const detail = serviceMessage.trim();
  return detail === '' ? errorLead(code) : said(ERROR_LEADS[code].withService, { detail });
}

export interface ErrorShape {
  code: ErrorCode;
  /** The said thing in English, for logs; a person reads `said` in their language. */
  message: string;
  /** What a person reads, as a code with params (absent in shapes from before issue 30). */
  said?: Said;
  /** Whether trying the same thing again later can succeed. */
  retryable: boolean;
}

const RETRYABLE_BY_DEFAULT: ReadonlySet<ErrorCode> = new Set(['offline', 'rate_limited', 'server']);

export class AppError extends Error implements ErrorShape {
  readonly code: ErrorCode;
  readonly said: Said;
  readonly retryable: boolean;

  /**
   * `said` is what a person reads. A string is only for text that is not ours to code (the
   * service's own message, a schema's issues): it travels as `as_written`. The lint check
   * (test/security/said-scan.ts) refuses a sentence written at a throw site in electron/core.
   */
  constructor(code: ErrorCode, said: Said | string, options?: { retryable?: boolean; cause?: unknown }) {
    const spoken: Said = typeof said === 'string' ? { code: 'as_written', params: { text: said } } : said;
    super(sayInEnglish(spoken), options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.said = spoken;
    this.retryable = options?.retryable ?? RETRYABLE_BY_DEFAULT.has(code);
  }

  toShape(): ErrorShape {
    return { code: this.code, message: this.message, said: this.said, retryable: this.retryable };
  }

  static fromShape(shape: ErrorShape): AppError {
    return new AppError(shape.code, saidOf(shape), { retryable: shape.retryable });
  }
}

/** What a person reads of an error shape: its said thing, or (a shape from before codes) its message as written. */
export function saidOf(shape: Pick<ErrorShape, 'message' | 'said'>): Said {
  return (shape.said && asSaid(shape.said)) ?? { code: 'as_written', params: { text: shape.message } };
}

/** What a person reads of anything thrown: an AppError's said thing, else the error's words as written. */
export function saidOfError(error: unknown): Said {
  if (error instanceof AppError) return error.said;
  return { code: 'as_written', params: { text: error instanceof Error ? error.message : String(error) } };
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/** The service could not be reached: the work is kept and tried again when it answers. */
export function isOffline(value: unknown): value is AppError {
  return value instanceof AppError && value.code === 'offline';
}

/** The IPC result envelope: a thrown Error would lose everything but its message across IPC. */
export type Envelope<T> = { ok: true; data: T } | { ok: false; error: ErrorShape };
