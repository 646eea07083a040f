// What a sync writes as it reads a folder's listing, as plain data, so the writes run the same
// on the sync's own connection or on the writer thread's (sync/writer.ts).
//
// Each runs inside the writer's transaction; order and removals are decided there, against
// what the database holds at that moment, not when the listing was read.
//
// A sweep longer than a page is written page by page as the pages arrive (each page's order
// from its offset), the ids it listed noted in SQLite (sweep-seen.ts); its end decides whether
// the listing agreed with itself and only then removes what it did not list. Until that end
// the folder reads as needing a sweep: a sweep cut off part way (offline, a crash) removed
// nothing, and the next pass sweeps the folder again.
import type { ServicePagination, ServiceVideo, ServiceVideoPage } from '../../api/schemas.ts';
import type { Db } from '../../db/database.ts';
import type { LibraryStore } from '../store.ts';
import { quickSeqs, sweepSeqs } from './order.ts';
import { SweepSeen } from './sweep-seen.ts';

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

/** Every page of a folder, in one write (a listing of one page, or one held whole). */
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

/** Which sweep a page belongs to, and where in its listing the page starts. */
export interface SweepPageMeta {
  /** The sweep's number, unique while the sync runs: whose ids a page adds to (sweep-seen.ts). */
  sweep: number;
  folderId: number;
  /** When the listing started: videos this app added later are kept. */
  startedAt: number;
  /** Videos before this page in the listing. */
  offset: number;
  at: number;
}

/** One page of a sweep, written as it arrives. The first page is its whole listing: the sweep ends with it. */
export interface SweepPageWrite extends SweepPageMeta {
  kind: 'sweepPage';
  videos: ServiceVideo[];
  /** The service's count of the folder's videos, as this page gave it. */
  total: number;
}

/** Every page of a sweep is written: what it did not list is gone if the listing agreed with itself. */
export interface SweepEndWrite {
  kind: 'sweepEnd';
  sweep: number;
  folderId: number;
  startedAt: number;
  /** The count the first page gave. */
  total: number;
  /** Every page gave that count. */
  totalsAgree: boolean;
  /** Videos on all the pages together. */
  listed: number;
  at: number;
}

/** A sweep stopped part way (a page could not be read): the ids it noted go, nothing is removed. */
export interface SweepAbandonWrite {
  kind: 'sweepAbandon';
  sweep: number;
}

/** A first sync's pass ended: build the id index it went without (id-index.ts). */
export interface FinishWrite {
  kind: 'finish';
}

export type SyncWrite = QuickWrite | SweepWrite | SweepPageWrite | SweepEndWrite | SweepAbandonWrite | FinishWrite;

export interface SyncWriteResult {
  /** Rows that changed. */
  changed: number;
  /** A quick write found the folder's count off: videos were removed, only a sweep can tell which. */
  lost: boolean;
  /** A sweep's first page was its whole listing, and the sweep is over (sweepPage). */
  ended?: boolean;
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
  /** A sweep's page, written as it was read (SweepPageMeta): nothing is held. */
  written?: SyncWriteResult;
}

/** A video on the page is stored in the folder already: a quick refresh stops there. */
export function holdsKnown(store: LibraryStore, folderId: number, page: ServiceVideoPage): boolean {
  return store.knownInFolder(folderId, page.list.map((v) => v.id)).size > 0;
}

/** A quick refresh's write before its pages are at hand: what decides it besides them. */
export interface ListingMeta {
  kind: 'quick';
  folderId: number;
  complete: boolean;
  total: number;
  at: number;
}

export type ListingWrite = ListingMeta & { pages: ListedPage[] };

/** A listing's write without its pages. */
export function listingMeta(write: ListingWrite): ListingMeta {
  return { kind: 'quick', folderId: write.folderId, complete: write.complete, total: write.total, at: write.at };
}

/** The write a quick refresh makes, where its pages are (the writer thread's, or this one's). */
export function writeOfListing(meta: ListingMeta, pages: readonly ServiceVideoPage[]): QuickWrite {
  return { ...meta, videos: pages.flatMap((page) => page.list) };
}

/** The write of a sweep's page, read. */
export function sweepPageWrite(meta: SweepPageMeta, page: ServiceVideoPage): SweepPageWrite {
  return { kind: 'sweepPage', ...meta, videos: page.list, total: page.pagination.total };
}

/**
 * Only a listing that agreed with itself proves a video gone: every page gave the same count,
 * the pages held that many videos, and none twice. Videos added or removed while the pages
 * were read shift the pages; then the next pass sweeps again.
 */
function agrees(listing: { totalsAgree: boolean; listed: number; distinct: number; total: number }): boolean {
  return listing.totalsAgree && listing.listed === listing.total && listing.distinct === listing.total;
}

/** Rows a write carries (for batching and the thread's backlog). */
export function rowsOf(write: SyncWrite | ListingWrite): number {
  switch (write.kind) {
    case 'finish':
    case 'sweepAbandon':
      return 0;
    case 'sweepEnd':
      return 1;
    default:
      return 'pages' in write ? write.pages.reduce((rows, page) => rows + page.count, 0) : write.videos.length;
  }
}

export function applySyncWrite(store: LibraryStore, write: SyncWrite): SyncWriteResult {
  switch (write.kind) {
    case 'quick':
      return applyQuick(store, write);
    case 'sweep':
      return applySweep(store, write);
    case 'sweepPage':
      return applySweepPage(store, write);
    case 'sweepEnd':
      return applySweepEnd(store, write);
    case 'sweepAbandon':
      seenOn(store.db).forget(write.sweep);
      return { changed: 0, lost: false };
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
  // A first sync (the id index deferred) started from an empty library: nothing to remove.
  const changed = upsertListed(store, write.folderId, write.videos, write.total, 0);
  const removed = write.consistent && !store.ids.deferred ? store.removeMissing(write.folderId, new Set(write.videos.map((v) => v.id)), write.startedAt, write.at) : 0;
  store.recordFolderSync(write.folderId, { at: write.at, full: write.consistent, total: write.total, needsSweep: !write.consistent });
  return { changed: changed + removed, lost: false };
}

function applySweepPage(store: LibraryStore, write: SweepPageWrite): SyncWriteResult {
  const { videos, total } = write;
  if (write.offset === 0 && total <= videos.length) {
    // Most folders fit one page: their sweep is this write, and notes no id.
    const consistent = agrees({ totalsAgree: true, listed: videos.length, distinct: new Set(videos.map((v) => v.id)).size, total });
    return { ...applySweep(store, { kind: 'sweep', folderId: write.folderId, videos, consistent, total, startedAt: write.startedAt, at: write.at }), ended: true };
  }
  // Until the sweep's end the folder needs one: a sweep cut off here must not pass for complete.
  if (write.offset === 0) store.markFolderNeedsSweep(write.folderId);
  seenOn(store.db).add(write.sweep, videos.map((v) => v.id));
  return { changed: upsertListed(store, write.folderId, videos, total, write.offset), lost: false, ended: false };
}

function applySweepEnd(store: LibraryStore, write: SweepEndWrite): SyncWriteResult {
  const { folderId, total, at } = write;
  const seen = seenOn(store.db);
  const consistent = agrees({ totalsAgree: write.totalsAgree, listed: write.listed, distinct: seen.count(write.sweep), total });
  // A first sync (the id index deferred) started from an empty library: nothing to remove.
  const removed = consistent && !store.ids.deferred ? store.removeUnlisted(() => seen.unlistedIn(write.sweep, folderId), write.startedAt, at) : 0;
  seen.forget(write.sweep);
  store.recordFolderSync(folderId, { at, full: consistent, total, needsSweep: !consistent });
  return { changed: removed, lost: false };
}

/** Writes a sweep's videos listed from `offset` on, in the listing's order. */
function upsertListed(store: LibraryStore, folderId: number, videos: readonly ServiceVideo[], total: number, offset: number): number {
  const seqs = sweepSeqs(total, videos.length, offset);
  return store.upsertVideos(folderId, videos.map((video, i) => ({ video, seq: seqs[i] ?? 0 })));
}

/** The seen ids of each connection's sweeps (a temporary table lives on its connection). */
const seenByDb = new WeakMap<Db, SweepSeen>();
function seenOn(db: Db): SweepSeen {
  let seen = seenByDb.get(db);
  if (seen === undefined) {
    seen = new SweepSeen(db);
    seenByDb.set(db, seen);
  }
  return seen;
}
