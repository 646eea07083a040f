// THE WIRE TABLE. The service spec leaves parameter names and some request shapes "not
// shown"; the team decided them in spec/wire-decisions.md. Every such decision lives here
// and only here (plus the file-server adapter in electron/core/uploads/file-server.ts), so
// a correction against the real service is a one-line change in this file.
import type { RemoteActionName } from '../../../shared/model.ts';

export type HttpMethod = 'GET' | 'POST';
type Query = Record<string, string | number | undefined>;
type Json = Record<string, unknown>;

export interface Operation<I> {
  method: HttpMethod;
  path: string;
  /** Query parameters (GET) — never the API key, which goes only in the X-Api-Key header. */
  query?: (input: I) => Query;
  /** JSON body (POST). */
  json?: (input: I) => Json;
  /** Multipart text fields (the file part, if any, is added by the caller, always last). */
  form?: (input: I) => Record<string, string>;
  /** Safe to send again after a network failure: it cannot create anything twice. */
  idempotent: boolean;
}

function op<I = void>(operation: Operation<I>): Operation<I> {
  return operation;
}

/** The header that carries the key (spec 5.2). The legacy `key` query parameter is never used. */
export const API_KEY_HEADER = 'X-Api-Key';
export const API_KEY_LENGTH = 16;

// Decision: one-based `page`, page size `perPage` everywhere but the DMCA list (`per_page`).
export const wire = {
  account: op({ method: 'GET', path: '/v1/account', idempotent: true }),
  reports: op<{ last?: number; to?: string }>({
    method: 'GET',
    path: '/v1/account/reports',
    // `from` is accepted by the service but ignored (spec 4.1), so it is never sent.
    query: ({ last, to }) => ({ last, to }),
    idempotent: true,
  }),
  dmca: op<{ page: number; perPage: number }>({
    method: 'GET',
    path: '/v1/account/dmca',
    query: ({ page, perPage }) => ({ page, per_page: perPage }),
    idempotent: true,
  }),
  uploadTarget: op({ method: 'GET', path: '/v1/upload', idempotent: true }),
  // Decision: the target folder goes as `folder` (the queue item reports one; the service family
  // takes a folder with a remote upload), omitted for the root so a plain `{url}` stays as the spec shows.
  remoteAdd: op<{ url: string; folder?: number }>({
    method: 'POST',
    path: '/v1/upload/url',
    json: ({ url, folder }) => (folder ? { url, folder } : { url }),
    idempotent: false,
  }),
  copy: op<{ id: string }>({ method: 'POST', path: '/v1/upload/copy', json: ({ id }) => ({ id }), idempotent: false }),
  remoteStatus: op<{ id: string }>({ method: 'GET', path: '/v1/upload/url/status', query: ({ id }) => ({ id }), idempotent: true }),
  remoteList: op<{ page: number; perPage: number }>({
    method: 'GET',
    path: '/v1/upload/url/list',
    query: ({ page, perPage }) => ({ page, perPage }),
    idempotent: true,
  }),
  // Decision: `{action, id}`, `id` only with `delete`.
  remoteAction: op<{ action: RemoteActionName; id?: string }>({
    method: 'POST',
    path: '/v1/upload/url/actions',
    json: ({ action, id }) => (action === 'delete' ? { action, id } : { action }),
    idempotent: false,
  }),
  slots: op({ method: 'GET', path: '/v1/upload/url/slots', idempotent: true }),
  folderCreate: op<{ name: string }>({ method: 'POST', path: '/v1/folders/create', json: ({ name }) => ({ name }), idempotent: false }),
  folderRename: op<{ id: number; name: string }>({
    method: 'POST',
    path: '/v1/folders/rename',
    json: ({ id, name }) => ({ id, name }),
    idempotent: true,
  }),
  // Decision: parent folder parameter `parent` (0 = root).
  folders: op<{ parent: number }>({ method: 'GET', path: '/v1/folders', query: ({ parent }) => ({ parent }), idempotent: true }),
  // Decision: `folder` (0 = root), `page`, `perPage`, `search`.
  videos: op<{ folder: number; page: number; perPage: number; search?: string }>({
    method: 'GET',
    path: '/v1/videos',
    query: ({ folder, page, perPage, search }) => ({ folder, page, perPage, search }),
    idempotent: true,
  }),
  // Decision: the id parameter of operations 7 and 15 is `id`.
  videoInfo: op<{ id: string }>({ method: 'GET', path: '/v1/videos/info', query: ({ id }) => ({ id }), idempotent: true }),
  skipIntro: op<{ id: string; seconds: number }>({
    method: 'POST',
    path: '/v1/videos/skip-intro',
    json: ({ id, seconds }) => ({ id, seconds }),
    idempotent: true,
  }),
  thumbnailUpload: op<{ id: string }>({ method: 'POST', path: '/v1/videos/thumbnail', form: ({ id }) => ({ id }), idempotent: false }),
  // Decision: deletion is the same multipart POST with `action=delete` and no file.
  thumbnailDelete: op<{ id: string }>({
    method: 'POST',
    path: '/v1/videos/thumbnail',
    form: ({ id }) => ({ id, action: 'delete' }),
    idempotent: true,
  }),
  subtitleFile: op<{ id: string; language: string }>({
    method: 'POST',
    path: '/v1/subtitles/upload',
    form: ({ id, language }) => ({ id, language }),
    idempotent: false,
  }),
  subtitleUrl: op<{ id: string; language: string; url: string }>({
    method: 'POST',
    path: '/v1/subtitles/upload/url',
    json: ({ id, language, url }) => ({ id, language, url }),
    idempotent: false,
  }),
} as const;

/** The multipart field name of the file part of operations 17 and 20 (the spec names it). */
export const FILE_FIELD = 'file';

// Decision: remote-upload statuses. Anything else is shown as it comes and counts as active
// unless it is one of the known inactive ones.
export const REMOTE_INACTIVE_STATUSES: ReadonlySet<string> = new Set(['completed', 'failed']);
export const REMOTE_FAILED_STATUS = 'failed';

export function isRemoteActive(status: string): boolean {
  return !REMOTE_INACTIVE_STATUSES.has(status);
}
