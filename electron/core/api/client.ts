// The service client: the only code that speaks to the service. Its methods are derived from
// the operation table (operations.ts), one per row: the input checked once against the row's
// schema, the row's local file checks, then one call through the request pipeline
// (pipeline.ts), whose request comes from the row's wire shape and whose reply is validated
// against its reply schema (reply.ts). Every failure is a ServiceError (an AppError) with a
// code the app can act on (the row's error meaning, error-probe.ts).
import type { SecretRegistry } from '../log/logger.ts';
import type { PreparedBody } from './http.ts';
import { ThumbnailWindow } from './thumbnail-window.ts';
import { describeIssues } from '../rpc/dispatch.ts';
import { fileSize, localError } from './local-checks.ts';
import { OPERATIONS, takesInput, type AnyRow, type Input, type LocalFilePart, type OperationTable } from './operations.ts';
import { RequestPipeline, type CallSpec, type ServiceClientOptions } from './pipeline.ts';
import { multipart } from './request.ts';
import type { DecodedListing, MethodsOf, ReplyDecoder, RequestOptions } from './service-api.ts';

export { DEFAULT_DEADLINE_MS, DEFAULT_MAX_REDIRECTS, DEFAULT_MAX_RESPONSE_BYTES } from './pipeline.ts';
export type { ConnectionReporter, ServiceClientOptions } from './pipeline.ts';

/** A client of `Table`: a method per row, and the decoded listing of operation 14. */
export type ClientOf<Table extends OperationTable> = MethodsOf<Table> & Required<DecodedListing>;

class TableClient implements Required<DecodedListing> {
  readonly #operations: OperationTable;
  readonly #pipeline: RequestPipeline;
  readonly #secrets: SecretRegistry | undefined;
  /**
   * Sends of the rows the service limits per minute, counted by the one sliding window (and
   * its one limit) that the outbox keeps persisted, thumbnail-window.ts: held in
   * memory here, for this client's life, to tell a refusal past the limit from the others.
   */
  readonly #window: ThumbnailWindow;

  constructor(operations: OperationTable, options: ServiceClientOptions) {
    this.#operations = operations;
    this.#secrets = options.secrets;
    let sends: number[] = [];
    this.#window = new ThumbnailWindow({ load: () => sends, save: (times) => (sends = times) }, options.now ?? Date.now);
    this.#pipeline = new RequestPipeline(operations, options);
    // The methods, one per row. All async, so a refused input is a rejected promise like every other failure.
    for (const [name, operation] of Object.entries(operations)) {
      const method = takesInput(operation)
        ? (input: unknown, options?: RequestOptions) => this.#invoke(name, operation, input, options)
        : (options?: RequestOptions) => this.#invoke(name, operation, {}, options);
      Object.defineProperty(this, name, { value: method, writable: true, configurable: true });
    }
  }

  /** 14 with the reply decoded by `decode` (ReplyDecoder): the sync's writer thread reads the listing's bytes. */
  async videosDecoded<T>(input: { folder: number; page: number; perPage: number }, decode: ReplyDecoder<T>, options?: RequestOptions): Promise<T> {
    return this.#invoke('videos', this.#operations.videos!, input, options, decode);
  }

  async #invoke<O>(name: string, operation: AnyRow, input: unknown, options: RequestOptions | undefined, decode?: ReplyDecoder<O>): Promise<O> {
    // The one check of the input, against its row, before anything is sent.
    const checked = operation.input.safeParse(input);
    if (!checked.success) throw localError(name, 'validation', describeIssues(checked.error));
    const given = input as Input;
    const spec: CallSpec<O> = { op: name, input: given, options, ...(decode ? { decode } : {}) };
    if (operation.form) spec.body = await this.#multipart(operation, given);
    if (operation.limitedPerMinute) {
      // The service counts attempts, refused ones too: this one is over the limit if the window was full.
      spec.overRateLimit = !this.#window.canSend();
      this.#window.record();
    }
    const reply = await this.#pipeline.call(spec);
    for (const secret of operation.secretsIn?.(reply) ?? []) this.#secrets?.addSecret(secret);
    return reply;
  }

  /** The row's form fields, then the input's file (sized, and checked by the row) as the last part. */
  async #multipart(operation: AnyRow, input: Input): Promise<() => PreparedBody> {
    const file = input.file as LocalFilePart | undefined;
    if (!file) return multipart(operation.form!(input));
    const size = file.bytes ? file.bytes.length : await fileSize(file.path);
    const sized = { ...file, size };
    await operation.checkFile?.(sized);
    return multipart(operation.form!(input), sized);
  }
}

/** The client class of an operation table: what the app uses for OPERATIONS, and a test for a table with more rows. */
export function clientFor<Table extends OperationTable>(operations: Table): new (options: ServiceClientOptions) => ClientOf<Table> {
  return class extends TableClient {
    constructor(options: ServiceClientOptions) {
      super(operations, options);
    }
  } as unknown as new (options: ServiceClientOptions) => ClientOf<Table>;
}

/** The client of the service's operations (1-17, 20, 21). */
export const ServiceClient = clientFor(OPERATIONS);
export type ServiceClient = ClientOf<typeof OPERATIONS>;
