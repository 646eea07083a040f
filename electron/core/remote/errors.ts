// How remote imports read a failure: `offline` means the service was not reached (or we
// cannot tell whether it was), anything else is the service's answer.
import { AppError } from '../../../shared/errors.ts';

export function isOffline(error: unknown): boolean {
  return error instanceof AppError && error.code === 'offline';
}

/** Not an AppError: an abort on stop(), or a bug. Either way we did not hear the service's answer. */
export function isUnanswered(error: unknown): boolean {
  return !(error instanceof AppError) || error.code === 'offline';
}

export function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
