// The four queue actions (operation 9) and what each one changes on this side. Rows that
// never reached the service (refused ones) are only ours, so the actions cover them too:
// "retry failed" sends them again, the deletes drop them.
import type { ServiceApi } from '../api/service-api.ts';
import { describe, isUnanswered } from './errors.ts';
import type { QueuedActionName, RemoteStore } from './store.ts';
import type { Logger } from '../log/logger.ts';

export type RemoteActionName = QueuedActionName;

/** Mirrors the action on the stored rows at once; returns how many rows it changed. */
export function applyActionLocally(store: RemoteStore, action: RemoteActionName, id: string | null): number {
  switch (action) {
    case 'retry_failed':
      // The service's failed items flip to pending on its side; the refresh after shows it.
      return store.retryRefused();
    case 'delete_failed':
      return store.deleteFailed();
    case 'delete_inactive':
      return store.deleteInactive();
    case 'delete':
      return id === null ? 0 : store.deleteByRemoteId(id);
  }
}

export function actionRequest(action: RemoteActionName, id: string | null): { action: RemoteActionName; id?: string } {
  return action === 'delete' && id !== null ? { action, id } : { action };
}

/**
 * Sends the actions queued while offline, in the order they were asked for. Stops at the
 * first network failure (the rest stay queued); an action the service refuses is dropped
 * and logged, since replaying it again would only be refused again. Returns how many were
 * handled either way (the caller then reads the whole list again).
 */
export async function replayQueuedActions(api: ServiceApi, store: RemoteStore, signal: AbortSignal, logger?: Logger): Promise<number> {
  let handled = 0;
  for (const queued of store.queuedActions()) {
    try {
      await api.remoteAction(actionRequest(queued.action, queued.remoteId), { signal });
    } catch (error) {
      if (isUnanswered(error)) throw error;
      logger?.warn('remote: a queued action was refused by the service', { action: queued.action, error: describe(error) });
    }
    store.dropAction(queued.seq);
    handled++;
  }
  return handled;
}
