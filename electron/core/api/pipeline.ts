// The request pipeline: one call of one operation (a row of operations.ts), from the
// credentials read at call time through the overall deadline, retries of what is safe to
// repeat, the reply's schema, to a ServiceError whose code the app can act on (error-probe.ts
// decides a service error's meaning). The connection monitor hears whether the service was reached.
import type { Logger, SecretRegistry } from '../log/logger.ts';
import { redactServiceError, serviceErrorFor, ServiceError } from './errors.ts';
import { ErrorProbe, type CallSite } from './error-probe.ts';
import { DeadlineExceeded, nodeTransport, type HttpResponse, type PreparedBody, type Transport } from './http.ts';
import { localError } from './local-checks.ts';
import { interpret, isTransient, ServiceFailure, toServiceError } from './reply.ts';
import { endpoint } from './request.ts';
import { DEFAULT_RETRY_POLICY, NO_RETRY, realSleep, withRetry, type RetryPolicy, type Sleep } from './retry.ts';
import type { AnyRow, Input, OperationName, OperationTable } from './operations.ts';
import { API_KEY_HEADER } from './wire.ts';
import type { Connectivity } from '../connectivity.ts';

/** The client's side of the one connectivity view: it reports, others read. */
export type ConnectionReporter = Pick<Connectivity, 'report'>;

export interface ServiceClientOptions {
  /** The base address (settings), or a function read at every call so a change applies at once. */
  baseUrl: string | (() => string | null);
  /** The API key, or a function (AuthService.getKey) read at every call. */
  apiKey: string | (() => string | null | Promise<string | null>);
  logger?: Logger;
  /** The key and every upload session are registered here before they can reach a log. */
  secrets?: SecretRegistry;
  connection?: ConnectionReporter;
  /**
   * The service refused the key itself (errors.ts decides; for other operations the key is
   * re-checked with operation 1, twice, error-probe.ts), or accepted it again.
   */
  keyHealth?: { refused(): void; accepted(): void };
  /** Overall deadline of one call, retries included (default 30 s). */
  deadlineMs?: number;
  /** Extra time for operations the service itself may spend long on (default: each row's `extraDeadlineMs`). */
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

/** `O`: what the call answers, its row's reply unless `decode` makes something else of the reply. */
export interface CallSpec<O> extends CallSite {
  /** The request body when the client built it (multipart); else the row's `json`, if any. */
  body?: () => PreparedBody;
  /**
   * Decodes the reply instead of interpret(): where its values must not become objects on this
   * thread (ReplyDecoder). It throws what interpret() would for the same reply.
   */
  decode?: (response: HttpResponse) => Promise<O>;
}

export class RequestPipeline {
  readonly #operations: OperationTable;
  readonly #baseUrl: () => string | null;
  readonly #apiKey: () => string | null | Promise<string | null>;
  readonly #logger: Logger | undefined;
  readonly #secrets: SecretRegistry | undefined;
  readonly #connection: ConnectionReporter | undefined;
  readonly #keyHealth: ServiceClientOptions['keyHealth'];
  readonly #deadlineMs: number;
  readonly #extraDeadlineMs: Partial<Record<string, number>>;
  readonly #maxResponseBytes: number;
  readonly #maxRedirects: number;
  readonly #retry: RetryPolicy;
  readonly #random: () => number;
  readonly #sleep: Sleep;
  readonly #now: () => number;
  readonly #transport: Transport;
  readonly #probe: ErrorProbe;

  constructor(operations: OperationTable, options: ServiceClientOptions) {
    const { baseUrl, apiKey } = options;
    this.#operations = operations;
    this.#baseUrl = typeof baseUrl === 'function' ? baseUrl : () => baseUrl;
    this.#apiKey = typeof apiKey === 'function' ? apiKey : () => apiKey;
    this.#logger = options.logger;
    this.#secrets = options.secrets;
    this.#connection = options.connection;
    this.#keyHealth = options.keyHealth;
    this.#deadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS;
    this.#extraDeadlineMs = options.extraDeadlineMs ?? {};
    this.#maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    this.#maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
    this.#retry = options.retry ?? DEFAULT_RETRY_POLICY;
    this.#random = options.random ?? Math.random;
    this.#sleep = options.sleep ?? realSleep;
    this.#now = options.now ?? Date.now;
    this.#transport = options.transport ?? nodeTransport;
    this.#probe = new ErrorProbe({
      operations,
      send: (op, input, base, key, signal) => this.#send(op, input, base, key, signal),
      now: this.#now,
      verifyKeyOnError: options.verifyKeyOnError ?? true,
      messageHints: options.messageHints ?? true,
    });
    if (typeof apiKey === 'string') this.#secrets?.addSecret(apiKey);
  }

  /** One call of a row whose input its schema accepted (the client checks it, once). */
  async call<O>(spec: CallSpec<O>): Promise<O> {
    const operation = this.#row(spec.op);
    const { base, key } = await this.#credentials(spec.op);
    const deadlineMs = this.#deadlineMs + (this.#extraDeadlineMs[spec.op] ?? operation.extraDeadlineMs ?? 0);
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new DeadlineExceeded(deadlineMs)), deadlineMs);
    const deadlineAt = this.#now() + deadlineMs;
    const signal = spec.options?.signal ? AbortSignal.any([deadline.signal, spec.options.signal]) : deadline.signal;
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
      this.#connection?.report({ reached: true });
      this.#keyHealth?.accepted();
      return result;
    } catch (error) {
      if (error instanceof ServiceFailure) {
        this.#connection?.report({ reached: true });
        throw this.#redacted(await this.#classify(spec, base, key, error.serviceMessage, deadlineAt));
      }
      const failure = this.#redacted(toServiceError(spec.op, error));
      if (failure.kind === 'network' || failure.kind === 'timeout') this.#connection?.report({ reached: false, reason: failure.said });
      else if (failure.kind !== 'local') this.#connection?.report({ reached: true });
      throw failure;
    } finally {
      clearTimeout(timer);
    }
  }

  async #attempt<O>(spec: CallSpec<O>, base: URL, key: string, signal: AbortSignal, attempt: number): Promise<O> {
    const started = this.#now();
    const response = await this.#send(spec.op, spec.input, base, key, signal, spec.body);
    this.#logger?.debug('service request', { op: spec.op, status: response.status, ms: this.#now() - started, attempt });
    const operation = this.#row(spec.op);
    // Without decode, O is the row's reply (the client's methods are typed from the row).
    const result = spec.decode ? await spec.decode(response) : (interpret(spec.op, response, operation.reply) as O);
    operation.acceptReply?.(result, base);
    return result;
  }

  #send(op: string, input: Input, base: URL, key: string, signal: AbortSignal, body?: () => PreparedBody): Promise<HttpResponse> {
    const operation = this.#row(op);
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

  #row(op: string): AnyRow {
    const operation = this.#operations[op];
    if (!operation) throw localError(op, 'internal', `There is no service operation ${op}.`);
    return operation;
  }

  async #credentials(op: string): Promise<{ base: URL; key: string }> {
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

  /** What leaves the client never quotes a secret the service echoed (it is stored and shown). */
  #redacted(error: ServiceError): ServiceError {
    return this.#secrets ? redactServiceError(error, (text) => this.#secrets!.redact(text)) : error;
  }

  /** What a well-formed service error means: see each row's `meaning` in operations.ts. */
  async #classify(spec: CallSite, base: URL, key: string, message: string, deadlineAt: number): Promise<ServiceError> {
    const code = await this.#probe.codeFor(spec, base, key, message, deadlineAt);
    // Only a refusal of the key in use now: a request still under way with the key the
    // person just replaced must not mark the new key refused, or the account's queue and
    // outbox would hold until a restart (found by the simulation, test/sim, seed 62).
    if (code === 'unauthorized' && (await this.#apiKey()) === key) this.#keyHealth?.refused();
    this.#logger?.info('service error', { op: spec.op, code, serviceMessage: message });
    return serviceErrorFor(spec.op, code, message);
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
