// Brings the stored rows up to date with the service: operation 7 per item while only a
// few are active, operation 8 pages otherwise. An item is only dropped after two signals
// (missing from a complete listing, then its own status failing), so one bad reply never
// makes an import vanish.
import type { ServiceApi } from '../api/service-api.ts';
import type { ServiceRemoteItem } from '../api/schemas.ts';
import { isUnanswered } from './errors.ts';
import type { RemoteRow, RemoteStore } from './store.ts';

/** Up to this many active items, one status request each is cheaper than list pages. */
export const POLL_EACH_MAX = 5;
/** The sandbox host caps perPage at 50; the real service's maximum is not published. */
export const LIST_PAGE_SIZE = 50;
/** A bound on one listing, whatever `total` the service reports (5,000 items). */
export const MAX_LIST_PAGES = 100;
/** Status checks for items a complete listing did not show, per refresh. */
const MISSING_CHECKS_MAX = 20;
/** The status the row gets when the service never queued it (a link it copied at once). */
export const COPIED_STATUS = 'completed';

export interface RefreshOptions {
  /** Read every page: after an action, at start, after reconnecting. */
  complete: boolean;
  signal: AbortSignal;
}

export async function refreshFromService(api: ServiceApi, store: RemoteStore, options: RefreshOptions): Promise<void> {
  const active = store.activeRemote();
  const hasUncertain = store.uncertain().length > 0;
  let complete = options.complete || hasUncertain;
  if (!complete && active.length <= POLL_EACH_MAX) {
    if (active.length === 0) return;
    const failed = await pollEach(api, store, active, options.signal);
    if (failed === 0) return;
    // A status that failed: read the whole list before believing the item is gone.
    complete = true;
  }
  await readList(api, store, { complete, signal: options.signal }, new Set(active.map((row) => row.remoteId ?? '')));
}

/** Operation 7 per item; returns how many the service refused to describe. */
async function pollEach(api: ServiceApi, store: RemoteStore, rows: readonly RemoteRow[], signal: AbortSignal): Promise<number> {
  let failed = 0;
  for (const row of rows) {
    if (row.remoteId === null) continue;
    try {
      store.applyServiceItem(await api.remoteStatus({ id: row.remoteId }, { signal }));
    } catch (error) {
      if (isUnanswered(error)) throw error;
      failed++;
    }
  }
  return failed;
}

async function readList(
  api: ServiceApi,
  store: RemoteStore,
  options: RefreshOptions,
  wanted: ReadonlySet<string>,
): Promise<void> {
  const items: ServiceRemoteItem[] = [];
  const seen = new Set<string>();
  let reachedEnd = false;
  for (let page = 1; page <= MAX_LIST_PAGES; page++) {
    const reply = await api.remoteList({ page, perPage: LIST_PAGE_SIZE }, { signal: options.signal });
    for (const item of reply.list) {
      if (seen.has(item.id)) continue; // the list shifted under us between pages
      seen.add(item.id);
      items.push(item);
    }
    const pages = Math.ceil(reply.pagination.total / LIST_PAGE_SIZE);
    if (reply.list.length === 0 || page >= pages) {
      reachedEnd = true;
      break;
    }
    if (!options.complete && [...wanted].every((id) => seen.has(id))) break;
  }
  // Newest first on the wire; applied oldest first so rows for items queued elsewhere get
  // local ids in creation order, and an uncertain row adopts the earliest match.
  for (const item of items.reverse()) store.applyServiceItem(item);
  if (!reachedEnd) return;
  await settleMissing(api, store, seen, options.signal);
  store.releaseUncertain();
}

/** Active rows a complete listing did not show: ask for each one before deciding. */
async function settleMissing(api: ServiceApi, store: RemoteStore, seen: ReadonlySet<string>, signal: AbortSignal): Promise<void> {
  const missing = store.activeRemote().filter((row) => row.remoteId !== null && !seen.has(row.remoteId));
  for (const row of missing.slice(0, MISSING_CHECKS_MAX)) {
    try {
      store.applyServiceItem(await api.remoteStatus({ id: row.remoteId ?? '' }, { signal }));
    } catch (error) {
      if (isUnanswered(error)) throw error;
      // Never listed and not found: the service copied a known video link at once instead
      // of queueing it (spec 4, rule 4). Listed before and gone now: deleted elsewhere.
      if (row.listed) store.remove(row.localId);
      else store.setStatus(row.localId, COPIED_STATUS);
    }
  }
}
