// Watch folders: what the person configures (kept in the settings) and what the core reports
// about each folder while it watches. One place for the defaults, shared by the core and the page.
import { z } from 'zod';
import { AccountId } from './accounts.ts';
import { SaidSchema } from './said-schema.ts';

/** Files a watched folder picks up unless the person changes it: the extensions the sniffing accepts. */
export const DEFAULT_WATCH_INCLUDE: readonly string[] = [
  '**/*.{mp4,m4v,mov,qt,3gp,3g2,mkv,webm,avi,flv,f4v,wmv,asf,ts,m2ts,mts,mpg,mpeg,vob,ogv,ogg,rm,rmvb,divx,xvid}',
];

/** Hidden, temporary and partial files (browsers, copy tools, OBS remux temp files): never picked up. */
export const DEFAULT_WATCH_EXCLUDE: readonly string[] = [
  '**/.*',
  '**/.*/**',
  '**/*.part',
  '**/*.crdownload',
  '**/*.download',
  '**/*.partial',
  '**/*.tmp',
  '**/*.temp',
  '**/~*',
];

const DEFAULT_SETTLE_SECONDS = 10;

const Pattern = z.string().min(1).max(500);

export const WatchFolder = z.object({
  /** Stable id the page and the core use for this entry (not the path: a path may be edited). */
  id: z.string().min(1).max(64),
  /**
   * Local folder, at its real path: set by the core from the folder dialog (watch:add), never
   * by the page; the watcher stops if the path ever leads elsewhere (a link).
   */
  path: z.string().min(1).max(4096),
  /** Service folder the files go into (0 = the root). */
  folderId: z.number().int().min(0),
  enabled: z.boolean(),
  includeSubfolders: z.boolean(),
  /** Globs relative to the folder; a file must match one of them. */
  include: z.array(Pattern).max(50),
  /** Globs relative to the folder; a file matching one is never picked up. */
  exclude: z.array(Pattern).max(50),
  /** Size and mtime must stay the same this long before a file counts as written. */
  settleSeconds: z.number().int().min(1).max(3600),
  /** After a confirmed upload, move the file into an `uploaded/` subfolder (never delete). */
  moveUploaded: z.boolean(),
  /** The account whose queue gets the files (each account has its own watch folders); set by the core. */
  account: AccountId.optional(),
});
export type WatchFolder = z.infer<typeof WatchFolder>;

export const WatchFolders = z.array(WatchFolder).max(100);

/** A folder the person just picked, with the defaults (moving files aside is the person's choice). */
export function newWatchFolder(id: string, path: string): WatchFolder {
  return {
    id,
    path,
    folderId: 0,
    enabled: true,
    includeSubfolders: true,
    include: [...DEFAULT_WATCH_INCLUDE],
    exclude: [...DEFAULT_WATCH_EXCLUDE],
    settleSeconds: DEFAULT_SETTLE_SECONDS,
    moveUploaded: false,
  };
}

/**
 * 'linked': the folder has become a symbolic link (or lies under one that changed), so it is
 * not the folder that was picked: nothing in it is uploaded until it is a plain folder again.
 */
export const WatchState = z.enum(['watching', 'paused', 'missing', 'denied', 'linked']);
export type WatchState = z.infer<typeof WatchState>;

/** What the core knows about a folder; the window words it (components/watch). */
export const WatchFolderStatus = z.object({
  id: z.string(),
  state: WatchState,
  /** The last file queued from this folder, or null. */
  lastFile: z.string().nullable(),
  /** No change events from the system (its watch limit is reached): the folder is looked at every few seconds. */
  scanning: z.boolean(),
  /** The last failure the folder's watch reported (its events reopened clear it), worded by the window. */
  problem: SaidSchema.nullable(),
});
export type WatchFolderStatus = z.infer<typeof WatchFolderStatus>;

export const WatchStatusView = z.object({ folders: z.array(WatchFolderStatus) });
export type WatchStatusView = z.infer<typeof WatchStatusView>;

export { UPLOADED_SUBFOLDER } from './watch-layout.ts';
