// The app's error vocabulary, shared by main and renderer. Every IPC call that fails
// answers with one of these codes; the renderer switches on `code`, never on `message`
// (the service's own messages are not stable, see spec section 7).

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
 * What each code means, in one sentence: the lead of a service error's message in the core
 * (api/errors.ts) and the window's words for an error that came without one (lib/format.ts).
 */
export const ERROR_LEADS: Readonly<Record<ErrorCode, string>> = {
  offline: 'The service could not be reached.',
  unauthorized: 'The service refused the API key.',
  not_found: 'The service could not find it.',
  rate_limited: 'Too many attempts for now; try again in a minute.',
  validation: 'The service refused the request.',
  limit_reached: 'A limit of the service was reached.',
  server: 'The service had a problem.',
  unavailable: 'The service cannot do this yet.',
  internal: 'Something went wrong inside Vidlift.',
};

export interface ErrorShape {
  code: ErrorCode;
  /** A sentence a person can read; may carry the service's own message. */
  message: string;
  /** Whether trying the same thing again later can succeed. */
  retryable: boolean;
}

const RETRYABLE_BY_DEFAULT: ReadonlySet<ErrorCode> = new Set(['offline', 'rate_limited', 'server']);

export class AppError extends Error implements ErrorShape {
  readonly code: ErrorCode;
  readonly retryable: boolean;

  constructor(code: ErrorCode, message: string, options?: { retryable?: boolean; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.retryable = options?.retryable ?? RETRYABLE_BY_DEFAULT.has(code);
  }

  toShape(): ErrorShape {
    return { code: this.code, message: this.message, retryable: this.retryable };
  }

  static fromShape(shape: ErrorShape): AppError {
    return new AppError(shape.code, shape.message, { retryable: shape.retryable });
  }
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
