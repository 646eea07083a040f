// The service client: the only code that speaks to the service. One method per operation
// (1-17, 20, 21), requests built from the wire table only, every reply validated against
// its schema, every failure a ServiceError (an AppError) with a code the app can act on.
// See errors.ts for how a service error's code is decided, http.ts for the transport rules.
import fs from 'node:fs';
import FormData from 'form-data';
import { imageSizeFromFile } from 'image-size/fromFile';
import type { z } from 'zod';
import type { ErrorCode } from '../../../shared/errors.ts';
import type { Logger, SecretRegistry } from '../log/logger.ts';
import {
  SERVICE_ERROR_MEANING,
  ServiceError,
  hintFromMessage,
  serviceErrorFor,
  type ErrorFacts,
  type FailureKind,
  type OperationName,
} from './errors.ts';
import { DeadlineExceeded, TransportError, nodeTransport, type HttpResponse, type PreparedBody, type Transport } from './http.ts';
import { DEFAULT_RETRY_POLICY, NO_RETRY, realSleep, withRetry, type RetryPolicy, type Sleep } from './retry.ts';
import * as s from './schemas.ts';
import type { LocalFilePart, Out, RequestOptions, ServiceApi } from './service-api.ts';
import { API_KEY_HEADER, FILE_FIELD, wire, type Operation } from './wire.ts';

/** Told about every finished call: whether the service was reached at all. */
export interface ConnectionReporter {
  reportReached(): void;
  reportUnreachable(reason: string): void;
}

export interface ServiceClientOptions {
  /** The base address (settings), or a function read at every call so a change applies at once. */
  baseUrl: string | (() => string | null);
  /** The API key, or a function (AuthService.getKey) read at every call. */
  apiKey: string | (() => string | null | Promise<string | null>);
  logger?: Logger;
  /** The key and every upload session are registered here before they can reach a log. */
  secrets?: SecretRegistry;
  connection?: ConnectionReporter;
  /** Overall deadline of one call, retries included (default 30 s). */
  deadlineMs?: number;
  /** Extra time for operations the service itself may spend long on (default: 21 gets +30 s, its upstream timeout). */
  extraDeadlineMs?: Partial<Record<OperationName, number>>;
  maxResponseBytes?: number;
  maxRedirects?: number;
  retry?: RetryPolicy;
  random?: () => number;
  sleep?: Sleep;
  now?: () => number;
  transport?: Transport;
  /** After a service error, check the key with operation 1 before deciding (default true). */
  verifyKeyOnError?: boolean;
  /** Take the two messages the spec quotes as shortcuts (default true; tests turn it off to show the table decides alone). */
  messageHints?: boolean;
}

export const DEFAULT_DEADLINE_MS = 30_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;
export const DEFAULT_MAX_REDIRECTS = 3;
const THUMBNAIL_MAX_WIDTH = 1600;
const THUMBNAIL_MAX_HEIGHT = 1200;
const SUBTITLE_MAX_BYTES = 500 * 1024;
const RATE_WINDOW_MS = 60_000;
/** The extra checks after a service error get at most this long. */
const PROBE_DEADLINE_MS = 5_000;

const ID = /^\w{12}$/;
const LANGUAGE = /^\w+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

type Input = Record<string, unknown>;
type Schema = z.ZodType;

/** A well-formed service error body, before the client decides what it means. */
class ServiceFailure extends Error {
  readonly serviceMessage: string;
  constructor(serviceMessage: string) {
    super(serviceMessage);
    this.serviceMessage = serviceMessage;
  }
}

interface CallSpec<S extends Schema> {
  op: OperationName;
  input: Input;
  schema: S;
  options: RequestOptions | undefined;
  body?: () => PreparedBody;
}

export class ServiceClient implements ServiceApi {
  readonly #baseUrl: () => string | null;
  readonly #apiKey: () => string | null | Promise<string | null>;
  readonly #logger: Logger | undefined;
  readonly #secrets: SecretRegistry | undefined;
  readonly #connection: ConnectionReporter | undefined;
  readonly #deadlineMs: number;
  readonly #extraDeadlineMs: Partial<Record<OperationName, number>>;
  readonly #maxResponseBytes: number;
  readonly #maxRedirects: number;
  readonly #retry: RetryPolicy;
  readonly #random: () => number;
  readonly #sleep: Sleep;
  readonly #now: () => number;
  readonly #transport: Transport;
  readonly #verifyKeyOnError: boolean;
  readonly #messageHints: boolean;
  /** When this client sent thumbnail uploads (the service allows 3 per minute). */
  #thumbnailUploads: number[] = [];

  constructor(options: ServiceClientOptions) {
    const { baseUrl, apiKey } = options;
    this.#baseUrl = typeof baseUrl === 'function' ? baseUrl : () => baseUrl;
    this.#apiKey = typeof apiKey === 'function' ? apiKey : () => apiKey;
    this.#logger = options.logger;
    this.#secrets = options.secrets;
    this.#connection = options.connection;
    this.#deadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS;
    this.#extraDeadlineMs = options.extraDeadlineMs ?? { subtitleUrl: 30_000 };
    this.#maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    this.#maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
    this.#retry = options.retry ?? DEFAULT_RETRY_POLICY;
    this.#random = options.random ?? Math.random;
    this.#sleep = options.sleep ?? realSleep;
    this.#now = options.now ?? Date.now;
    this.#transport = options.transport ?? nodeTransport;
    this.#verifyKeyOnError = options.verifyKeyOnError ?? true;
    this.#messageHints = options.messageHints ?? true;
    if (typeof apiKey === 'string') this.#secrets?.addSecret(apiKey);
  }

  // ---- the operations -------------------------------------------------------------------
  // All async, so a refused input is a rejected promise like every other failure.

  async account(options?: RequestOptions): Promise<Out<typeof s.account>> {
    return this.#call({ op: 'account', input: {}, schema: s.account, options });
  }

  async reports(input: { last?: number; to?: string }, options?: RequestOptions): Promise<Out<typeof s.reports>> {
    if (input.last !== undefined) requireLocal(isInt(input.last, 1), 'The number of days must be a whole number of at least 1.');
    if (input.to !== undefined) requireLocal(DATE.test(input.to), 'The end date must be written YYYY-MM-DD.');
    return this.#call({ op: 'reports', input, schema: s.reports, options });
  }

  async dmca(input: { page: number; perPage: number }, options?: RequestOptions): Promise<Out<typeof s.dmcaList>> {
    requirePage(input);
    return this.#call({ op: 'dmca', input, schema: s.dmcaList, options });
  }

  async uploadTarget(options?: RequestOptions): Promise<Out<typeof s.uploadTarget>> {
    const target = await this.#call({ op: 'uploadTarget', input: {}, schema: s.uploadTarget, options });
    // The session authorizes uploads: it must never reach a log, whoever logs it later.
    this.#secrets?.addSecret(target.session);
    return target;
  }

  async remoteAdd(input: { url: string }, options?: RequestOptions): Promise<Out<typeof s.remoteAdded>> {
    requireLocal(isHttpUrl(input.url), 'The address must be an http or https URL.');
    return this.#call({ op: 'remoteAdd', input, schema: s.remoteAdded, options });
  }

  async copy(input: { id: string }, options?: RequestOptions): Promise<Out<typeof s.copied>> {
    requireId(input.id);
    return this.#call({ op: 'copy', input, schema: s.copied, options });
  }

  async remoteStatus(input: { id: string }, options?: RequestOptions): Promise<Out<typeof s.remoteItem>> {
    requireId(input.id);
    return this.#call({ op: 'remoteStatus', input, schema: s.remoteItem, options });
  }

  async remoteList(input: { page: number; perPage: number }, options?: RequestOptions): Promise<Out<typeof s.remoteList>> {
    requirePage(input);
    return this.#call({ op: 'remoteList', input, schema: s.remoteList, options });
  }

  async remoteAction(
    input: { action: 'retry_failed' | 'delete_failed' | 'delete_inactive' | 'delete'; id?: string },
    options?: RequestOptions,
  ): Promise<Out<typeof s.affected>> {
    requireLocal(['retry_failed', 'delete_failed', 'delete_inactive', 'delete'].includes(input.action), 'Unknown remote-upload action.');
    if (input.action === 'delete') requireId(input.id ?? '');
    return this.#call({ op: 'remoteAction', input, schema: s.affected, options });
  }

  async slots(options?: RequestOptions): Promise<Out<typeof s.slots>> {
    return this.#call({ op: 'slots', input: {}, schema: s.slots, options });
  }

  async folderCreate(input: { name: string }, options?: RequestOptions): Promise<Out<typeof s.folderCreated>> {
    requireName(input.name);
    return this.#call({ op: 'folderCreate', input, schema: s.folderCreated, options });
  }

  async folderRename(input: { id: number; name: string }, options?: RequestOptions): Promise<Out<typeof s.folderRenamed>> {
    requireLocal(isInt(input.id, 1), 'A folder id is a positive whole number.');
    requireName(input.name);
    return this.#call({ op: 'folderRename', input, schema: s.folderRenamed, options });
  }

  async folders(input: { parent: number }, options?: RequestOptions): Promise<Out<typeof s.folderList>> {
    requireLocal(isInt(input.parent, 0), 'A folder id is a whole number (0 for the root).');
    return this.#call({ op: 'folders', input, schema: s.folderList, options });
  }

  async videos(input: { folder: number; page: number; perPage: number; search?: string }, options?: RequestOptions): Promise<Out<typeof s.videoList>> {
    requireLocal(isInt(input.folder, 0), 'A folder id is a whole number (0 for the root).');
    requirePage(input);
    return this.#call({ op: 'videos', input, schema: s.videoList, options });
  }

  async videoInfo(input: { id: string }, options?: RequestOptions): Promise<Out<typeof s.video>> {
    requireId(input.id);
    return this.#call({ op: 'videoInfo', input, schema: s.video, options });
  }

  async skipIntro(input: { id: string; seconds: number }, options?: RequestOptions): Promise<Out<typeof s.skipIntro>> {
    requireId(input.id);
    requireLocal(isInt(input.seconds, 0), 'The intro length is a whole number of seconds (0 turns it off).');
    return this.#call({ op: 'skipIntro', input, schema: s.skipIntro, options });
  }

  async thumbnailUpload(input: { id: string; file: LocalFilePart }, options?: RequestOptions): Promise<Out<typeof s.thumbnail>> {
    requireId(input.id);
    const size = await fileSize(input.file.path);
    await requireThumbnailImage(input.file.path);
    const body = multipart(wire.thumbnailUpload.form?.(input) ?? {}, { ...input.file, size });
    const now = this.#now();
    this.#thumbnailUploads = this.#thumbnailUploads.filter((t) => now - t < RATE_WINDOW_MS);
    this.#thumbnailUploads.push(now);
    return this.#call({ op: 'thumbnailUpload', input, schema: s.thumbnail, options, body });
  }

  async thumbnailDelete(input: { id: string }, options?: RequestOptions): Promise<Out<typeof s.thumbnail>> {
    requireId(input.id);
    const body = multipart(wire.thumbnailDelete.form?.(input) ?? {});
    return this.#call({ op: 'thumbnailDelete', input, schema: s.thumbnail, options, body });
  }

  async subtitleFile(input: { id: string; language: string; file: LocalFilePart }, options?: RequestOptions): Promise<Out<typeof s.subtitle>> {
    requireId(input.id);
    requireLanguage(input.language);
    const size = input.file.bytes ? input.file.bytes.length : await fileSize(input.file.path);
    requireLocal(size <= SUBTITLE_MAX_BYTES, 'A subtitle file may be at most 500 KB.');
    const body = multipart(wire.subtitleFile.form?.(input) ?? {}, { ...input.file, size });
    return this.#call({ op: 'subtitleFile', input, schema: s.subtitle, options, body });
  }

  async subtitleUrl(input: { id: string; language: string; url: string }, options?: RequestOptions): Promise<Out<typeof s.subtitle>> {
    requireId(input.id);
    requireLanguage(input.language);
    requireLocal(isHttpUrl(input.url), 'The subtitle address must be an http or https URL.');
    return this.#call({ op: 'subtitleUrl', input, schema: s.subtitle, options });
  }

  // ---- one call: deadline, retries, reply, classification ---------------------------------

  async #call<S extends Schema>(spec: CallSpec<S>): Promise<z.output<S>> {
    const { base, key } = await this.#credentials(spec.op);
    const deadlineMs = this.#deadlineMs + (this.#extraDeadlineMs[spec.op] ?? 0);
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new DeadlineExceeded(deadlineMs)), deadlineMs);
    const deadlineAt = this.#now() + deadlineMs;
    const signal = spec.options?.signal ? AbortSignal.any([deadline.signal, spec.options.signal]) : deadline.signal;
    const operation = wire[spec.op] as Operation<Input>;
    try {
      const result = await withRetry((attempt) => this.#attempt(spec, base, key, signal, attempt), {
        policy: operation.idempotent ? this.#retry : NO_RETRY,
        random: this.#random,
        sleep: this.#sleep,
        signal,
        shouldRetry: (error, _attempt, delayMs) => isTransient(error) && this.#now() + delayMs < deadlineAt,
        onRetry: (error, attempt, delayMs) =>
          this.#logger?.warn('service request failed, retrying', { op: spec.op, attempt, delayMs, error: describe(error) }),
      });
      this.#connection?.reportReached();
      return result;
    } catch (error) {
      if (error instanceof ServiceFailure) {
        this.#connection?.reportReached();
        throw await this.#classify(spec, base, key, error.serviceMessage, deadlineAt);
      }
      const failure = toServiceError(spec.op, error);
      if (failure.kind === 'network' || failure.kind === 'timeout') this.#connection?.reportUnreachable(failure.message);
      else if (failure.kind !== 'local') this.#connection?.reportReached();
      throw failure;
    } finally {
      clearTimeout(timer);
    }
  }

  async #attempt<S extends Schema>(spec: CallSpec<S>, base: URL, key: string, signal: AbortSignal, attempt: number): Promise<z.output<S>> {
    const started = this.#now();
    const response = await this.#send(spec.op, spec.input, base, key, signal, spec.body);
    this.#logger?.debug('service request', { op: spec.op, status: response.status, ms: this.#now() - started, attempt });
    return interpret(spec.op, response, spec.schema);
  }

  #send(op: OperationName, input: Input, base: URL, key: string, signal: AbortSignal, body?: () => PreparedBody): Promise<HttpResponse> {
    const operation = wire[op] as Operation<Input>;
    const url = endpoint(base, operation.path, operation.query?.(input));
    const headers: Record<string, string> = { accept: 'application/json', [API_KEY_HEADER]: key, 'user-agent': 'Vidlift' };
    let prepared = body;
    if (!prepared && operation.json) {
      const data = Buffer.from(JSON.stringify(operation.json(input)), 'utf8');
      prepared = () => ({ headers: { 'content-type': 'application/json' }, data });
    }
    return this.#transport({
      method: operation.method,
      url,
      headers,
      ...(prepared ? { body: prepared } : {}),
      originBoundHeaders: [API_KEY_HEADER],
      signal,
      maxResponseBytes: this.#maxResponseBytes,
      maxRedirects: this.#maxRedirects,
    });
  }

  async #credentials(op: OperationName): Promise<{ base: URL; key: string }> {
    const raw = this.#baseUrl();
    if (!raw) throw localError(op, 'unauthorized', 'No service address is set. Enter it with your API key in Settings.');
    let base: URL;
    try {
      base = new URL(raw);
    } catch {
      throw localError(op, 'validation', 'The service address in Settings is not a valid URL.');
    }
    const key = await this.#apiKey();
    if (!key) throw localError(op, 'unauthorized', 'No API key is set. Enter it in Settings.');
    this.#secrets?.addSecret(key);
    return { base, key };
  }

  /** What a well-formed service error means: see SERVICE_ERROR_MEANING in errors.ts. */
  async #classify(spec: CallSpec<Schema>, base: URL, key: string, message: string, deadlineAt: number): Promise<ServiceError> {
    const code = await this.#codeFor(spec, base, key, message, deadlineAt);
    this.#logger?.info('service error', { op: spec.op, code, serviceMessage: message });
    return serviceErrorFor(spec.op, code, message);
  }

  async #codeFor(spec: CallSpec<Schema>, base: URL, key: string, message: string, deadlineAt: number): Promise<ErrorCode> {
    const hinted = this.#messageHints ? hintFromMessage(message) : undefined;
    if (hinted) return hinted;
    const meaning = SERVICE_ERROR_MEANING[spec.op];
    if (spec.op === 'account') return meaning.decide({}, spec.input);
    const facts: ErrorFacts = {};
    const probe = (op: OperationName, input: Input) => this.#probe(op, input, base, key, deadlineAt, spec.options?.signal);
    if (this.#verifyKeyOnError) {
      facts.keyRefused = (await probe('account', {})) === 'refused';
      if (facts.keyRefused) return 'unauthorized';
    }
    for (const check of meaning.checks) {
      if (check === 'video' && typeof spec.input.id === 'string') {
        const outcome = await probe('videoInfo', { id: spec.input.id });
        if (outcome !== 'unknown') facts.videoExists = outcome === 'ok';
      } else if (check === 'folder') {
        const folderId = spec.input.folder ?? spec.input.parent;
        if (typeof folderId === 'number' && folderId > 0) {
          const exists = await this.#probeFolder(folderId, base, key, deadlineAt, spec.options?.signal);
          if (exists !== undefined) facts.folderExists = exists;
        }
      } else if (check === 'slots') {
        const outcome = await this.#probeSlots(base, key, deadlineAt, spec.options?.signal);
        if (outcome !== undefined) facts.freeSlots = outcome;
      } else if (check === 'thumbnail-rate') {
        const now = this.#now();
        facts.thumbnailUploadsLastMinute = this.#thumbnailUploads.filter((t) => now - t < RATE_WINDOW_MS).length;
      }
    }
    return meaning.decide(facts, spec.input);
  }

  /** One read-only request, no retries: 'ok', 'refused' (a service error) or 'unknown'. */
  async #probe(op: OperationName, input: Input, base: URL, key: string, deadlineAt: number, callerSignal?: AbortSignal): Promise<'ok' | 'refused' | 'unknown'> {
    try {
      await this.#probeReply(op, input, base, key, deadlineAt, callerSignal);
      return 'ok';
    } catch (error) {
      return error instanceof ServiceFailure ? 'refused' : 'unknown';
    }
  }

  /** Whether the folder is anywhere in the service's tree (operation 13 from the root). */
  async #probeFolder(folderId: number, base: URL, key: string, deadlineAt: number, callerSignal?: AbortSignal): Promise<boolean | undefined> {
    try {
      const reply = (await this.#probeReply('folders', { parent: 0 }, base, key, deadlineAt, callerSignal)) as Out<typeof s.folderList>;
      const inTree = (nodes: readonly s.FolderNode[]): boolean => nodes.some((node) => node.id === folderId || inTree(node.children));
      return inTree(reply.list);
    } catch {
      return undefined;
    }
  }

  async #probeSlots(base: URL, key: string, deadlineAt: number, callerSignal?: AbortSignal): Promise<number | undefined> {
    try {
      const reply = (await this.#probeReply('slots', {}, base, key, deadlineAt, callerSignal)) as Out<typeof s.slots>;
      return reply.slots.free;
    } catch {
      return undefined;
    }
  }

  async #probeReply(op: OperationName, input: Input, base: URL, key: string, deadlineAt: number, callerSignal?: AbortSignal): Promise<unknown> {
    const ms = Math.max(1, Math.min(PROBE_DEADLINE_MS, deadlineAt - this.#now()));
    const deadline = AbortSignal.timeout(ms);
    const signal = callerSignal ? AbortSignal.any([deadline, callerSignal]) : deadline;
    const schemaFor: Partial<Record<OperationName, Schema>> = { account: s.account, videoInfo: s.video, slots: s.slots, folders: s.folderList };
    const response = await this.#send(op, input, base, key, signal);
    return interpret(op, response, schemaFor[op] ?? s.account);
  }
}

// ---- replies ------------------------------------------------------------------------------

/** A reply becomes the parsed value, a ServiceFailure (service error body), or a ServiceError. */
export function interpret<S extends Schema>(op: OperationName, response: HttpResponse, schema: S): z.output<S> {
  const text = response.body.toString('utf8');
  let json: unknown;
  let isJson = false;
  try {
    json = JSON.parse(text);
    isJson = true;
  } catch {
    // judged below, together with the status
  }
  const errorBody = isJson ? s.serviceError.safeParse(json) : undefined;
  if (response.status === 200) {
    if (!isJson) throw badReply(op, text.trim() === '' ? 'an empty reply' : 'a reply that is not JSON (it may have been cut off)');
    const parsed = schema.safeParse(json);
    if (parsed.success) return parsed.data;
    // A service error sent with 200 is still an error, not a half-filled object.
    if (errorBody?.success && errorBody.data.status !== 200) throw new ServiceFailure(errorBody.data.message);
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` (field ${issue.path.map(String).join('.')})` : '';
    throw badReply(op, `a reply that does not have the expected shape${where}`);
  }
  if (errorBody?.success) throw new ServiceFailure(errorBody.data.message);
  if (response.status >= 500) {
    throw new ServiceError('server', `The service is having trouble (HTTP ${response.status} from a server in between). Try again in a moment.`, {
      kind: 'gateway',
      operation: op,
      retryable: true,
    });
  }
  throw badReply(op, `an unexpected HTTP ${response.status} reply`);
}

function badReply(op: OperationName, what: string): ServiceError {
  return new ServiceError('server', `The service sent ${what}, which Vidlift cannot use.`, { kind: 'bad_reply', operation: op, retryable: true });
}

/** Failures worth sending again (for an operation that is safe to repeat). */
function isTransient(error: unknown): boolean {
  if (error instanceof TransportError) return error.failure === 'network';
  return error instanceof ServiceError && error.kind === 'gateway';
}

const TRANSPORT_KINDS: Record<TransportError['failure'], FailureKind> = {
  network: 'network',
  timeout: 'timeout',
  too_large: 'too_large',
  redirect: 'redirect',
  aborted: 'local',
};

function toServiceError(op: OperationName, error: unknown): ServiceError {
  if (error instanceof ServiceError) return error;
  // The deadline can also end a wait between two attempts.
  if (error instanceof DeadlineExceeded) {
    return new ServiceError('offline', `The service could not be reached: it gave ${error.message}.`, { kind: 'timeout', operation: op, retryable: true, cause: error });
  }
  if (error instanceof TransportError) {
    if (error.failure === 'aborted') {
      return new ServiceError('internal', 'The request was cancelled.', { kind: 'local', operation: op, retryable: true, cause: error });
    }
    const code: ErrorCode = error.failure === 'network' || error.failure === 'timeout' ? 'offline' : 'server';
    const message =
      code === 'offline' ? `The service could not be reached: ${error.message}` : `The service's reply was refused: ${error.message}`;
    return new ServiceError(code, message, { kind: TRANSPORT_KINDS[error.failure], operation: op, retryable: code === 'offline', cause: error });
  }
  return new ServiceError('internal', 'Something went wrong inside Vidlift while talking to the service.', { kind: 'local', operation: op, cause: error });
}

// ---- requests -----------------------------------------------------------------------------

/** base + path, keeping any path prefix of the base address; undefined query values are left out. */
export function endpoint(base: URL, path: string, query?: Record<string, string | number | undefined>): URL {
  const url = new URL(base.href.replace(/\/+$/, '') + path);
  url.search = '';
  url.hash = '';
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  return url;
}

interface SizedFile extends LocalFilePart {
  size: number;
}

/** Multipart body from wire fields; the file part last, streamed from disk with its known length. */
function multipart(fields: Record<string, string>, file?: SizedFile): () => PreparedBody {
  return () => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    let stream: fs.ReadStream | undefined;
    if (file?.bytes) {
      form.append(FILE_FIELD, Buffer.from(file.bytes), { filename: file.name, contentType: file.contentType, knownLength: file.bytes.length });
    } else if (file) {
      stream = fs.createReadStream(file.path, { highWaterMark: 1 << 20 });
      form.append(FILE_FIELD, stream, { filename: file.name, contentType: file.contentType, knownLength: file.size });
    }
    const headers: Record<string, string> = { ...(form.getHeaders() as Record<string, string>), 'content-length': String(form.getLengthSync()) };
    return { headers, data: form, dispose: () => stream?.destroy() };
  };
}

async function fileSize(path: string): Promise<number> {
  try {
    const stat = await fs.promises.stat(path);
    requireLocal(stat.isFile(), `${path} is not a file.`);
    return stat.size;
  } catch (error) {
    if (error instanceof ServiceError) throw error;
    throw localError(null, 'validation', `The file ${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}).`);
  }
}

async function requireThumbnailImage(path: string): Promise<void> {
  let size: { type?: string; width: number; height: number };
  try {
    size = await imageSizeFromFile(path);
  } catch {
    throw localError('thumbnailUpload', 'validation', 'A thumbnail must be a JPEG or PNG image.');
  }
  requireLocal(size.type === 'jpg' || size.type === 'png', 'A thumbnail must be a JPEG or PNG image.');
  requireLocal(
    size.width <= THUMBNAIL_MAX_WIDTH && size.height <= THUMBNAIL_MAX_HEIGHT,
    `A thumbnail may be at most ${THUMBNAIL_MAX_WIDTH} × ${THUMBNAIL_MAX_HEIGHT} pixels (this one is ${size.width} × ${size.height}).`,
  );
}

// ---- local checks (refused before anything is sent) -----------------------------------------

function localError(op: OperationName | null, code: ErrorCode, message: string): ServiceError {
  return new ServiceError(code, message, { kind: 'local', operation: op, retryable: false });
}

function requireLocal(condition: boolean, message: string): void {
  if (!condition) throw localError(null, 'validation', message);
}

function isInt(value: unknown, min: number): boolean {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= min;
}

function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function requireId(id: string): void {
  requireLocal(typeof id === 'string' && ID.test(id), 'A video or queue id is 12 letters, digits or underscores.');
}

function requireLanguage(language: string): void {
  requireLocal(typeof language === 'string' && LANGUAGE.test(language), 'A language code is letters, digits or underscores (for example en).');
}

function requirePage(input: { page: number; perPage: number }): void {
  requireLocal(isInt(input.page, 1) && isInt(input.perPage, 1), 'Page number and page size are whole numbers of at least 1.');
}

function requireName(name: string): void {
  requireLocal(typeof name === 'string' && name.trim() !== '' && name.length <= 255, 'A folder name is 1 to 255 characters.');
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

