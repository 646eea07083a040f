// THE OPERATION TABLE: one row per service operation (spec/service-api.md section 4), and
// everything the client knows about it: its wire shape (method, path, parameters), what it
// accepts (input schema, the shared rules of shared/model.ts), what it answers (reply schema,
// schemas.ts) and what a service error from it means (error meaning, errors.ts). The client's
// methods and the ServiceApi type are derived from these rows (client.ts, service-api.ts), so
// adding an operation is adding a row.
//
// The service spec leaves parameter names and some request shapes "not shown"; the team
// decided them in spec/wire-decisions.md. Every per-operation decision lives in this table
// and only here (the key header, file field and remote statuses in wire.ts, the file-server
// adapter in electron/core/uploads/file-server.ts), so a correction against the real service
// is a one-line change in this file.
import { z } from 'zod';
import type { ErrorCode } from '../../../shared/errors.ts';
import { FolderId, FolderName, HttpUrl, Language, RemoteAction, Text, VideoId } from '../../../shared/model.ts';
import { meaning, ServiceError, type ErrorFacts, type ErrorMeaning } from './errors.ts';
import { isDowngrade } from './http.ts';
import { requireLocal, requireThumbnailImage, SUBTITLE_MAX_BYTES } from './local-checks.ts';
import * as s from './schemas.ts';
import { said } from '../../../shared/said.ts';

export type HttpMethod = 'GET' | 'POST';
type Query = Record<string, string | number | undefined>;
type Json = Record<string, unknown>;

/** A local file sent as the last multipart part (operations 17 and 20). */
export interface LocalFilePart {
  /** Absolute path of a file already checked by electron/core/files. */
  path: string;
  /** File name sent in the multipart part. */
  name: string;
  contentType: string;
  /** Send these bytes instead of the file's (a subtitle re-encoded as UTF-8); `path` stays for messages. */
  bytes?: Uint8Array;
}

export interface SizedFile extends LocalFilePart {
  size: number;
}

/**
 * One operation. `I` is its input schema (the method's parameter is `z.input<I>`; a schema
 * without fields makes a method that takes only options), `R` its reply schema (the method
 * answers `z.output<R>`). The wire functions get the input as the caller gave it, once it
 * passed `input`.
 */
export interface OperationRow<I extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  /** Its number in the spec's table (section 4). */
  number: number;
  method: HttpMethod;
  path: string;
  /** What the client accepts: anything else is refused before a byte is sent (a `local` ServiceError). */
  input: I;
  /** Query parameters (GET) — never the API key, which goes only in the X-Api-Key header. */
  query?(input: z.input<I>): Query;
  /** JSON body (POST). */
  json?(input: z.input<I>): Json;
  /** Multipart text fields; the input's `file`, if any, is added after them as the last part. */
  form?(input: z.input<I>): Record<string, string>;
  /** Safe to send again after a network failure: it cannot create anything twice. */
  idempotent: boolean;
  reply: R;
  /** What a well-formed service error from this operation means (errors.ts, error-probe.ts). */
  meaning: ErrorMeaning;
  /** Checks of the file part beyond its schema (read from disk), before anything is sent. */
  checkFile?(file: SizedFile): Promise<void> | void;
  /** Refuses a valid reply given where it came from (throws a ServiceError). */
  acceptReply?(reply: z.output<R>, base: URL): void;
  /** Secrets in the reply, registered before the reply can reach a log. */
  secretsIn?(reply: z.output<R>): readonly string[];
  /** The service limits it per minute: sends count in the thumbnail window (thumbnail-window.ts). */
  limitedPerMinute?: true;
  /** Time the service itself may spend on it, on top of the client's deadline. */
  extraDeadlineMs?: number;
}

/** A row, typed by its schemas (so its wire functions see its input's fields). */
export function row<I extends z.ZodType, R extends z.ZodType>(operation: OperationRow<I, R>): OperationRow<I, R> {
  return operation;
}

export type AnyRow = OperationRow<z.ZodType, z.ZodType>;
export type OperationTable = Readonly<Record<string, AnyRow>>;
/** An operation's input, once its schema accepted it, as the wire functions and error meanings read it. */
export type Input = Record<string, unknown>;

/** Whether the row's input has fields: without any, its method takes only options. */
export function takesInput(operation: AnyRow): boolean {
  return !(operation.input instanceof z.ZodObject && Object.keys(operation.input.shape).length === 0);
}

// ---- input rules shared by rows --------------------------------------------------------
const Whole = (min: number, message: string) => z.number().int(message).min(min, message).max(Number.MAX_SAFE_INTEGER, message);
const PAGE = 'page number and page size are whole numbers of at least 1';
const Page = z.object({ page: Whole(1, PAGE), perPage: Whole(1, PAGE) });
const FolderRef = Whole(0, 'a folder id is a whole number (0 for the top level)');
const File = z.object({ path: Text.min(1), name: Text.min(1).max(1024), contentType: Text.min(1).max(255), bytes: z.custom<Uint8Array>((value) => value instanceof Uint8Array, 'the bytes are a Uint8Array').optional() });
const none = z.object({});

// ---- error meanings shared by rows -----------------------------------------------------
const videoOr = (otherwise: ErrorCode) => (facts: ErrorFacts): ErrorCode => (facts.videoExists === false ? 'not_found' : otherwise);
/**
 * A read whose inputs were all checked locally: the only thing left to be wrong is a folder
 * it names that no longer exists. Anything else is the service failing, which a later retry
 * may get past (never "refused", which would make a sync or an upload give up for good).
 */
const folderGoneOrServer = (facts: ErrorFacts): ErrorCode => (facts.folderExists === false ? 'not_found' : 'server');

/** An https service handing out a plain-http file server would send the session and the file in the clear. */
function refuseDowngradedTarget(target: { url: string }, base: URL): void {
  if (!isDowngrade(base, new URL(target.url))) return;
  throw new ServiceError(
    'server',
    said('service_plain_http_target'),
    { kind: 'bad_reply', operation: 'uploadTarget', retryable: false },
  );
}

// Decision: one-based `page`, page size `perPage` everywhere but the DMCA list (`per_page`).
// Error meanings: the client validates ids, languages, URLs, numbers and local files before
// it sends anything, so what remains of a service error, once the key is known to be good,
// is mostly "the thing named does not exist" or a quota.
export const OPERATIONS = {
  account: row({
    number: 1,
    method: 'GET',
    path: '/v1/account',
    input: none,
    idempotent: true,
    reply: s.account,
    meaning: meaning('Operation 1 takes no input: the only thing the service can refuse is the key.', () => 'unauthorized'),
  }),
  reports: row({
    number: 2,
    method: 'GET',
    path: '/v1/account/reports',
    input: z.object({
      last: Whole(1, 'the number of days is a whole number of at least 1').optional(),
      // A calendar date that exists (2026-02-31 does not), written YYYY-MM-DD.
      to: z.iso.date('the end date is a real date written YYYY-MM-DD').optional(),
    }),
    // `from` is accepted by the service but ignored (spec 4.1), so it is never sent.
    query: ({ last, to }) => ({ last, to }),
    idempotent: true,
    reply: s.reports,
    meaning: meaning('Only `last`/`to` can be wrong (e.g. a range the service will not compute).', () => 'validation'),
  }),
  dmca: row({
    number: 3,
    method: 'GET',
    path: '/v1/account/dmca',
    input: Page,
    query: ({ page, perPage }) => ({ page, per_page: perPage }),
    idempotent: true,
    reply: s.dmcaList,
    meaning: meaning('The page parameters were checked locally: a failure is on the service side.', () => 'server'),
  }),
  /** A fresh file-server target; single use. */
  uploadTarget: row({
    number: 4,
    method: 'GET',
    path: '/v1/upload',
    input: none,
    idempotent: true,
    reply: s.uploadTarget,
    meaning: meaning('No input: with a good key, the service could not hand out a file server.', () => 'server'),
    acceptReply: refuseDowngradedTarget,
    // The session authorizes uploads: it must never reach a log, whoever logs it later.
    secretsIn: (target) => [target.session],
  }),
  // Decision: the target folder goes as `folder` (the queue item reports one; the service family
  // takes a folder with a remote upload), omitted for the root so a plain `{url}` stays as the spec shows.
  remoteAdd: row({
    number: 5,
    method: 'POST',
    path: '/v1/upload/url',
    input: z.object({ url: HttpUrl, folder: z.number().int().min(1).max(2_147_483_647).optional() }),
    json: ({ url, folder }) => (folder ? { url, folder } : { url }),
    idempotent: false,
    reply: s.remoteAdded,
    meaning: meaning(
      'The URL was checked locally; a full queue (no free slot) is a quota, anything else a URL the service will not take.',
      (facts) => (facts.freeSlots === 0 ? 'limit_reached' : 'validation'),
      ['slots'],
    ),
  }),
  copy: row({
    number: 6,
    method: 'POST',
    path: '/v1/upload/copy',
    input: z.object({ id: VideoId }),
    json: ({ id }) => ({ id }),
    idempotent: false,
    reply: s.copied,
    meaning: meaning(
      'A source the service cannot find is not_found; an existing source that cannot be copied hit the 50-copies quota.',
      videoOr('limit_reached'),
      ['video'],
    ),
  }),
  // Decision: the id parameter of operations 7 and 15 is `id`.
  remoteStatus: row({
    number: 7,
    method: 'GET',
    path: '/v1/upload/url/status',
    input: z.object({ id: VideoId }),
    query: ({ id }) => ({ id }),
    idempotent: true,
    reply: s.remoteItem,
    meaning: meaning('The id was checked locally: the queue item is gone.', () => 'not_found'),
  }),
  remoteList: row({
    number: 8,
    method: 'GET',
    path: '/v1/upload/url/list',
    input: Page,
    query: ({ page, perPage }) => ({ page, perPage }),
    idempotent: true,
    reply: s.remoteList,
    meaning: meaning('The page parameters were checked locally: a failure is on the service side.', () => 'server'),
  }),
  // Decision: `{action, id}`, `id` only with `delete`.
  remoteAction: row({
    number: 9,
    method: 'POST',
    path: '/v1/upload/url/actions',
    input: z
      .object({ action: RemoteAction, id: VideoId.optional() })
      .refine((input) => input.action !== 'delete' || input.id !== undefined, { message: 'deleting one remote upload needs its id', path: ['id'] }),
    json: ({ action, id }) => (action === 'delete' ? { action, id } : { action }),
    idempotent: false,
    reply: s.affected,
    meaning: meaning('The action and id were checked locally; the service refused the action.', () => 'validation'),
  }),
  slots: row({
    number: 10,
    method: 'GET',
    path: '/v1/upload/url/slots',
    input: none,
    idempotent: true,
    reply: s.slots,
    meaning: meaning('No input: with a good key this is a failure on the service side.', () => 'server'),
  }),
  folderCreate: row({
    number: 11,
    method: 'POST',
    path: '/v1/folders/create',
    input: z.object({ name: FolderName }),
    json: ({ name }) => ({ name }),
    idempotent: false,
    reply: s.folderCreated,
    meaning: meaning('The name (or its parent) was refused.', () => 'validation'),
  }),
  folderRename: row({
    number: 12,
    method: 'POST',
    path: '/v1/folders/rename',
    // The shared FolderId range (32-bit): a larger number is no folder the service has.
    input: z.object({ id: FolderId.min(1, 'a folder id is a positive whole number'), name: FolderName }),
    json: ({ id, name }) => ({ id, name }),
    idempotent: true,
    reply: s.folderRenamed,
    meaning: meaning('The name was checked locally: the folder is gone.', () => 'not_found'),
  }),
  // Decision: parent folder parameter `parent` (0 = root).
  folders: row({
    number: 13,
    method: 'GET',
    path: '/v1/folders',
    input: z.object({ parent: FolderRef }),
    query: ({ parent }) => ({ parent }),
    idempotent: true,
    reply: s.folderList,
    meaning: meaning('A parent missing from the tree is not_found; otherwise a failure on the service side.', folderGoneOrServer, ['folder']),
  }),
  // Decision: `folder` (0 = root), `page`, `perPage`, `search`.
  videos: row({
    number: 14,
    method: 'GET',
    path: '/v1/videos',
    input: Page.extend({ folder: FolderRef, search: Text.max(200, 'a search is at most 200 characters').optional() }),
    query: ({ folder, page, perPage, search }) => ({ folder, page, perPage, search }),
    idempotent: true,
    reply: s.videoList,
    meaning: meaning('A folder missing from the tree is not_found; otherwise a failure on the service side.', folderGoneOrServer, ['folder']),
  }),
  videoInfo: row({
    number: 15,
    method: 'GET',
    path: '/v1/videos/info',
    input: z.object({ id: VideoId }),
    query: ({ id }) => ({ id }),
    idempotent: true,
    reply: s.video,
    meaning: meaning('The id was checked locally: the video is gone.', () => 'not_found'),
  }),
  skipIntro: row({
    number: 16,
    method: 'POST',
    path: '/v1/videos/skip-intro',
    input: z.object({
      id: VideoId,
      seconds: Whole(0, 'the intro length is a whole number of seconds (0 turns it off)').max(86_400, 'the intro length is at most a day'),
    }),
    json: ({ id, seconds }) => ({ id, seconds }),
    idempotent: true,
    reply: s.skipIntro,
    meaning: meaning('Id and seconds were checked locally: the video is gone.', () => 'not_found'),
  }),
  thumbnailUpload: row({
    number: 17,
    method: 'POST',
    path: '/v1/videos/thumbnail',
    input: z.object({ id: VideoId, file: File }),
    form: ({ id }) => ({ id }),
    idempotent: false,
    reply: s.thumbnail,
    meaning: meaning(
      'The image was checked locally (JPEG/PNG, at most 1600x1200). A missing video is not_found; an upload past the per-minute limit is rate_limited; otherwise the service cannot take thumbnails yet (spec: it needs a backend deployment fix).',
      (facts) => {
        if (facts.videoExists === false) return 'not_found';
        if (facts.overRateLimit) return 'rate_limited';
        return 'unavailable';
      },
      ['video', 'rate'],
    ),
    checkFile: (file) => requireThumbnailImage(file.path),
    limitedPerMinute: true,
  }),
  // Decision: deletion is the same multipart POST with `action=delete` and no file.
  thumbnailDelete: row({
    number: 17,
    method: 'POST',
    path: '/v1/videos/thumbnail',
    input: z.object({ id: VideoId }),
    form: ({ id }) => ({ id, action: 'delete' }),
    idempotent: true,
    reply: s.thumbnail,
    meaning: meaning('A missing video is not_found; otherwise a failure on the service side.', videoOr('server'), ['video']),
  }),
  subtitleFile: row({
    number: 20,
    method: 'POST',
    path: '/v1/subtitles/upload',
    input: z.object({ id: VideoId, language: Language, file: File }),
    form: ({ id, language }) => ({ id, language }),
    idempotent: false,
    reply: s.subtitle,
    meaning: meaning(
      'Id, language and size were checked locally. A missing video is not_found; otherwise the service cannot take subtitle files yet (spec: it needs a backend deployment fix).',
      videoOr('unavailable'),
      ['video'],
    ),
    checkFile: (file) => requireLocal(file.size <= SUBTITLE_MAX_BYTES, 'A subtitle file may be at most 500 KB.'),
  }),
  subtitleUrl: row({
    number: 21,
    method: 'POST',
    path: '/v1/subtitles/upload/url',
    input: z.object({ id: VideoId, language: Language, url: HttpUrl }),
    json: ({ id, language, url }) => ({ id, language, url }),
    idempotent: false,
    reply: s.subtitle,
    meaning: meaning(
      'A missing video is not_found; otherwise the service could not fetch or read the subtitle at that URL.',
      videoOr('validation'),
      ['video'],
    ),
    // The service downloads the subtitle with a 30-second upstream timeout (spec 4.15).
    extraDeadlineMs: 30_000,
  }),
} as const satisfies OperationTable;

export type OperationName = keyof typeof OPERATIONS;
