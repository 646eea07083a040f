// One process at a time per account: the desktop app and the command line may share the
// data folder, and an account's database holds its upload queue. Two upload engines on one
// queue would each restart the other's "running" jobs and could send a file twice, so the
// second process to open an account is refused in words instead (the first keeps going).
//
// proper-lockfile (npm's own lock, used by many CLIs) takes the lock with an atomic mkdir and
// refreshes its mtime while held, so a lock left by a crashed or killed process goes stale
// on its own after STALE_MS: a kill -9 never locks an account out for good.
import lockfile from 'proper-lockfile';
import { AccountInUseError } from './in-use-error.ts';

/**
 * The lock's refresh is a timer and two file-system calls that wake the core all day, in the
 * tray too (issue 33: at the library's default, every 5 s, it was the idle core's most frequent
 * timer). Every REFRESH_MS and stale after STALE_MS instead of 5 s and 10 s. What the lock
 * protects is unchanged: a live holder refreshes long before its lock goes stale, so a second
 * process is refused for as long as the first runs, and a holder that stalled past STALE_MS
 * still learns at its next refresh that its lock may have been taken (onCompromised) and stops.
 * What changes: a lock left by a killed process is taken over after up to 30 s instead of 10 s
 * (the pool tries again every 5 s and says why meanwhile), and a stall must last 30 s instead
 * of 10 s before a healthy holder gives its account up.
 */
const STALE_MS = 30_000;
const REFRESH_MS = STALE_MS / 2;

export interface AccountLock {
  release(): void;
}

/**
 * Locks the account whose database is `databaseFile` (the lock is `<file>.lock`, beside it).
 * Throws AccountInUseError when another live process holds it.
 */
export function lockAccount(databaseFile: string, onLost: (error: Error) => void): AccountLock {
  let release: () => void;
  try {
    release = lockfile.lockSync(databaseFile, {
      realpath: false,
      stale: STALE_MS,
      update: REFRESH_MS,
      // The lock was taken over or its folder removed: say so; never throw from a timer.
      onCompromised: onLost,
    });
  } catch (error) {
    if ((error as { code?: string }).code === 'ELOCKED') throw new AccountInUseError();
    throw error;
  }
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      try {
        release();
      } catch {
        // Already gone (compromised): nothing left to release.
      }
    },
  };
}
