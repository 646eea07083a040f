// The service client's surface: one method per non-deprecated operation (1-17, 20, 21).
// Implemented by ServiceClient (client.ts); the rest of the core depends on this interface,
// so tests can put a failing double in front of a real client where a failure cannot be
// caused for real.
import type { z } from 'zod';
import type { RemoteActionName } from '../../../shared/model.ts';
import type { HttpResponse } from './http.ts';
import type * as s from './schemas.ts';

export type Out<T extends z.ZodType> = z.output<T>;

export interface LocalFilePart {
  /** Absolute path of a file already checked by electron/core/files. */
  path: string;
  /** File name sent in the multipart part. */
  name: string;
  contentType: string;
  /** Send these bytes instead of the file's (a subtitle re-encoded as UTF-8); `path` stays for messages. */
  bytes?: Uint8Array;
}

export interface RequestOptions {
  signal?: AbortSignal;
}

/**
 * Makes something of a reply instead of the client's own parse and schema check, and throws
 * what interpret() (reply.ts) throws for the same status and bytes. The sync hands listings to
 * its writer thread this way, so a million videos never become objects on the main thread.
 */
export type ReplyDecoder<T> = (response: HttpResponse) => Promise<T>;

export interface ServiceApi {
  /** 1 */ account(options?: RequestOptions): Promise<Out<typeof s.account>>;
  /** 2 */ reports(input: { last?: number; to?: string }, options?: RequestOptions): Promise<Out<typeof s.reports>>;
  /** 3 */ dmca(input: { page: number; perPage: number }, options?: RequestOptions): Promise<Out<typeof s.dmcaList>>;
  /** 4: a fresh file-server target; single use. */ uploadTarget(options?: RequestOptions): Promise<Out<typeof s.uploadTarget>>;
  /** 5 */ remoteAdd(input: { url: string; folder?: number }, options?: RequestOptions): Promise<Out<typeof s.remoteAdded>>;
  /** 6 */ copy(input: { id: string }, options?: RequestOptions): Promise<Out<typeof s.copied>>;
  /** 7 */ remoteStatus(input: { id: string }, options?: RequestOptions): Promise<Out<typeof s.remoteItem>>;
  /** 8 */ remoteList(input: { page: number; perPage: number }, options?: RequestOptions): Promise<Out<typeof s.remoteList>>;
  /** 9 */ remoteAction(
    input: { action: RemoteActionName; id?: string },
    options?: RequestOptions,
  ): Promise<Out<typeof s.affected>>;
  /** 10 */ slots(options?: RequestOptions): Promise<Out<typeof s.slots>>;
  /** 11 */ folderCreate(input: { name: string }, options?: RequestOptions): Promise<Out<typeof s.folderCreated>>;
  /** 12 */ folderRename(input: { id: number; name: string }, options?: RequestOptions): Promise<Out<typeof s.folderRenamed>>;
  /** 13 */ folders(input: { parent: number }, options?: RequestOptions): Promise<Out<typeof s.folderList>>;
  /** 14 */ videos(
    input: { folder: number; page: number; perPage: number; search?: string },
    options?: RequestOptions,
  ): Promise<Out<typeof s.videoList>>;
  /** 14, decoded by `decode` (ServiceClient has it; doubles may leave it out and the sync uses videos()). */
  videosDecoded?<T>(input: { folder: number; page: number; perPage: number }, decode: ReplyDecoder<T>, options?: RequestOptions): Promise<T>;
  /** 15 */ videoInfo(input: { id: string }, options?: RequestOptions): Promise<Out<typeof s.video>>;
  /** 16 */ skipIntro(input: { id: string; seconds: number }, options?: RequestOptions): Promise<Out<typeof s.skipIntro>>;
  /** 17 (upload) */ thumbnailUpload(input: { id: string; file: LocalFilePart }, options?: RequestOptions): Promise<Out<typeof s.thumbnail>>;
  /** 17 (delete) */ thumbnailDelete(input: { id: string }, options?: RequestOptions): Promise<Out<typeof s.thumbnail>>;
  /** 20 */ subtitleFile(
    input: { id: string; language: string; file: LocalFilePart },
    options?: RequestOptions,
  ): Promise<Out<typeof s.subtitle>>;
  /** 21 */ subtitleUrl(input: { id: string; language: string; url: string }, options?: RequestOptions): Promise<Out<typeof s.subtitle>>;
}
