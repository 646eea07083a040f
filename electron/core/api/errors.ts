// The client's one error class and the table that says what a service error means.
//
// The service answers EVERY failure with HTTP 500 and `{message, status}` (spec 7), and its
// message text is not a stable enumeration: the client must not branch on it. So the
// meaning of a well-formed service error is decided from what the client knows about the
// request instead (the operation, its input, and a few cheap facts it can find out for
// itself), with the server's message kept for the person to read.
import { AppError, type ErrorCode } from '../../../shared/errors.ts';
import type { wire } from './wire.ts';

export type OperationName = keyof typeof wire;

/**
 * How a request failed, below the level of the app's error codes:
 * - `service`: a well-formed service error body (`{message, status}`);
 * - `network`: refused, reset, DNS, closed mid-reply; nothing usable came back;
 * - `timeout`: the overall deadline passed (a silent or dripping server);
 * - `too_large`: the reply went over the response-size cap;
 * - `gateway`: a 5xx reply that is not the service's JSON (an HTML proxy page);
 * - `bad_reply`: a reply that is not JSON or does not match the operation's schema;
 * - `redirect`: a redirect the client refuses to follow (https→http, too many, a body across origins);
 * - `local`: refused before anything was sent (missing key, invalid input, unreadable file).
 */
export type FailureKind = 'service' | 'network' | 'timeout' | 'too_large' | 'gateway' | 'bad_reply' | 'redirect' | 'local';

export class ServiceError extends AppError {
  readonly kind: FailureKind;
  readonly operation: OperationName | null;
  /** The service's own message, verbatim, when it sent one (never branch on its text). */
  readonly serviceMessage: string | null;

  constructor(
    code: ErrorCode,
    message: string,
    details: { kind: FailureKind; operation?: OperationName | null; serviceMessage?: string | null; retryable?: boolean; cause?: unknown },
  ) {
    super(code, message, { ...(details.retryable === undefined ? {} : { retryable: details.retryable }), cause: details.cause });
    this.name = 'ServiceError';
    this.kind = details.kind;
    this.operation = details.operation ?? null;
    this.serviceMessage = details.serviceMessage ?? null;
  }
}

/** The same error with the service's words passed through `redact` (secrets it echoed back). */
export function redactServiceError(error: ServiceError, redact: (text: string) => string): ServiceError {
  const message = redact(error.message);
  const said = error.serviceMessage === null ? null : redact(error.serviceMessage);
  if (message === error.message && said === error.serviceMessage) return error;
  return new ServiceError(error.code, message, { kind: error.kind, operation: error.operation, serviceMessage: said, retryable: error.retryable, cause: error.cause });
}

export function isServiceError(value: unknown): value is ServiceError {
  return value instanceof ServiceError;
}

/** Network-level failures: the only outcomes that say the service could not be reached. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof ServiceError && (error.kind === 'network' || error.kind === 'timeout');
}

// ---------------------------------------------------------------------------------------
// The classification table.

/**
 * Facts the client can establish for itself after a service error, without reading the
 * message. Each one is either a local count or one extra read-only request.
 */
export interface ErrorFacts {
  /** Operation 1 with the same key also failed with a service error: the key is refused. */
  keyRefused?: boolean;
  /** Operation 15 answered for the video the request named (false: it failed too). */
  videoExists?: boolean;
  /** The folder the request named is in the service's folder tree (operation 13). */
  folderExists?: boolean;
  /** Free remote-upload slots (operation 10) right after the error. */
  freeSlots?: number;
  /** Thumbnail uploads this client sent in the last minute, this one included. */
  thumbnailUploadsLastMinute?: number;
}

/** What the client finds out before deciding (besides the key check every operation but 1 gets). */
export type FactCheck = 'video' | 'folder' | 'slots' | 'thumbnail-rate';

export interface ErrorMeaning {
  checks: readonly FactCheck[];
  /** The code of a well-formed service error for this operation, given the facts. */
  decide(facts: ErrorFacts, input: Record<string, unknown>): ErrorCode;
  /** Why, in words (kept next to the rule so the table documents itself). */
  why: string;
}

const THUMBNAIL_LIMIT_PER_MINUTE = 3;

function meaning(why: string, decide: ErrorMeaning['decide'], checks: readonly FactCheck[] = []): ErrorMeaning {
  return { why, decide, checks };
}

const videoOr = (otherwise: ErrorCode) => (facts: ErrorFacts): ErrorCode => (facts.videoExists === false ? 'not_found' : otherwise);
/**
 * A read whose inputs were all checked locally: the only thing left to be wrong is a folder
 * it names that no longer exists. Anything else is the service failing, which a later retry
 * may get past (never "refused", which would make a sync or an upload give up for good).
 */
const folderGoneOrServer = (facts: ErrorFacts): ErrorCode => (facts.folderExists === false ? 'not_found' : 'server');

/**
 * Per operation: what a well-formed service error most likely means once the key is known
 * to be good. The client validates ids, languages, URLs, numbers and local files before it
 * sends anything, so what remains is mostly "the thing named does not exist" or a quota.
 */
export const SERVICE_ERROR_MEANING: Readonly<Record<OperationName, ErrorMeaning>> = {
  account: meaning('Operation 1 takes no input: the only thing the service can refuse is the key.', () => 'unauthorized'),
  reports: meaning('Only `last`/`to` can be wrong (e.g. a range the service will not compute).', () => 'validation'),
  dmca: meaning('The page parameters were checked locally: a failure is on the service side.', () => 'server'),
  uploadTarget: meaning('No input: with a good key, the service could not hand out a file server.', () => 'server'),
  remoteAdd: meaning(
    'The URL was checked locally; a full queue (no free slot) is a quota, anything else a URL the service will not take.',
    (facts) => (facts.freeSlots === 0 ? 'limit_reached' : 'validation'),
    ['slots'],
  ),
  copy: meaning(
    'A source the service cannot find is not_found; an existing source that cannot be copied hit the 50-copies quota.',
    videoOr('limit_reached'),
    ['video'],
  ),
  remoteStatus: meaning('The id was checked locally: the queue item is gone.', () => 'not_found'),
  remoteList: meaning('The page parameters were checked locally: a failure is on the service side.', () => 'server'),
  remoteAction: meaning('The action and id were checked locally; the service refused the action.', () => 'validation'),
  slots: meaning('No input: with a good key this is a failure on the service side.', () => 'server'),
  folderCreate: meaning('The name (or its parent) was refused.', () => 'validation'),
  folderRename: meaning('The name was checked locally: the folder is gone.', () => 'not_found'),
  folders: meaning('A parent missing from the tree is not_found; otherwise a failure on the service side.', folderGoneOrServer, ['folder']),
  videos: meaning('A folder missing from the tree is not_found; otherwise a failure on the service side.', folderGoneOrServer, ['folder']),
  videoInfo: meaning('The id was checked locally: the video is gone.', () => 'not_found'),
  skipIntro: meaning('Id and seconds were checked locally: the video is gone.', () => 'not_found'),
  thumbnailUpload: meaning(
    'The image was checked locally (JPEG/PNG, at most 1600x1200). A missing video is not_found; a 4th upload within a minute is rate_limited; otherwise the service cannot take thumbnails yet (spec: it needs a backend deployment fix).',
    (facts) => {
      if (facts.videoExists === false) return 'not_found';
      if ((facts.thumbnailUploadsLastMinute ?? 0) > THUMBNAIL_LIMIT_PER_MINUTE) return 'rate_limited';
      return 'unavailable';
    },
    ['video', 'thumbnail-rate'],
  ),
  thumbnailDelete: meaning('A missing video is not_found; otherwise a failure on the service side.', videoOr('server'), ['video']),
  subtitleFile: meaning(
    'Id, language and size were checked locally. A missing video is not_found; otherwise the service cannot take subtitle files yet (spec: it needs a backend deployment fix).',
    videoOr('unavailable'),
    ['video'],
  ),
  subtitleUrl: meaning(
    'A missing video is not_found; otherwise the service could not fetch or read the subtitle at that URL.',
    videoOr('validation'),
    ['video'],
  ),
};

/**
 * The two messages the spec itself quotes. They are hints that shortcut the extra checks,
 * never the only way to reach a code: the table above decides on its own when the text differs.
 */
export const QUOTED_MESSAGE_HINTS: ReadonlyMap<string, ErrorCode> = new Map([
  ['invalid api key', 'unauthorized'],
  ['file not found', 'not_found'],
]);

export function hintFromMessage(message: string): ErrorCode | undefined {
  return QUOTED_MESSAGE_HINTS.get(message.trim().toLowerCase());
}

const LEADS: Record<ErrorCode, string> = {
  offline: 'The service could not be reached.',
  unauthorized: 'The service refused the API key.',
  not_found: 'The service could not find it.',
  rate_limited: 'Too many attempts for now; try again in a minute.',
  validation: 'The service refused the request.',
  limit_reached: 'A limit of the service was reached.',
  server: 'The service had a problem.',
  unavailable: 'The service cannot do this yet.',
  internal: 'Something went wrong inside Vidlift.',
};

/** A sentence for the person: what it means, then what the service said, verbatim. */
export function describeServiceError(code: ErrorCode, serviceMessage: string): string {
  const said = serviceMessage.trim();
  return said === '' ? LEADS[code] : `${LEADS[code]} The service said: “${said}”`;
}

export function serviceErrorFor(operation: OperationName, code: ErrorCode, serviceMessage: string): ServiceError {
  return new ServiceError(code, describeServiceError(code, serviceMessage), {
    kind: 'service',
    operation,
    serviceMessage,
    // A refused input stays refused; a quota frees up later, but not by retrying at once.
    retryable: code === 'rate_limited' || code === 'server',
  });
}
