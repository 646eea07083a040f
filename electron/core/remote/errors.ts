// How remote imports read a failure: `offline` (shared/errors.ts) means the service was not
// reached, an error that is not an AppError means we cannot tell; anything else is the
// service's answer.
import { AppError, isOffline } from '../../../shared/errors.ts';

/** Not an AppError: an abort on stop(), or a bug. Either way we did not hear the service's answer. */
export function isUnanswered(error: unknown): boolean {
  return !(error instanceof AppError) || isOffline(error);
}

export function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
