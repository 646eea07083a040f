// The library's contract methods. Reads answer from SQLite at once (a refresh, when one is
// due, runs in the background and announces itself with library:changed); changes go
// through the outbox. Handlers that take a local path accept only paths the person granted
// (picked in a dialog or dropped on the window).
import { AppError } from '../../../shared/errors.ts';
import type { Tombstone } from '../../../shared/links.ts';
import { resolveSelection, summarize } from './selection.ts';
import type { Handlers } from '../rpc/dispatch.ts';
import { checkThumbnailFile } from '../files/image.ts';
import { checkSubtitleFile, prepareSubtitleFile } from '../files/subtitle-prepare.ts';
import { DEFAULT_REPORT_DAYS } from './account-cache.ts';
import type { Library } from './library.ts';
import { pickedFile } from '../files/file-identity.ts';
import { countSearchMatches } from './search/count.ts';
import { said } from '../../../shared/said.ts';

export type LibraryMethod =
  | 'account:get'
  | 'account:reports'
  | 'account:dmca'
  | 'folders:list'
  | 'folders:create'
  | 'folders:rename'
  | 'videos:list'
  | 'videos:search'
  | 'videos:get'
  | 'videos:selectionSummary'
  | 'videos:setSkipIntro'
  | 'videos:copy'
  | 'videos:checkThumbnail'
  | 'videos:setThumbnail'
  | 'videos:deleteThumbnail'
  | 'videos:thumbnailQueue'
  | 'subtitles:list'
  | 'subtitles:addFile'
  | 'subtitles:preview'
  | 'subtitles:addUrl'
  | 'outbox:list'
  | 'outbox:retry'
  | 'outbox:discard'
  | 'sync:status'
  | 'sync:now';

export interface LibraryHandlerDeps {
  /** Whether the person granted this local path (electron/core/files/grants.ts). */
  isGranted: (path: string) => boolean;
  now?: () => number;
  /** The dead videos (tombstones) whose title matches a search, newest deaths first (links' deadMatching); absent: none. */
  searchDead?: (query: string, limit: number) => Promise<{ items: Tombstone[]; total: number }>;
}

/** Cached reads older than this are refreshed in the background when shown. */
const ACCOUNT_MAX_AGE_MS = 60_000;
const REPORTS_MAX_AGE_MS = 10 * 60_000;

function requireGranted(isGranted: (path: string) => boolean, path: string): void {
  if (!isGranted(path)) {
    throw new AppError('validation', said('read_not_granted'), { retryable: false });
  }
}

function isOld(fetchedAt: number | null, maxAge: number, now: number): boolean {
  return fetchedAt === null || now - fetchedAt > maxAge;
}

export function createLibraryHandlers(library: Library, deps: LibraryHandlerDeps): Pick<Handlers, LibraryMethod> {
  const now = deps.now ?? Date.now;
  const { store, outbox, sync, account, subtitles } = library;
  const requireVideo = (id: string) => {
    const video = store.getVideo(id);
    if (!video) throw new AppError('not_found', said('video_not_in_library'), { retryable: false });
    return video;
  };

  return {
    'account:get': (input) => {
      const view = account.accountView();
      if (input?.refresh || isOld(view.freshness.fetchedAt, ACCOUNT_MAX_AGE_MS, now())) {
        void account.refreshAccount();
        return account.accountView();
      }
      return view;
    },
    'account:reports': (input) => {
      const last = input?.last ?? DEFAULT_REPORT_DAYS;
      const view = account.reportsView(last);
      if (input?.refresh || isOld(view.freshness.fetchedAt, REPORTS_MAX_AGE_MS, now())) {
        void account.refreshReports(last);
        return account.reportsView(last);
      }
      return view;
    },
    'account:dmca': ({ page, perPage }) => {
      if (account.dmcaIsOld(page, perPage)) void account.refreshDmca(page, perPage);
      return account.dmcaView(page, perPage);
    },

    'folders:list': () => ({ folders: store.listFolders(), freshness: sync.foldersFreshness() }),
    'folders:create': ({ name }) => outbox.createFolder(name),
    'folders:rename': ({ id, name }) => outbox.renameFolder(id, name),

    'videos:list': ({ folderId, offset, limit, sort, search }) => {
      const { items, total } = store.folderPage(folderId, offset, limit, sort, search);
      return { items, total, offset, freshness: sync.folderFreshness(folderId) };
    },
    'videos:search': async ({ query, limit, includeDead }) => ({
      items: store.search(query, limit),
      total: countSearchMatches(store.db, query),
      // Asked for only: the default search reads the title index alone.
      ...(includeDead ? { dead: deps.searchDead ? await deps.searchDead(query, limit) : { items: [], total: 0 } } : {}),
    }),
    'videos:get': ({ id }) => requireVideo(id),
    'videos:selectionSummary': ({ selection }) => summarize(resolveSelection(store, selection)),
    'videos:setSkipIntro': ({ id, seconds }) => outbox.setSkipIntro(id, seconds),
    'videos:copy': ({ id }) => {
      outbox.copyVideo(id);
      return { queued: true };
    },
    'videos:checkThumbnail': async ({ path }) => {
      requireGranted(deps.isGranted, path);
      return checkThumbnailFile(path);
    },
    'videos:setThumbnail': async ({ id, path }) => {
      requireGranted(deps.isGranted, path);
      requireVideo(id);
      await checkThumbnailFile(path);
      // Queued as the file it is now (its real path, device and inode): checked again when sent.
      const picked = await pickedFile(path);
      return outbox.setThumbnail(id, picked.path, picked.file);
    },
    'videos:deleteThumbnail': ({ id }) => outbox.deleteThumbnail(id),
    'videos:thumbnailQueue': () => outbox.thumbnailQueue(),

    'subtitles:list': ({ videoId }) => ({ items: subtitles.list(videoId) }),
    'subtitles:addFile': async ({ videoId, language, path, encoding }) => {
      requireGranted(deps.isGranted, path);
      requireVideo(videoId);
      const { format } = await checkSubtitleFile(path, encoding);
      const picked = await pickedFile(path);
      return outbox.addSubtitleFile(videoId, language, picked.path, format, encoding, picked.file);
    },
    'subtitles:preview': async ({ path, encoding }) => {
      requireGranted(deps.isGranted, path);
      return (await prepareSubtitleFile(path, encoding)).preview;
    },
    'subtitles:addUrl': ({ videoId, language, url }) => outbox.addSubtitleUrl(videoId, language, url),

    'outbox:list': () => outbox.view(),
    'outbox:retry': ({ id }) => outbox.retry(id),
    'outbox:discard': ({ id }) => outbox.discard(id),

    'sync:status': () => sync.status(),
    'sync:now': (input) => {
      void sync.syncNow({ full: input?.full ?? false });
      return sync.status();
    },
  };
}
