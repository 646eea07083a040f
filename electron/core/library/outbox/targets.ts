// What the outbox's changes mean for the local library: a folder's or video's pending state
// and local values, recomputed from the changes left for it, and a folder created offline
// taking its real id. The outbox (outbox.ts) calls these inside its own transactions.
import type { OutboxItem, PendingState } from '../../../../shared/model.ts';
import type { Logger } from '../../log/logger.ts';
import { kindOf, type KindContext } from './kinds.ts';
import { folderTarget, type OutboxRow, type OutboxStore } from './store.ts';
import type { LibraryStore } from '../store.ts';

export type FolderIdListener = (tempId: number, realId: number) => void;

export interface ChangeScope {
  folders?: boolean;
  folderIds?: number[];
  thumbnails?: boolean;
}

/** Refused wins over sending, sending over pending: what the person most needs to see. */
function aggregate(items: readonly OutboxRow[]): PendingState | null {
  if (items.some((i) => i.state === 'refused')) return 'refused';
  if (items.some((i) => i.state === 'sending')) return 'sending';
  return items.length > 0 ? 'pending' : null;
}

export function toItem(row: OutboxRow, blocker: OutboxRow | null = null): OutboxItem {
  return {
    id: row.id,
    kind: row.kind,
    summary: kindOf(row.kind).summary(row.payload),
    state: row.state,
    error: row.error,
    createdAt: row.createdAt,
    target: row.target,
    blockedBy: blocker ? { id: blocker.id, summary: kindOf(blocker.kind).summary(blocker.payload), reason: blocker.error } : null,
  };
}

export class OutboxTargets {
  readonly #rows: OutboxStore;
  readonly #store: LibraryStore;
  readonly #logger: Logger;
  readonly #now: () => number;
  readonly #folderListeners = new Set<FolderIdListener>();

  constructor(rows: OutboxStore, store: LibraryStore, logger: Logger, now: () => number) {
    this.#rows = rows;
    this.#store = store;
    this.#logger = logger;
    this.#now = now;
  }

  onFolderIdAssigned(listener: FolderIdListener): () => void {
    this.#folderListeners.add(listener);
    return () => this.#folderListeners.delete(listener);
  }

  /** Recomputes a folder's or video's pending state and local values from the changes left. */
  refresh(target: string): void {
    const rows = this.#rows.forTarget(target);
    const state = aggregate(rows);
    const [type, key = ''] = target.split(/:(.*)/s);
    if (type === 'folder') {
      const id = Number(key);
      const rename = rows.filter((r) => r.kind === 'folder.rename').at(-1);
      this.#store.setFolderPending(id, state);
      this.#store.setFolderLocalName(id, rename ? String(rename.payload.name) : null);
    } else if (type === 'video') {
      const skip = rows.filter((r) => r.kind === 'video.skipIntro').at(-1);
      this.#store.setVideoPending(key, state);
      this.#store.setVideoLocalSkipIntro(key, skip ? Number(skip.payload.seconds) : null);
    }
  }

  /** Every target at once (the caller holds the transaction). */
  refreshAll(): void {
    for (const target of new Set(this.#rows.all().map((r) => r.target))) this.refresh(target);
  }

  assignFolderId(tempId: number, created: Parameters<KindContext['assignFolderId']>[1]): void {
    const previous = this.#store.getFolder(tempId);
    this.#store.assignFolderId(tempId, { ...created, files: previous?.files ?? 0, color: previous?.color ?? '' }, this.#now());
    this.#rows.retarget(folderTarget(tempId), folderTarget(created.id));
    for (const row of this.#rows.forTarget(folderTarget(created.id))) {
      if (row.kind === 'folder.rename' && row.payload.id === tempId) this.#rows.setPayload(row.id, { ...row.payload, id: created.id });
    }
    this.refresh(folderTarget(created.id));
    // Listeners run after the transaction commits: queue them on the microtask queue.
    queueMicrotask(() => {
      for (const listener of this.#folderListeners) {
        try {
          listener(tempId, created.id);
        } catch (error) {
          this.#logger.error('outbox: folder id listener failed', { error });
        }
      }
    });
  }

  /** Which parts of the library a change touches (for the events that follow it). */
  scopeOf(row: OutboxRow): ChangeScope {
    const thumbnails = row.kind.startsWith('thumbnail.');
    if (row.target.startsWith('folder:')) return { folders: true, thumbnails };
    // The remote-import queue is no part of the library: RemoteImports says what changed there.
    if (!('videoId' in row.payload)) return {};
    const video = this.#store.getVideo(row.payload.videoId);
    return { folderIds: video ? [video.folderId] : [], thumbnails };
  }
}
