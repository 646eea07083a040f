// Plain data shapes that cross the IPC boundary, as zod schemas with their inferred types.
// Output schemas are objects that strip unknown keys: whatever a handler returns, only
// the fields named here reach the renderer (a stray secret on an object cannot leak).
import { z } from 'zod';
import { Destinations, Hooks } from './notify.ts';
import { describeTimetableProblem, parseTimetable } from './bandwidth-timetable.ts';
import { UploadWindows } from './upload-windows.ts';
import { EMPTY_UPLOAD_TOTALS, UPLOAD_STATES } from './upload-states.ts';
import { WatchFolders } from './watch.ts';
import { AccountId, AccountRecord } from './accounts.ts';
import { MediaInfo } from './media.ts';
import { LOCALES, type LanguageChoice } from './i18n/locales.ts';
import { NameWarning, UploadVerification } from './upload-verification.ts';
import { SaidSchema } from './said-schema.ts';

export const VIDEO_ID = /^\w{12}$/;
const LANGUAGE = /^\w+$/;
export const MAX_PATH = 4096;
const MAX_NAME = 255;
export const MAX_URL = 2048;

export const VideoId = z.string().regex(VIDEO_ID, 'a video id is 12 letters, digits or underscores');
/** Folder ids: positive integers from the service, negative while a folder created offline waits in the outbox; 0 is the root. */
export const FolderId = z.number().int().min(-2_147_483_648).max(2_147_483_647);
/**
 * The one text-input check: no NUL. SQLite and the file system cut a string at NUL, so it
 * gave `internal`, or a search that matched everything (issue 18).
 */
export const Text = z.string().refine((value) => !value.includes('\0'), 'text cannot contain a NUL character (\\0)');
export const LocalPath = Text.min(1).max(MAX_PATH);
/** The one http-URL check: an address that parses and is http or https. */
export function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
export const HttpUrl = Text.max(MAX_URL).refine(isHttpUrl, 'an http or https address');

export { isLoopbackHost, needsPlainHttpConsent } from './plain-http.ts';
/** A folder's name as the service takes it (operation 11/12): 1 to 255 characters. */
export const FolderName = Text.trim().min(1, 'a folder needs a name').max(MAX_NAME, `a folder name is at most ${MAX_NAME} characters`);
/** A subtitle language code (operation 17/18). */
export const Language = z.string().regex(LANGUAGE, 'a language code is letters, digits or underscores (for example en or pt_BR)').max(32);

export { THUMBNAIL_MAX } from './thumbnail-size.ts';

export { SaidSchema };

const ErrorShapeSchema = z.object({
  code: z.enum([
    'offline',
    'unauthorized',
    'not_found',
    'rate_limited',
    'validation',
    'limit_reached',
    'server',
    'unavailable',
    'internal',
  ]),
  message: z.string(),
  said: SaidSchema.optional(),
  retryable: z.boolean(),
});

export const Theme = z.enum(['system', 'light', 'dark']);

export const AppInfo = z.object({
  name: z.string(),
  version: z.string(),
  platform: z.string(),
  packaged: z.boolean(),
  /** Whether "Try with the local sandbox" is offered (source tree only). */
  sandboxAvailable: z.boolean(),
});
export type AppInfo = z.infer<typeof AppInfo>;

/**
 * Something that went wrong while the app started (a damaged settings file, a library it
 * could not open, no keychain) and what the person should do. The app keeps running; the
 * window lists these until the person dismisses them.
 */
export const StartupNotice = z.object({
  id: z.string(),
  severity: z.enum(['warning', 'error']),
  /** What happened, in one sentence. */
  title: SaidSchema,
  /** What it means for the person's data, and what to do: sentences shown one after another. */
  detail: z.array(SaidSchema),
  /** Where a damaged file was kept (never deleted), or null. */
  keptFile: z.string().nullable(),
});
export type StartupNotice = z.infer<typeof StartupNotice>;

/**
 * How the service and its file servers are reached: the system's proxy settings (the
 * default: system settings, PAC and WPAD through Electron; *_PROXY variables under Node), no
 * proxy, or one proxy typed in. Its password is never here: it is kept in the keychain.
 */
export const ProxySetting = z.discriminatedUnion('mode', [
  z.strictObject({ mode: z.literal('system') }),
  z.strictObject({ mode: z.literal('none') }),
  z.strictObject({
    mode: z.literal('manual'),
    scheme: z.enum(['http', 'socks5']),
    host: Text.trim()
      .min(1, 'the proxy needs a host name or address')
      .max(253)
      .regex(/^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.?)+$|^[0-9A-Fa-f:.]+$/, 'a host name or an IP address, without http:// or a port'),
    port: z.number().int().min(1, 'a port from 1 to 65535').max(65535, 'a port from 1 to 65535'),
    username: Text.max(256).nullable(),
  }),
]);
export type ProxySetting = z.infer<typeof ProxySetting>;

export const ProxyStatus = z.object({
  /** A proxy password is in the keychain (never the password itself). */
  hasPassword: z.boolean(),
});
export type ProxyStatus = z.infer<typeof ProxyStatus>;

/** A timetable as typed: kept only when it parses (the error names the bad part). */
const BandwidthTimetableText = z
  .string()
  .max(4000)
  .superRefine((text, context) => {
    const parsed = parseTimetable(text);
    if (!parsed.ok) context.addIssue({ code: 'custom', message: `bandwidth timetable: ${describeTimetableProblem(parsed.problem)}` });
  });

export const Settings = z.object({
  baseUrl: z.string().nullable(),
  uploadConcurrency: z.number().int().min(1).max(8),
  /** Bytes per second shared by all running uploads; null = no limit. */
  bandwidthLimit: z.number().int().min(16_384).nullable(),
  /**
   * How long a paused upload keeps its connection open, in seconds (file servers drop a request
   * whose body stops arriving: nginx's client_body_timeout is 60 s). Resume within it goes on
   * where it stopped; after it the file starts again.
   */
  pausePatienceSeconds: z.number().int().min(1).max(3600),
  notifications: z.boolean(),
  theme: Theme,
  /** Closing the window while uploads run keeps the app in the tray instead of asking. */
  closeToTray: z.boolean(),
  proxy: ProxySetting,
  /** Plain-http service origins the person confirmed despite the risk (what the code plain_http_risk says). */
  plainHttpAllowed: z.array(z.string().max(MAX_URL)).max(50),
  /** Check for app updates at start and every 6 hours, and download them in the background. */
  autoUpdate: z.boolean(),
  /** Local folders whose finished files are uploaded on their own (shared/watch.ts). */
  watchFolders: WatchFolders,
  /** The accounts (address, name, id; their keys are in the keychain), in the order they were added. */
  accounts: z.array(AccountRecord).max(50),
  /** The account shown; null before the first key is set. */
  activeAccount: AccountId.nullable(),
  /** Where notifications go (shared/notify.ts); their tokens and secrets are in the keychain. */
  notifyDestinations: Destinations,
  /** Programs run after each upload and each batch; set only through hooks:set (a native confirmation) or by hand in settings.json. */
  hooks: Hooks,
  // Issue 31: running unattended (shared/bandwidth-timetable.ts, shared/upload-windows.ts).
  /** rclone's --bwlimit timetable; when set it decides the limit instead of bandwidthLimit. */
  bandwidthTimetable: BandwidthTimetableText.nullable(),
  /** The hours of each weekday uploads may start in. */
  uploadWindows: UploadWindows,
  /** Queued uploads wait while the computer runs on battery. */
  pauseOnBattery: z.boolean(),
  /** Issue 30: the window's language; 'system' follows the system's preferred languages (shared/i18n/locales.ts). */
  language: z.enum(['system', ...LOCALES] as [LanguageChoice, ...LanguageChoice[]]),
});
export type Settings = z.infer<typeof Settings>;

/** The app updater (installed app only), as the Settings screen and the status bar show it. */
export const UpdateStatus = z.object({
  state: z.enum(['off', 'idle', 'checking', 'downloading', 'ready', 'error']),
  /** Why updates are off, what went wrong, or what happens next, as a said code. */
  said: SaidSchema.nullable(),
  /** The newer version found (checking, downloading, ready). */
  version: z.string().nullable(),
  percent: z.number().min(0).max(100).nullable(),
  /** Downloaded and no upload running: "Restart to update" is offered. */
  canRestart: z.boolean(),
  /** A restart was asked for while uploads ran: it happens when they finish. */
  restartPending: z.boolean(),
  lastChecked: z.string().nullable(),
});
export type UpdateStatus = z.infer<typeof UpdateStatus>;

/** Where keys are kept (shared/accounts.ts, with the accounts that need it). */
export { KeyStorage } from './accounts.ts';

export const Account = z.object({
  email: z.string(),
  balance: z.string(),
  premiumExpire: z.string(),
  isPremium: z.boolean(),
  /** KB; null where the service says "Unlimited". */
  storageTotalKb: z.number().nullable(),
  storageUsedKb: z.number(),
  storageLeftKb: z.number().nullable(),
});
export type Account = z.infer<typeof Account>;

/** A cached read: the data, when it was fetched, and whether a refresh is under way or failed. */
export const Freshness = z.object({
  fetchedAt: z.number().nullable(),
  stale: z.boolean(),
  /** When the last refresh failed, if it failed after the data was fetched: the data is older than that. */
  failedAt: z.number().nullable().optional(),
});
export type Freshness = z.infer<typeof Freshness>;

export const AccountView = z.object({ account: Account.nullable(), freshness: Freshness });
export type AccountView = z.infer<typeof AccountView>;

export const ReportDay = z.object({
  day: z.string(),
  views: z.number(),
  downloads: z.number(),
  profitViews: z.number(),
  profitTotal: z.number(),
});
export type ReportDay = z.infer<typeof ReportDay>;

export const ReportsView = z.object({ days: z.array(ReportDay), freshness: Freshness });
export type ReportsView = z.infer<typeof ReportsView>;

export const DmcaRecord = z.object({
  id: z.number(),
  code: z.string(),
  secureDownloadCode: z.string(),
  secureEmbedCode: z.string(),
  reportedAt: z.string(),
  disabledAt: z.string(),
  /** The video with that code, when the library knows it (its title and link). */
  video: z.object({ name: z.string(), downloadUrl: z.string() }).nullable().optional(),
});
export type DmcaRecord = z.infer<typeof DmcaRecord>;

export const Page = z.object({ page: z.number().int(), perPage: z.number().int(), total: z.number().int() });

export const DmcaView = z.object({ items: z.array(DmcaRecord), pagination: Page, freshness: Freshness });
export type DmcaView = z.infer<typeof DmcaView>;

/** A local change waiting for the service, or refused by it. */
export const PendingState = z.enum(['pending', 'sending', 'refused']);
export type PendingState = z.infer<typeof PendingState>;

export const Folder = z.object({
  id: FolderId,
  name: z.string(),
  code: z.string(),
  parent: FolderId,
  isPublic: z.boolean(),
  openEmbed: z.boolean(),
  files: z.number().int(),
  color: z.string(),
  pending: PendingState.nullable(),
});
export type Folder = z.infer<typeof Folder>;

export const FoldersView = z.object({ folders: z.array(Folder), freshness: Freshness });
export type FoldersView = z.infer<typeof FoldersView>;

export const Video = z.object({
  id: z.string(),
  folderId: FolderId,
  name: z.string(),
  createdAt: z.string(),
  isPublic: z.boolean(),
  views: z.number(),
  size: z.number(),
  skipIntro: z.number(),
  downloadUrl: z.string(),
  embedUrl: z.string(),
  thumbnailUrl: z.string(),
  splashUrl: z.string(),
  /** A change to this video that waits in the outbox (or was refused). */
  pending: PendingState.nullable(),
  /** A custom thumbnail was set through Vidlift (the service's record does not say); only then can it be removed. */
  customThumbnail: z.boolean().optional(),
});
export type Video = z.infer<typeof Video>;

export const VideoSort = z.enum(['newest', 'oldest', 'name', 'size', 'views']);
export type VideoSort = z.infer<typeof VideoSort>;

export const VideosPage = z.object({
  items: z.array(Video),
  total: z.number().int(),
  offset: z.number().int(),
  freshness: Freshness,
});
export type VideosPage = z.infer<typeof VideosPage>;

export const Subtitle = z.object({
  videoId: z.string(),
  language: z.string(),
  url: z.string().nullable(),
  source: z.enum(['file', 'url']),
  pending: PendingState.nullable(),
  error: z.string().nullable(),
});
export type Subtitle = z.infer<typeof Subtitle>;

export const ThumbnailQueue = z.object({
  /** Thumbnail uploads waiting for the service's 3-per-minute limit. */
  waiting: z.number().int(),
  /** When the next one may go (epoch ms), or null when nothing waits. */
  nextSlotAt: z.number().nullable(),
});
export type ThumbnailQueue = z.infer<typeof ThumbnailQueue>;

export const ImageCheck = z.object({
  type: z.enum(['jpeg', 'png']),
  width: z.number().int(),
  height: z.number().int(),
  size: z.number().int(),
});
export type ImageCheck = z.infer<typeof ImageCheck>;

export const UploadState = z.enum(UPLOAD_STATES);
export type UploadState = z.infer<typeof UploadState>;

/**
 * Why an upload starts again from byte 0 (the file server cannot continue an interrupted
 * upload): the connection broke or stalled, the file server answered with an error, a pause
 * outlasted the patience (Vidlift let go) or the file server dropped the paused connection
 * first, or Vidlift was closed.
 */
export const RestartCause = z.enum(['cut', 'server-error', 'pause-expired', 'pause-dropped', 'app-closed']);
export type RestartCause = z.infer<typeof RestartCause>;

export const UploadJob = z.object({
  id: z.number().int(),
  path: z.string(),
  name: z.string(),
  size: z.number(),
  folderId: FolderId,
  state: UploadState,
  bytesSent: z.number(),
  attempts: z.number().int(),
  error: ErrorShapeSchema.nullable(),
  /** The app quit or crashed mid-transfer; this upload starts again from byte 0. */
  restarted: z.boolean(),
  videoId: z.string().nullable(),
  downloadUrl: z.string().nullable(),
  embedUrl: z.string().nullable(),
  createdAt: z.number(),
  finishedAt: z.number().nullable(),
  /** What the file is, from its container header (issue 15); null when it could not be read. */
  media: MediaInfo.nullable().optional(),
  /** Why the job ended as it did, when its state alone would mislead (worded by say()). */
  note: SaidSchema.nullable().optional(),
  /** What was checked once it landed (the stored title, the video in its folder); null before, or for older rows. */
  verification: UploadVerification.nullable().optional(),
  /** What its name holds that cannot be sent as it is, said before the upload. */
  nameWarnings: z.array(NameWarning).optional(),
  /**
   * Paused with its connection kept open: sending stopped at `bytesSent`, and Resume before
   * `until` (epoch ms) goes on in the same request; after that the file starts again.
   */
  hold: z.object({ since: z.number(), until: z.number() }).nullable().optional(),
  /** The file starts (or started) again from byte 0: why, and the bytes sent before that were lost. */
  restart: z.object({ cause: RestartCause, bytesLost: z.number() }).nullable().optional(),
});
export type UploadJob = z.infer<typeof UploadJob>;

export const JobProgress = z.object({
  id: z.number().int(),
  bytesSent: z.number(),
  size: z.number(),
  /** Smoothed bytes per second. */
  speed: z.number(),
  etaSeconds: z.number().nullable(),
});
export type JobProgress = z.infer<typeof JobProgress>;

export const UploadTotals = z.object({
  bytesSent: z.number(),
  bytesTotal: z.number(),
  speed: z.number(),
  etaSeconds: z.number().nullable(),
  active: z.number().int(),
  waiting: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
});
export type UploadTotals = z.infer<typeof UploadTotals>;
export { EMPTY_UPLOAD_TOTALS } from './upload-states.ts';
EMPTY_UPLOAD_TOTALS satisfies UploadTotals;


export const UploadsAddResult = z.object({
  /** The new jobs' ids (a drop of 10,000 answers ids, not jobs: the window reads the rows it shows). */
  added: z.array(z.number().int()),
  /**
   * `jobId`: the job that already holds this file (queued or uploaded). `duplicate`: skipped
   * because the same bytes (size and SHA-256) are already queued or uploaded; "Upload anyway"
   * adds it again with `anyway`.
   */
  skipped: z.array(
    z.object({ path: z.string(), reason: SaidSchema, jobId: z.number().int().optional(), duplicate: z.enum(['uploaded', 'queued']).optional() }),
  ),
});
export type UploadsAddResult = z.infer<typeof UploadsAddResult>;

export const RemoteItem = z.object({
  /** Local id; stays the same while the item waits for a slot and after it is submitted. */
  localId: z.number().int(),
  remoteId: z.string().nullable(),
  url: z.string(),
  folderId: FolderId,
  /** The service's status as it comes (lowercase), or `waiting` while it waits locally for a slot. */
  status: z.string(),
  active: z.boolean(),
  bytesDownloaded: z.number(),
  bytesTotal: z.number(),
  created: z.string().nullable(),
  error: z.string().nullable(),
  /** The video a finished import became, once the library knows it (electron/core/remote/view.ts). */
  video: z.object({ id: z.string(), name: z.string(), downloadUrl: z.string(), embedUrl: z.string() }).nullable().optional(),
  /**
   * Finished, but most likely not a video (electron/core/remote/view.ts): `too_small`
   * (under 1 KB), `not_a_video_name` (a name such as page.html or notes.txt).
   */
  suspect: z.enum(['too_small', 'not_a_video_name']).nullable().optional(),
});
export type RemoteItem = z.infer<typeof RemoteItem>;

export const Slots = z.object({ used: z.number().int(), total: z.number().int(), free: z.number().int() });
export type Slots = z.infer<typeof Slots>;

export const RemoteView = z.object({ items: z.array(RemoteItem), slots: Slots.nullable(), waitingLocally: z.number().int() });
export type RemoteView = z.infer<typeof RemoteView>;

export const RemoteAction = z.enum(['retry_failed', 'delete_failed', 'delete_inactive', 'delete']);
export type RemoteActionName = z.infer<typeof RemoteAction>;
export type RemoteAction = z.infer<typeof RemoteAction>;

export const OutboxItem = z.object({
  id: z.number().int(),
  kind: z.string(),
  /** What the change does, in words ("Rename folder Trips to Holidays"). */
  summary: z.string(),
  state: PendingState,
  error: z.string().nullable(),
  createdAt: z.number(),
  /** 'video:<id>', 'folder:<id>' or 'remote:queue': what the change is about (its changes go in order). */
  target: z.string().optional(),
  /** The refused change this one waits behind, with the service's reason. */
  blockedBy: z.object({ id: z.number().int(), summary: z.string(), reason: z.string().nullable() }).nullable().optional(),
});
export type OutboxItem = z.infer<typeof OutboxItem>;

export const OutboxView = z.object({
  items: z.array(OutboxItem),
  /** On outbox:changed only: changes the service just confirmed (the app says "Saved"). */
  confirmed: z.array(z.object({ id: z.number().int(), summary: z.string() })).optional(),
});
export type OutboxView = z.infer<typeof OutboxView>;

export const Connection = z.object({
  state: z.enum(['online', 'offline', 'unknown']),
  since: z.number(),
  /** When offline: what failed, as said by the failure itself (worded by the window and the CLI). */
  reason: SaidSchema.nullable(),
  /** When offline: when the next attempt is due (epoch ms). */
  nextAttemptAt: z.number().nullable(),
});
export type Connection = z.infer<typeof Connection>;

export const SyncStatus = z.object({
  running: z.boolean(),
  lastQuickAt: z.number().nullable(),
  lastFullAt: z.number().nullable(),
});
export type SyncStatus = z.infer<typeof SyncStatus>;
