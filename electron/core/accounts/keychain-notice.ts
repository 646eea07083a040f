// What the start says about the accounts' keys: whether the keychain answers for the shown
// account (a startup notice with what to do), and an older version's single account taken
// over as the first account, which waits for the next start when the keychain cannot answer.
import type { RedactingLogger } from '../log/redacting.ts';
import type { StartupNotices } from '../startup/notices.ts';
import { keychainUnavailable } from '../startup/notice-texts.ts';
import { saidOfError } from '../../../shared/errors.ts';
import type { AuthService } from './key-check.ts';
import type { AccountRegistry } from './registry.ts';

/** The startup notice about the keychain: whether the shown account's key can be read. */
export class KeychainNotice {
  readonly #notices: StartupNotices;
  readonly #auth: AuthService;

  constructor(notices: StartupNotices, auth: AuthService) {
    this.#notices = notices;
    this.#auth = auth;
  }

  async check(): Promise<void> {
    // No account to read a key for: the older version's account (if any) said its own verdict when it was taken over.
    if (!this.#auth.accounts.active()) return;
    try {
      await this.#auth.getKey();
      this.#notices.clear('keychain-unavailable');
    } catch (error) {
      // No usable keychain: no account can open; the window says why and what to do.
      this.#notices.add(keychainUnavailable(saidOfError(error)));
    }
  }
}

/** An older version's single account becomes the first account; a keychain that cannot answer leaves it for the next start. */
export async function adoptOlderSingleAccount(accounts: AccountRegistry, notices: StartupNotices, logger: RedactingLogger): Promise<void> {
  try {
    await accounts.adoptSingleAccount();
  } catch (error) {
    logger.warn('the account of an older version could not be taken over yet', { error });
    notices.add(keychainUnavailable(saidOfError(error)));
  }
}
