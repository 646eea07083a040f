// What a sync writes after reading a folder's listing: the two writes, as plain data, so
// they run the same on the sync's own connection or on the writer thread's (sync/writer.ts).
//
// Each runs inside the writer's transaction; order and removals are decided there, against
// what the database holds at that moment, not when the listing was read.
import type { ServicePagination, ServiceVideo, ServiceVideoPage } from '../../api/schemas.ts';
import type { LibraryStore } from '../store.ts';
import { quickSeqs, sweepSeqs } from './order.ts';

/** The newest pages of a folder, read until a stored video showed up. */
export interface QuickWrite {
  kind: 'quick';
  folderId: number;
  videos: ServiceVideo[];
  /** The pages read reached a stored video or the end of the listing. */
  complete: boolean;
  /** The service's count of the folder's videos. */
  total: number;
  at: number;
}

/** Every page of a folder. */
export interface SweepWrite {
  kind: 'sweep';
  folderId: number;
  videos: ServiceVideo[];
  /** Every page agreed on the total and no video was listed twice: what is missing is gone. */
  consistent: boolean;
  total: number;
  /** When the listing started: videos this app added later are kept. */
  startedAt: number;
  at: number;
}

/** A first sync's pass ended: build the id index it went without (id-index.ts). */
export interface FinishWrite {
  kind: 'finish';
}

export type SyncWrite = QuickWrite | SweepWrite | FinishWrite;

export interface SyncWriteResult {
  /** Rows that changed. */
  changed: number;
  /** A quick write found the folder's count off: videos were removed, only a sweep can tell which. */
  lost: boolean;
}

/**
 * A page of a folder's listing as the sync sees it: the figures it decides with, and where its
 * videos are. On the writer thread's path they stay there (a token) until a write takes them.
 */
export interface ListedPage {
  pagination: ServicePagination;
  /** Videos on the page. */
  count: number;
  /** A video on the page is stored in the folder already (asked for by a quick refresh only). */
  known: boolean;
  ref: { token: number } | { page: ServiceVideoPage };
  /** The page was its sweep's whole listing and the writer wrote it as it read it (SweepIfWhole). */
  written?: SyncWriteResult;
}

/**
 * A sweep's first page: when it turns out to be the whole listing, the writer writes it at once.
 * Most folders fit one page; their videos then never wait, held, for a write to come and take them.
 */
export interface SweepIfWhole {
  folderId: number;
  startedAt: number;
  at: number;
}

/** A video on the page is stored in the folder already: a quick refresh stops there. */
export function holdsKnown(store: LibraryStore, folderId: number, page: ServiceVideoPage): boolean {
  return store.knownInFolder(folderId, page.list.map((v) => v.id)).size > 0;
}

/** The listing is all in this one page. */
export function isWholeListing(page: ServiceVideoPage): boolean {
  return page.pagination.total <= page.list.length;
}

/** A quick refresh's or a sweep's write before its pages are at hand: what decides it besides them. */
export type ListingMeta =
  | { kind: 'quick'; folderId: number; complete: boolean; total: number; at: number }
  | { kind: 'sweep'; folderId: number; startedAt: number; at: number };

export type ListingWrite = ListingMeta & { pages: ListedPage[] };

/** A listing's write without its pages. */
export function listingMeta(write: ListingWrite): ListingMeta {
  if (write.kind === 'quick') return { kind: 'quick', folderId: write.folderId, complete: write.complete, total: write.total, at: write.at };
  return { kind: 'sweep', folderId: write.folderId, startedAt: write.startedAt, at: write.at };
}

/** The write a listing makes, where its pages are (the writer thread's, or this one's). */
export function writeOfListing(meta: ListingMeta, pages: readonly ServiceVideoPage[]): QuickWrite | SweepWrite {
  const videos = pages.flatMap((page) => page.list);
  if (meta.kind === 'quick') return { ...meta, videos };
  const total = pages[0]?.pagination.total ?? 0;
  // Videos added or removed while the pages were read shift the pages: then the listing
  // proves nothing about what is gone, and the next pass sweeps again.
  const consistent =
    pages.every((page) => page.pagination.total === total) && videos.length === total && new Set(videos.map((v) => v.id)).size === total;
  return { ...meta, videos, consistent, total };
}

/** Rows a write carries (for batching and the thread's backlog). */
export function rowsOf(write: SyncWrite | ListingWrite): number {
  if (write.kind === 'finish') return 0;
  return 'pages' in write ? write.pages.reduce((rows, page) => rows + page.count, 0) : write.videos.length;
}

export function applySyncWrite(store: LibraryStore, write: SyncWrite): SyncWriteResult {
  switch (write.kind) {
    case 'quick':
      return applyQuick(store, write);
    case 'sweep':
      return applySweep(store, write);
    case 'finish':
      store.titles.reload();
      store.ids.build(store.titles);
      return { changed: 0, lost: false };
  }
}

function applyQuick(store: LibraryStore, write: QuickWrite): SyncWriteResult {
  const { folderId, videos, total, at } = write;
  const ids = videos.map((v) => v.id);
  const seqs = quickSeqs(ids, store.knownInFolder(folderId, ids), store.maxSeq(folderId));
  const changed = store.upsertVideos(folderId, videos.map((video, i) => ({ video, seq: seqs[i] ?? 0 })));
  const lost = !write.complete || store.countInFolder(folderId) !== total;
  if (!lost) store.recordFolderSync(folderId, { at, full: false, total, needsSweep: false });
  return { changed, lost };
}

function applySweep(store: LibraryStore, write: SweepWrite): SyncWriteResult {
  const { folderId, videos, total, at } = write;
  const seqs = sweepSeqs(total, videos.length);
  let changed = store.upsertVideos(folderId, videos.map((video, i) => ({ video, seq: seqs[i] ?? 0 })));
  // A first sync (the id index deferred) started from an empty library: nothing to remove.
  if (write.consistent && !store.ids.deferred) changed += store.removeMissing(folderId, new Set(videos.map((v) => v.id)), write.startedAt, at);
  store.recordFolderSync(folderId, { at, full: write.consistent, total, needsSweep: !write.consistent });
  return { changed, lost: false };
}
