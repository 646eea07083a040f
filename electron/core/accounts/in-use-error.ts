// The refusal of an account another process has open (lock.ts takes the lock). A file of its
// own: the session pool tells this refusal from others without loading the lock's package,
// which comes with an account's parts (issue 33: not before the window's first answers).
import { AppError } from '../../../shared/errors.ts';

export class AccountInUseError extends AppError {
  constructor() {
    super(
      'unavailable',
      'This account is open in another Vidlift (the app or the command line) on this computer. Quit that one first: one upload queue, one sender, so no file is sent twice.',
      { retryable: true },
    );
    this.name = 'AccountInUseError';
  }
}
