// The one IPC contract between the renderer and the main process. Every method is
// declared here once with its input and output schema, every event with its payload.
// From this object come: the preload's window.api (electron/preload), the main process's
// handler table (electron/core/rpc, a missing handler is a compile error), the renderer's
// typed client (renderer/src/lib/api.ts) and the browser harness transport (test/harness).
// Channels are `noun:verb`.
import { z } from 'zod';
import { AccountAdded, AccountId, AccountName, AccountsView } from './accounts.ts';
import { SelectionSummary, VideoSelection } from './selection.ts';
import { HistoryFilter, HistoryPage } from './history.ts';
import { ExportId, ExportOptions, ExportPreview, ExportSource } from './export-options.ts';
import {
  AccountView,
  AppInfo,
  Connection,
  ProxyStatus,
  DmcaView,
  FolderId,
  Folder,
  FoldersView,
  HttpUrl,
  ImageCheck,
  Language,
  LocalPath,
  Text,
  FolderName,
  OutboxView,
  RemoteAction,
  RemoteView,
  ReportsView,
  Settings,
  StartupNotice,
  Subtitle,
  SyncStatus,
  ThumbnailQueue,
  UploadJob,
  UploadsAddResult,
  Video,
  VideoId,
  VideoSort,
  VideosPage,
  JobProgress,
  UploadTotals,
  UpdateStatus,
  SaidSchema,
} from './model.ts';
import { isAccountMethod, type AccountEventName, type AccountMethodName, type AppMethodName, type EventName, type MethodName } from './contract-names.ts';
import { MediaInfo, SubtitleEncoding, SubtitlePreview } from './media.ts';
import { WatchStatusView } from './watch.ts';
import { HealthQuery, HealthView, LinkHealth, LinkMapPair, LinkMapView, LinkPageInput, RecoverInput, RecoverResult, TakedownsFound, TakedownsView, Tombstone } from './links.ts';
import { LinkCheckResult, LinkFixInput, LinkFixResult, LinkTextSource, UnknownVideo } from './link-text.ts';
import { UploadsQuery, UploadsSummary, UploadsView } from './upload-queue.ts';
import { UploadVerification } from './upload-verification.ts';
import { Destination, DestinationId, HookCommand, NotifyView } from './notify.ts';
import { UploadConditions } from './upload-conditions.ts';

const none = z.undefined();
/** Whose a method or event is: the app's as a whole, or one account's. */
export type Scope = 'app' | 'account';
/** A 1600 x 1200 PNG of noise is about 5.8 MB; base64 adds a third. */
const MAX_FRAME_BASE64 = 12 * 1024 * 1024;
const ok = z.object({ ok: z.literal(true) });

/**
 * A method of the app as a whole (its settings, the accounts, the window's shell): the
 * request names no account.
 */
function method<I extends z.ZodType, O extends z.ZodType>(input: I, output: O) {
  return { scope: 'app' as const, input, output };
}

/**
 * A method of one account (its library, queue, outbox, connection): the request names the
 * account, in rclone's `remote:` manner, and the core answers from that account's session.
 */
function accountMethod<I extends z.ZodType, O extends z.ZodType>(input: I, output: O) {
  return { scope: 'account' as const, input, output };
}

/** An event of the app as a whole: delivered with no account. */
function event<P extends z.ZodType>(payload: P) {
  return { scope: 'app' as const, payload };
}

/** An event of one account: delivered with that account's id, so one account's news is never shown under another. */
function accountEvent<P extends z.ZodType>(payload: P) {
  return { scope: 'account' as const, payload };
}

export const methods = {
  'app:info': method(none, AppInfo),
  /** What went wrong while starting (damaged files set aside, no keychain...), with what to do. */
  'app:notices': method(none, z.array(StartupNotice)),
  /** The system's preferred languages, most preferred first (Electron's app.getPreferredSystemLanguages()); empty when the host cannot tell. */
  'app:preferredLanguages': method(none, z.array(Text.max(64)).max(64)),
  'app:dismissNotice': method(z.strictObject({ id: Text.max(200) }), z.array(StartupNotice)),

  'settings:get': method(none, Settings),
  /** The address comes with the key (accounts:add), and plain-http consent only with it. */
  'settings:set': method(Settings.omit({ baseUrl: true, plainHttpAllowed: true, accounts: true, activeAccount: true, notifyDestinations: true, hooks: true }).partial().strict(), Settings),

  /** Source tree only: start the sandbox host on loopback and connect to it. */
  'sandbox:start': method(none, AccountsView),

  /** The accounts (shared/accounts.ts): never a key, only its last four characters. */
  'accounts:list': method(none, AccountsView),
  /**
   * Checks the key with the service (operation 1), keeps it in the keychain for the account it
   * belongs to (the one whose e-mail the service named; none: a new one), and shows that account.
   * `for`: the account the key was entered for (a new key for it); `allowPlainHttp`: the person
   * confirmed plain http to a host that is not this computer.
   */
  'accounts:add': method(
    z.strictObject({ name: AccountName.optional(), baseUrl: HttpUrl, key: Text.max(256), allowPlainHttp: z.literal(true).optional(), for: AccountId.optional() }),
    AccountAdded,
  ),
  /** Forgets an account's key (the person signs in again); the account and its data stay. */
  'accounts:forgetKey': method(z.strictObject({ id: AccountId }), AccountsView),
  'accounts:rename': method(z.strictObject({ id: AccountId, name: AccountName }), AccountsView),
  /** Shows another account; every queue keeps running. */
  'accounts:switch': method(z.strictObject({ id: AccountId }), AccountsView),
  /** Deletes its keychain entry; its library, queue and history files too only when `deleteData`. */
  'accounts:remove': method(z.strictObject({ id: AccountId, deleteData: z.boolean() }), AccountsView),

  /** Whether a password for the manual proxy is kept (in the keychain, never in settings). */
  'proxy:status': method(none, ProxyStatus),
  /** Keeps (or with null, forgets) the manual proxy's password in the keychain. */
  'proxy:setPassword': method(z.strictObject({ password: Text.min(1).max(256).nullable() }), ProxyStatus),

  'connection:get': accountMethod(none, Connection),
  /** Tries the service at once ("Retry now" while offline); answers the state after the try. */
  'connection:check': accountMethod(none, Connection),
  'sync:status': accountMethod(none, SyncStatus),
  'sync:now': accountMethod(z.strictObject({ full: z.boolean().optional() }).optional(), SyncStatus),

  'account:get': accountMethod(z.strictObject({ refresh: z.boolean().optional() }).optional(), AccountView),
  'account:reports': accountMethod(
    z.strictObject({ last: z.number().int().min(1).max(3660).optional(), refresh: z.boolean().optional() }).optional(),
    ReportsView,
  ),
  'account:dmca': accountMethod(
    z.strictObject({ page: z.number().int().min(1).max(100_000), perPage: z.number().int().min(1).max(200) }),
    DmcaView,
  ),

  'folders:list': accountMethod(none, FoldersView),
  'folders:create': accountMethod(z.strictObject({ name: FolderName }), Folder),
  'folders:rename': accountMethod(z.strictObject({ id: FolderId, name: FolderName }), Folder),

  'videos:list': accountMethod(
    z.strictObject({
      folderId: FolderId,
      offset: z.number().int().min(0).max(10_000_000),
      limit: z.number().int().min(1).max(500),
      sort: VideoSort.optional(),
      search: Text.max(200).optional(),
    }),
    VideosPage,
  ),
  /** Title search over the whole library, from the local index. */
  /** `total`: every match in the library; `items` holds at most `limit` of them, newest first. */
  /** `includeDead`: the taken-down and gone videos (tombstones) whose title matches too, as `dead` (newest deaths first). */
  'videos:search': accountMethod(
    z.strictObject({ query: Text.min(1).max(200), limit: z.number().int().min(1).max(500), includeDead: z.boolean().optional() }),
    z.object({ items: z.array(Video), total: z.number().int().min(0), dead: z.object({ items: z.array(Tombstone), total: z.number().int().min(0) }).optional() }),
  ),
  'videos:get': accountMethod(z.strictObject({ id: VideoId }), Video),
  /** How many videos a selection holds and their size, resolved in the library (not over the rows loaded). */
  'videos:selectionSummary': accountMethod(z.strictObject({ selection: VideoSelection }), SelectionSummary),
  'videos:setSkipIntro': accountMethod(z.strictObject({ id: VideoId, seconds: z.number().int().min(0).max(86_400) }), Video),
  'videos:copy': accountMethod(z.strictObject({ id: VideoId }), z.object({ queued: z.boolean() })),
  'videos:checkThumbnail': accountMethod(z.strictObject({ path: LocalPath }), ImageCheck),
  'videos:setThumbnail': accountMethod(z.strictObject({ id: VideoId, path: LocalPath }), ThumbnailQueue),
  'videos:deleteThumbnail': accountMethod(z.strictObject({ id: VideoId }), ThumbnailQueue),
  'videos:thumbnailQueue': accountMethod(none, ThumbnailQueue),
  /** The local file this video was uploaded from, when it was uploaded from this machine, and what it is. */
  'videos:localFile': accountMethod(
    z.strictObject({ id: VideoId }),
    z.object({ file: z.object({ path: z.string(), name: z.string(), media: MediaInfo.nullable(), verification: UploadVerification.nullable().optional() }).nullable() }),
  ),

  'subtitles:list': accountMethod(z.strictObject({ videoId: VideoId }), z.object({ items: z.array(Subtitle) })),
  /** `encoding` overrides the detected text encoding of the file. */
  'subtitles:addFile': accountMethod(z.strictObject({ videoId: VideoId, language: Language, path: LocalPath, encoding: SubtitleEncoding.optional() }), Subtitle),
  /** What would be sent: the encoding read, the repairs made, the first cues and the WebVTT the service stores. */
  'subtitles:preview': accountMethod(z.strictObject({ path: LocalPath, encoding: SubtitleEncoding.optional() }), SubtitlePreview),
  'subtitles:addUrl': accountMethod(z.strictObject({ videoId: VideoId, language: Language, url: HttpUrl }), Subtitle),

  'uploads:list': accountMethod(UploadsQuery.optional(), UploadsView),
  /** These jobs as they are now (the command line follows the ones it queued). */
  'uploads:jobs': accountMethod(z.strictObject({ ids: z.array(z.number().int()).max(10_000) }), z.object({ jobs: z.array(UploadJob) })),
  /** `anyway`: queue files whose bytes are already queued or uploaded (the person chose "Upload anyway"). */
  'uploads:add': accountMethod(z.strictObject({ paths: z.array(LocalPath).min(1).max(10_000), folderId: FolderId, anyway: z.boolean().optional() }), UploadsAddResult),
  /**
   * Without an id: every job (the queue as a whole), `after-current` by default (nothing new
   * starts, the files being sent finish) or `now` (those are held: their requests kept open).
   */
  'uploads:pause': accountMethod(z.strictObject({ id: z.number().int().optional(), when: z.enum(['after-current', 'now']).optional() }).optional(), UploadsSummary),
  'uploads:resume': accountMethod(z.strictObject({ id: z.number().int().optional() }).optional(), UploadsSummary),
  'uploads:cancel': accountMethod(z.strictObject({ id: z.number().int() }), UploadsSummary),
  'uploads:retry': accountMethod(z.strictObject({ id: z.number().int() }), UploadsSummary),
  'uploads:clearFinished': accountMethod(none, UploadsSummary),
  /** Every failed (or changed) upload again, through the same checks as one retry. */
  'uploads:retryFailed': accountMethod(none, UploadsSummary),
  /** Cancels every upload that has not started; running ones go on. */
  'uploads:cancelWaiting': accountMethod(none, UploadsSummary),
  /** The first entries of an export and how many it holds (the Links menu's live preview). */
  'export:preview': accountMethod(z.strictObject({ source: ExportSource, options: ExportOptions }), ExportPreview),
  /** The whole export as text for the clipboard (refused when larger than the clipboard takes): links of a selection, of the history... */
  'export:text': accountMethod(z.strictObject({ source: ExportSource, options: ExportOptions }), z.object({ text: z.string(), count: z.number().int().min(0) })),
  /**
   * Writes the whole export to a path chosen in the save dialog, streamed, with export:progress.
   * `exportId` (made by the caller) is what export:cancel stops it by; cancelled, no file is left at the path.
   */
  'export:toFile': accountMethod(
    z.strictObject({ exportId: ExportId, path: LocalPath, source: ExportSource, options: ExportOptions }),
    z.object({ path: z.string(), count: z.number().int().min(0), cancelled: z.boolean() }),
  ),
  /** The next pieces of an export the caller pulls (the command line's stdout); the first read with an id starts it. */
  'export:read': accountMethod(
    z.strictObject({ exportId: ExportId, source: ExportSource, options: ExportOptions }),
    z.object({ text: z.string(), count: z.number().int().min(0), done: z.boolean() }),
  ),
  /** Stops the export with this id (a file export or a pulled one); `cancelled`: one was running. */
  'export:cancel': accountMethod(z.strictObject({ exportId: ExportId }), z.object({ cancelled: z.boolean() })),
  /** The upload history (kept after "Clear finished"), newest first, filtered and paged. */
  'uploads:history': accountMethod(HistoryFilter, HistoryPage),
  /** Another destination folder for an upload that has not started. */
  'uploads:move': accountMethod(z.strictObject({ id: z.number().int(), folderId: FolderId }), UploadsSummary),
  /** "Start now anyway" (issue 31): these waiting jobs (all of them without ids) start outside the upload windows or on battery. */
  'uploads:startNow': accountMethod(z.strictObject({ ids: z.array(z.number().int()).min(1).max(10_000) }).optional(), UploadsSummary),
  /** What the queues run under now (issue 31): the limit in force and until when, the upload windows, the power source. */
  'conditions:get': method(none, UploadConditions),

  'remote:list': accountMethod(none, RemoteView),
  /**
   * `folderId`: where the videos go (0 or absent: the root); sent with operation 5, and each
   * item then shows the folder the service reports.
   */
  'remote:add': accountMethod(
    z.strictObject({ urls: z.array(Text.max(2048)).min(1).max(1000), folderId: FolderId.optional() }),
    z.object({ accepted: z.number().int(), rejected: z.array(z.object({ url: z.string(), reason: SaidSchema })) }),
  ),
  'remote:action': accountMethod(z.strictObject({ action: RemoteAction, id: VideoId.optional() }), RemoteView),
  /** Drops an import that is still waiting locally (it never reached the service). */
  'remote:discard': accountMethod(z.strictObject({ localId: z.number().int().min(1) }), RemoteView),

  'outbox:list': accountMethod(none, OutboxView),
  'outbox:retry': accountMethod(z.strictObject({ id: z.number().int() }), OutboxView),
  'outbox:discard': accountMethod(z.strictObject({ id: z.number().int() }), OutboxView),

  /**
   * Lends a local video to the page for playback (picking a thumbnail frame): a path the person
   * granted, or the file a video was uploaded from. Answers a one-session, unguessable URL.
   */
  'media:open': method(z.strictObject({ path: LocalPath }), z.object({ url: z.string(), name: z.string() })),
  /** The page is done with a lent video: its URL stops working. */
  'media:release': method(z.strictObject({ url: Text.max(512) }), ok),
  /** A frame captured from a local video, as the thumbnail: the same checks and 3-per-minute queue as a picked image. */
  'videos:setThumbnailFrame': accountMethod(
    z.strictObject({ id: VideoId, type: z.enum(['jpeg', 'png']), data: z.string().min(1).max(MAX_FRAME_BASE64) }),
    ThumbnailQueue,
  ),

  /** Native dialogs; the paths chosen become paths the person granted. */
  'dialog:openFiles': method(z.strictObject({ kind: z.enum(['videos', 'image', 'subtitle', 'text']) }), z.object({ paths: z.array(z.string()) })),
  'dialog:openFolder': method(none, z.object({ paths: z.array(z.string()) })),
  /** The native save dialog; the path chosen (null when cancelled) is the only one an export may write. */
  'dialog:saveFile': method(z.strictObject({ suggestedName: Text.min(1).max(200) }), z.object({ path: z.string().nullable() })),
  /** Opens a service link in the system browser (https only). */
  'shell:openExternal': method(z.strictObject({ url: HttpUrl }), ok),
  /** Copies text (a video's link) through the main process: the page itself has no clipboard permission. */
  'clipboard:writeText': method(z.strictObject({ text: Text.max(1_000_000) }), ok),

  /** The app updater (installed app only; off in the source tree, with the reason in `message`). */
  'updates:status': method(none, UpdateStatus),
  /** Checks now (also when automatic checks are switched off); a newer version downloads in the background. */
  'updates:check': method(none, UpdateStatus),
  /** Restarts into the downloaded update; while uploads run, waits until they finish. */
  'updates:restart': method(none, UpdateStatus),
  /** Each watch folder's state and last file (the folders themselves are in the settings). */
  'watch:status': accountMethod(none, WatchStatusView),
  /**
   * The folder dialog, shown by the shell: the folders the person picks become watch folders
   * of the shown account (the only way one is added: settings:set cannot add one or change its path).
   */
  'watch:add': method(none, Settings),

  /**
   * The life of a link (shared/links.ts): how many videos are alive, taken down and gone, and a
   * page of the dead ones' tombstones (`state`: one of the two; `search`: their titles).
   */
  'links:health': accountMethod(HealthQuery, HealthView),
  /** The DMCA records read so far (operation 3, read with every sync), newest first. */
  'links:takedowns': accountMethod(LinkPageInput, TakedownsView),
  /** One dead video's tombstone: title, links, folder, source file, Upload again's state, its link-map pair. */
  'links:tombstone': accountMethod(z.strictObject({ id: VideoId }), Tombstone),
  /** The health of these videos: the library's first; ids it does not know are asked of operation 15 (`unknown`: it could not be asked, and why). */
  'links:lookup': accountMethod(z.strictObject({ ids: z.array(VideoId).min(1).max(1000) }), z.object({ items: z.array(LinkHealth), unknown: z.array(UnknownVideo) })),
  /** Upload again: the dead videos named (or all) whose source is unchanged, to their folder with their title, through the queue. */
  'links:recover': accountMethod(RecoverInput, RecoverResult),
  /** Locate file…: a path picked in the open dialog for a dead video whose source moved or changed; checked as a drop, then queued. */
  'links:locate': accountMethod(z.strictObject({ id: VideoId, path: LocalPath }), RecoverResult),
  /** The link map: each dead video and the one uploaded again in its place, newest first (exported with the linkMap source). */
  'links:map': accountMethod(LinkPageInput, LinkMapView),
  /** Fix my links: the service's links in a pasted text or a picked file, each with its video's health (links:lookup's). */
  'links:check': accountMethod(LinkTextSource, LinkCheckResult),
  /**
   * The text with every link that has a replacement in the link map swapped, every other byte kept; written to
   * `toPath` (a path chosen in the save dialog) in the encoding it was read in, or answered as text.
   */
  'links:fix': accountMethod(LinkFixInput, LinkFixResult),
  // ---- Notifications and hooks (issue 31 §4, §5; shared/notify.ts) ----
  /** The destinations, each with `secretSet` (never the secret), and what waits in the outbox. */
  'notify:list': method(none, NotifyView),
  /** Adds (no id) or changes a destination; `secret`, typed once, goes to the keychain and is never read back. */
  'notify:save': method(
    z.strictObject({ destination: Destination.extend({ id: DestinationId.optional() }), secret: Text.min(1).max(2048).optional() }),
    NotifyView,
  ),
  'notify:remove': method(z.strictObject({ id: DestinationId }), NotifyView),
  /** Send test: one message at once; answers once the receiver took it, else the error says why. */
  'notify:test': method(z.strictObject({ id: DestinationId }), ok),
  /**
   * Sets the hook programs and their timeout. Answered by the shell: a new command takes effect
   * only after the person confirmed it in a native dialog the main process shows (the page
   * cannot answer that dialog), so a compromised page cannot make Vidlift run a program.
   */
  'hooks:set': method(z.strictObject({ afterUpload: HookCommand.nullable().optional(), afterBatch: HookCommand.nullable().optional(), timeoutSeconds: z.number().int().min(1).max(3600).optional() }), Settings),
} as const satisfies Record<MethodName, { scope: Scope; input: z.ZodType; output: z.ZodType }>;

export const events = {
  'uploads:changed': accountEvent(UploadsSummary),
  'uploads:progress': accountEvent(z.object({ jobs: z.array(JobProgress), totals: UploadTotals })),
  'library:changed': accountEvent(z.object({ folders: z.boolean(), folderIds: z.array(FolderId), account: z.boolean() })),
  'outbox:changed': accountEvent(OutboxView),
  'remote:changed': accountEvent(RemoteView),
  'connection:changed': accountEvent(Connection),
  'settings:changed': event(Settings),
  /** The limit in force, an upload window or the power source changed (issue 31). */
  'conditions:changed': event(UploadConditions),
  'accounts:changed': event(AccountsView),
  'export:progress': accountEvent(z.object({ path: z.string(), written: z.number().int().min(0), done: z.boolean() })),
  'thumbnails:changed': accountEvent(ThumbnailQueue),
  /**
   * The shell asks the renderer to show a screen (a notification was clicked); `accountId`: the
   * account it is about (a takedown notification of an account not shown).
   */
  'app:navigate': event(z.object({ to: z.enum(['library', 'uploads', 'remote', 'account', 'settings', 'takedowns']), accountId: AccountId.optional() })),
  /** Help → Keyboard Shortcuts: the renderer shows the list. */
  'app:showShortcuts': event(z.object({})),
  /** The startup notices changed (a library could not be opened when the account opened). */
  'app:notices': event(z.array(StartupNotice)),
  'updates:changed': event(UpdateStatus),
  'watch:changed': accountEvent(WatchStatusView),
  /** A DMCA read found new records (one event per read, also for accounts not shown). */
  'links:takedownsFound': accountEvent(TakedownsFound),
  /** Uploads again were confirmed: the link map gained these pairs (Fix my links checks its text again). */
  'links:paired': accountEvent(z.object({ pairs: z.array(LinkMapPair).min(1) })),
} as const satisfies Record<EventName, { scope: Scope; payload: z.ZodType }>;

// The other direction: every schema above has its name in contract-names.ts.
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const methodNamesMatch: Exact<keyof typeof methods, MethodName> = true;
const eventNamesMatch: Exact<keyof typeof events, EventName> = true;
void methodNamesMatch;
void eventNamesMatch;

export const contract = { methods, events } as const;

export type Methods = typeof methods;
export type { MethodName, EventName, AccountMethodName, AppMethodName, AccountEventName };
export type MethodInput<M extends MethodName> = z.input<Methods[M]['input']>;
/** What a handler receives: the input after its schema parsed it. */
export type ParsedInput<M extends MethodName> = z.output<Methods[M]['input']>;
export type MethodOutput<M extends MethodName> = z.output<Methods[M]['output']>;
/** What a handler may return: at least the fields of the output schema. */
export type HandlerOutput<M extends MethodName> = z.input<Methods[M]['output']>;
export type EventPayload<E extends EventName> = z.output<(typeof events)[E]['payload']>;

// The scopes as the schemas declare them, checked against contract-names.ts's lists (which
// the window reads without loading a schema): a method or event whose scope differs does not compile.
type SchemaAccountMethod = { [M in MethodName]: Methods[M]['scope'] extends 'account' ? M : never }[MethodName];
type SchemaAccountEvent = { [E in EventName]: (typeof events)[E]['scope'] extends 'account' ? E : never }[EventName];
const methodScopesMatch: Exact<SchemaAccountMethod, AccountMethodName> = true;
const eventScopesMatch: Exact<SchemaAccountEvent, AccountEventName> = true;
void methodScopesMatch;
void eventScopesMatch;

/** Every account-scoped method, in the table's order. */
export const ACCOUNT_METHODS = (Object.keys(methods) as MethodName[]).filter(isAccountMethod);

export { METHOD_NAMES, EVENT_NAMES, isMethodName, isEventName, isAccountMethod, isAccountEvent } from './contract-names.ts';

/** Arguments of an invoker: methods without input take none. */
export type InvokeArgs<M extends MethodName> = undefined extends MethodInput<M> ? [input?: MethodInput<M>] : [input: MethodInput<M>];

/** A drop's destination in the upload queue: uploads:add's input but the paths, which the preload reads from the Files. */
export type DropOptions = Omit<MethodInput<'uploads:add'>, 'paths'>;

/**
 * What crosses the bridge: an account-scoped call names its account after the input (null:
 * no account is shown, and the core answers as signed out where it can); an app call names none.
 */
export type BridgeArgs<M extends MethodName> = M extends AccountMethodName ? [input: MethodInput<M> | undefined, accountId: string | null] : InvokeArgs<M>;

/**
 * What the preload exposes as window.api (and the harness bridge imitates): one invoker per
 * method, answering with the envelope, plus event subscription, a drop for the upload queue
 * and the path of a dropped file.
 */
export type WindowApi = {
  [M in MethodName]: (...args: BridgeArgs<M>) => Promise<import('./errors.ts').Envelope<MethodOutput<M>>>;
} & {
  /** `accountId`: the account an account-scoped event is about; null for the app's own events. */
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>, accountId: string | null) => void): () => void;
  /** Queues Files the person dropped or picked, in one message: main grants their real paths and adds them (uploads:add's answer). */
  dropFiles(files: readonly File[], options: DropOptions, accountId: string | null): Promise<import('./errors.ts').Envelope<MethodOutput<'uploads:add'>>>;
  /** The local path of a File the person dropped or picked; grants that path to the main process. */
  pathForFile(file: File): string;
};

// Kept for the types of payloads the renderer builds.
export type { UploadJob };
