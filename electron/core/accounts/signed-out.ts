// What the account methods answer while no account is open (a fresh install, no key, no
// keychain, a library that could not be opened). Reads of a view that simply has nothing in
// it yet answer that empty view: the shell and the renderer can show "no uploads" without
// treating a normal state as an error. Everything else still needs an account and is refused
// with the reason (SessionPool.refuse).
import { EMPTY_UPLOAD_TOTALS, type Connection, type UploadTotals } from '../../../shared/model.ts';
import { emptyUploadCounts, type UploadsQuery, type UploadsView } from '../../../shared/upload-queue.ts';
import type { AccountHandlers } from '../rpc/dispatch.ts';

export const NO_UPLOADS: Readonly<UploadTotals> = Object.freeze({ ...EMPTY_UPLOAD_TOTALS });

export function emptyUploadsView(query?: UploadsQuery): UploadsView {
  return { jobs: [], counts: emptyUploadCounts(), totals: { ...NO_UPLOADS }, paused: false, waiting: null, filter: query?.filter ?? 'all', offset: query?.offset ?? 0, total: 0 };
}

/** No account open: no connection to speak of. */
export function unknownConnection(): Connection {
  return { state: 'unknown', since: Date.now(), reason: null, nextAttemptAt: null };
}

export const SIGNED_OUT_ANSWERS: Partial<AccountHandlers> = {
  'uploads:list': (query) => emptyUploadsView(query),
  'watch:status': () => ({ folders: [] }),
  'connection:get': () => unknownConnection(),
  'connection:check': () => unknownConnection(),
  // The sidebar's health counts and the Takedowns view: nothing known, nothing dead.
  'links:health': () => ({ counts: { alive: 0, takenDown: 0, gone: 0 }, items: [], total: 0 }),
  'links:takedowns': () => ({ items: [], total: 0, readAt: null }),
  'links:map': () => ({ items: [], total: 0 }),
};
