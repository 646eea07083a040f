// The four queue actions (operation 9) and what each one changes on this side. Rows that
// never reached the service (refused ones) are only ours, so the actions cover them too:
// "retry failed" sends them again, the deletes drop them. An action that cannot go at once
// waits in the account's outbox (library/outbox-kinds.ts, the `remote.*` kinds), which
// replays it, keeps it as refused when the service says no, and offers Retry and Discard.
import type { Outbox } from '../library/outbox/outbox.ts';
import type { RemoteActionName } from '../../../shared/model.ts';
import type { RemoteStore } from './store.ts';

export type { RemoteActionName };

/** What remote imports use of the account's outbox. */
export type RemoteActionOutbox = Pick<Outbox, 'queueRemoteAction' | 'unsentRemoteActions' | 'hasRemoteActions' | 'replay' | 'attachRemoteImports'>;

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
