// Reading the service's replies: what a reply means (interpret.ts), which failures are worth
// sending again, and every failure as a ServiceError.
import type { ErrorCode } from '../../../shared/errors.ts';
import { said } from '../../../shared/said.ts';
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
    return new ServiceError('offline', said('service_not_reached_deadline', { seconds: error.seconds }), { kind: 'timeout', operation: op, retryable: true, cause: error });
  }
  if (error instanceof TransportError) {
    if (error.failure === 'aborted') {
      return new ServiceError('internal', said('request_cancelled'), { kind: 'local', operation: op, retryable: true, cause: error });
    }
    const code: ErrorCode = error.failure === 'network' || error.failure === 'timeout' ? 'offline' : 'server';
    const why = code === 'offline' ? said('service_not_reached', { reason: error.said }) : said('service_reply_refused', { reason: error.said });
    return new ServiceError(code, why, { kind: TRANSPORT_KINDS[error.failure], operation: op, retryable: code === 'offline', cause: error });
  }
  return new ServiceError('internal', said('service_talk_failed'), { kind: 'local', operation: op, cause: error });
}
