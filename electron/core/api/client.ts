// The service client: the only code that speaks to the service. One short method per
// operation (1-17, 20, 21): the input checked (local-checks.ts), then one call through the
// request pipeline (pipeline.ts), whose request comes from the wire table (wire.ts) and
// whose reply is validated against its schema (reply.ts). Every failure is a ServiceError
// (an AppError) with a code the app can act on (errors.ts, error-probe.ts).
import type { z } from 'zod';
import type { RemoteActionName } from '../../../shared/model.ts';
import type { SecretRegistry } from '../log/logger.ts';
import { SUBTITLE_MAX_BYTES, fileSize, requireLocal, requireThumbnailImage } from './local-checks.ts';
import { checkInput } from './inputs.ts';
import { ServiceError } from './errors.ts';
import { isDowngrade } from './http.ts';
import { RequestPipeline, type CallSpec, type ServiceClientOptions } from './pipeline.ts';
import { multipart } from './request.ts';
import * as s from './schemas.ts';
import type { LocalFilePart, Out, ReplyDecoder, RequestOptions, ServiceApi } from './service-api.ts';
import { wire } from './wire.ts';

export { DEFAULT_DEADLINE_MS, DEFAULT_MAX_REDIRECTS, DEFAULT_MAX_RESPONSE_BYTES } from './pipeline.ts';
export type { ConnectionReporter, ServiceClientOptions } from './pipeline.ts';

const RATE_WINDOW_MS = 60_000;

/** An https service handing out a plain-http file server would send the session and the file in the clear. */
function refuseDowngradedTarget(target: { url: string }, base: URL): void {
  if (!isDowngrade(base, new URL(target.url))) return;
  throw new ServiceError(
    'server',
    'The service is reached over https but handed out a plain-http upload address; Vidlift does not send the upload session and the file unencrypted.',
    { kind: 'bad_reply', operation: 'uploadTarget', retryable: false },
  );
}

export class ServiceClient implements ServiceApi {
  readonly #pipeline: RequestPipeline;
  readonly #secrets: SecretRegistry | undefined;
  readonly #now: () => number;
  /** When this client sent thumbnail uploads (the service allows 3 per minute). */
  #thumbnailUploads: number[] = [];

  constructor(options: ServiceClientOptions) {
    this.#secrets = options.secrets;
    this.#now = options.now ?? Date.now;
    this.#pipeline = new RequestPipeline({
      ...options,
      thumbnailUploadsLastMinute: () => {
        const now = this.#now();
        return this.#thumbnailUploads.filter((t) => now - t < RATE_WINDOW_MS).length;
      },
    });
  }

  // ---- the operations -------------------------------------------------------------------
  // All async, so a refused input is a rejected promise like every other failure.

  async account(options?: RequestOptions): Promise<Out<typeof s.account>> {
    return this.#call({ op: 'account', input: {}, schema: s.account, options });
  }

  async reports(input: { last?: number; to?: string }, options?: RequestOptions): Promise<Out<typeof s.reports>> {
    return this.#call({ op: 'reports', input, schema: s.reports, options });
  }

  async dmca(input: { page: number; perPage: number }, options?: RequestOptions): Promise<Out<typeof s.dmcaList>> {
    return this.#call({ op: 'dmca', input, schema: s.dmcaList, options });
  }

  async uploadTarget(options?: RequestOptions): Promise<Out<typeof s.uploadTarget>> {
    const target = await this.#call({ op: 'uploadTarget', input: {}, schema: s.uploadTarget, options, accept: refuseDowngradedTarget });
    // The session authorizes uploads: it must never reach a log, whoever logs it later.
    this.#secrets?.addSecret(target.session);
    return target;
  }

  async remoteAdd(input: { url: string; folder?: number }, options?: RequestOptions): Promise<Out<typeof s.remoteAdded>> {
    return this.#call({ op: 'remoteAdd', input, schema: s.remoteAdded, options });
  }

  async copy(input: { id: string }, options?: RequestOptions): Promise<Out<typeof s.copied>> {
    return this.#call({ op: 'copy', input, schema: s.copied, options });
  }

  async remoteStatus(input: { id: string }, options?: RequestOptions): Promise<Out<typeof s.remoteItem>> {
    return this.#call({ op: 'remoteStatus', input, schema: s.remoteItem, options });
  }

  async remoteList(input: { page: number; perPage: number }, options?: RequestOptions): Promise<Out<typeof s.remoteList>> {
    return this.#call({ op: 'remoteList', input, schema: s.remoteList, options });
  }

  async remoteAction(
    input: { action: RemoteActionName; id?: string },
    options?: RequestOptions,
  ): Promise<Out<typeof s.affected>> {
    return this.#call({ op: 'remoteAction', input, schema: s.affected, options });
  }

  async slots(options?: RequestOptions): Promise<Out<typeof s.slots>> {
    return this.#call({ op: 'slots', input: {}, schema: s.slots, options });
  }

  async folderCreate(input: { name: string }, options?: RequestOptions): Promise<Out<typeof s.folderCreated>> {
    return this.#call({ op: 'folderCreate', input, schema: s.folderCreated, options });
  }

  async folderRename(input: { id: number; name: string }, options?: RequestOptions): Promise<Out<typeof s.folderRenamed>> {
    return this.#call({ op: 'folderRename', input, schema: s.folderRenamed, options });
  }

  async folders(input: { parent: number }, options?: RequestOptions): Promise<Out<typeof s.folderList>> {
    return this.#call({ op: 'folders', input, schema: s.folderList, options });
  }

  async videos(input: { folder: number; page: number; perPage: number; search?: string }, options?: RequestOptions): Promise<Out<typeof s.videoList>> {
    return this.#call({ op: 'videos', input, schema: s.videoList, options });
  }

  /** 14 with the reply decoded by `decode` (ReplyDecoder): the sync's writer thread reads the listing's bytes. */
  async videosDecoded<T>(input: { folder: number; page: number; perPage: number }, decode: ReplyDecoder<T>, options?: RequestOptions): Promise<T> {
    return this.#call({ op: 'videos', input, schema: s.videoList, options, decode });
  }

  async videoInfo(input: { id: string }, options?: RequestOptions): Promise<Out<typeof s.video>> {
    return this.#call({ op: 'videoInfo', input, schema: s.video, options });
  }

  async skipIntro(input: { id: string; seconds: number }, options?: RequestOptions): Promise<Out<typeof s.skipIntro>> {
    return this.#call({ op: 'skipIntro', input, schema: s.skipIntro, options });
  }

  async thumbnailUpload(input: { id: string; file: LocalFilePart }, options?: RequestOptions): Promise<Out<typeof s.thumbnail>> {
    checkInput('thumbnailUpload', input);
    const size = await fileSize(input.file.path);
    await requireThumbnailImage(input.file.path);
    const body = multipart(wire.thumbnailUpload.form?.(input) ?? {}, { ...input.file, size });
    const now = this.#now();
    this.#thumbnailUploads = this.#thumbnailUploads.filter((t) => now - t < RATE_WINDOW_MS);
    this.#thumbnailUploads.push(now);
    return this.#call({ op: 'thumbnailUpload', input, schema: s.thumbnail, options, body });
  }

  async thumbnailDelete(input: { id: string }, options?: RequestOptions): Promise<Out<typeof s.thumbnail>> {
    checkInput('thumbnailDelete', input);
    const body = multipart(wire.thumbnailDelete.form?.(input) ?? {});
    return this.#call({ op: 'thumbnailDelete', input, schema: s.thumbnail, options, body });
  }

  async subtitleFile(input: { id: string; language: string; file: LocalFilePart }, options?: RequestOptions): Promise<Out<typeof s.subtitle>> {
    checkInput('subtitleFile', input);
    const size = input.file.bytes ? input.file.bytes.length : await fileSize(input.file.path);
    requireLocal(size <= SUBTITLE_MAX_BYTES, 'A subtitle file may be at most 500 KB.');
    const body = multipart(wire.subtitleFile.form?.(input) ?? {}, { ...input.file, size });
    return this.#call({ op: 'subtitleFile', input, schema: s.subtitle, options, body });
  }

  async subtitleUrl(input: { id: string; language: string; url: string }, options?: RequestOptions): Promise<Out<typeof s.subtitle>> {
    return this.#call({ op: 'subtitleUrl', input, schema: s.subtitle, options });
  }

  #call<S extends z.ZodType, O = z.output<S>>(spec: CallSpec<S, O>): Promise<O> {
    // Every input against its operation's row of inputs.ts, before anything is sent.
    checkInput(spec.op, spec.input);
    return this.#pipeline.call(spec);
  }
}
