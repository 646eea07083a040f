// The refusal of an account another process has open (lock.ts takes the lock). A file of its
// own: the session pool tells this refusal from others without loading the lock's package,
// which comes with an account's parts (issue 33: not before the window's first answers).
import { AppError } from '../../../shared/errors.ts';
import { said } from '../../../shared/said.ts';

export class AccountInUseError extends AppError {
  constructor() {
    super('unavailable', said('account_in_use_elsewhere'), { retryable: true });
    this.name = 'AccountInUseError';
  }
}
