// The RemoteView the renderer gets (shared/model.ts), built from the stored rows.
import type { RemoteItem, RemoteView, Slots } from '../../../shared/model.ts';
import { isRemoteActive } from '../api/wire.ts';
import type { RemoteRow } from './store.ts';

export function toRemoteItem(row: RemoteRow): RemoteItem {
  return {
    localId: row.localId,
    remoteId: row.remoteId,
    url: row.url,
    folderId: row.folderId,
    // Rows waiting here carry `waiting`, refused ones `failed`, the rest the service's word
    // as it came (an unknown one included).
    status: row.status,
    active: row.phase !== 'refused' && isRemoteActive(row.status),
    bytesDownloaded: row.bytesDownloaded,
    bytesTotal: row.bytesTotal,
    created: row.created,
    error: row.error,
  };
}

export function buildRemoteView(rows: readonly RemoteRow[], slots: Slots | null, waitingLocally: number): RemoteView {
  return { items: rows.map(toRemoteItem), slots, waitingLocally };
}
