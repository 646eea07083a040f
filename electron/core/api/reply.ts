// Reading the service's replies: what a reply means (interpret.ts), which failures are worth
// sending again, and every failure as a ServiceError.
import type { ErrorCode } from '../../../shared/errors.ts';
import { ServiceError, type FailureKind } from './errors.ts';
import { DeadlineExceeded, TransportError } from './http.ts';

export { interpret, ServiceFailure } from './interpret.ts';

/** Failures worth sending again (for an operation that is safe to repeat). */
export function isTransient(error: unknown): boolean {
  if (error instanceof TransportError) return error.failure === 'network';
  return error instanceof ServiceError && error.kind === 'gateway';
}

const TRANSPORT_KINDS: Record<TransportError['failure'], FailureKind> = {
  network: 'network',
  timeout: 'timeout',
  too_large: 'too_large',
  redirect: 'redirect',
  aborted: 'local',
};

export function toServiceError(op: string, error: unknown): ServiceError {
  if (error instanceof ServiceError) return error;
  // The deadline can also end a wait between two attempts.
  if (error instanceof DeadlineExceeded) {
    return new ServiceError('offline', `The service could not be reached: it gave ${error.message}.`, { kind: 'timeout', operation: op, retryable: true, cause: error });
  }
  if (error instanceof TransportError) {
    if (error.failure === 'aborted') {
      return new ServiceError('internal', 'The request was cancelled.', { kind: 'local', operation: op, retryable: true, cause: error });
    }
    const code: ErrorCode = error.failure === 'network' || error.failure === 'timeout' ? 'offline' : 'server';
    const message =
      code === 'offline' ? `The service could not be reached: ${error.message}` : `The service's reply was refused: ${error.message}`;
    return new ServiceError(code, message, { kind: TRANSPORT_KINDS[error.failure], operation: op, retryable: code === 'offline', cause: error });
  }
  return new ServiceError('internal', 'Something went wrong inside Vidlift while talking to the service.', { kind: 'local', operation: op, cause: error });
}
