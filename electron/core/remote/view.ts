// The RemoteView the renderer gets (shared/model.ts), built from the stored rows.
import type { RemoteItem, RemoteView, Slots } from '../../../shared/model.ts';
import { isRemoteActive } from '../api/wire.ts';
import type { RemoteRow } from './store.ts';
import type { ImportedVideo } from './imported-video.ts';
import { suspectImport } from './suspect-import.ts';

export type VideoFinder = (row: RemoteRow) => ImportedVideo | null;

export function toRemoteItem(row: RemoteRow, findVideo: VideoFinder = () => null): RemoteItem {
  const video = findVideo(row);
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
    video,
    suspect: suspectImport(row, video?.name ?? null),
  };
}

export function buildRemoteView(rows: readonly RemoteRow[], slots: Slots | null, waitingLocally: number, findVideo?: VideoFinder): RemoteView {
  return { items: rows.map((row) => toRemoteItem(row, findVideo)), slots, waitingLocally };
}
