// What each kind of outbox change does: how it is described, sent, confirmed (the local
// database takes the service's answer) and undone when the person discards it.
// The local effect at the moment of the change is applied by Outbox when it enqueues
// (the remote imports' queue actions: by RemoteImports, in the same transaction).
import { basename } from 'node:path';
import { z } from 'zod';
import { AppError } from '../../../../shared/errors.ts';
import { said } from '../../../../shared/said.ts';
import type { RemoteActionName } from '../../../../shared/model.ts';
import type { FolderNode } from '../../api/schemas.ts';
import type { ServiceApi } from '../../api/service-api.ts';
import { checkThumbnailFile } from '../../files/image.ts';
import { prepareSubtitleFile } from '../../files/subtitle-prepare.ts';
import type { LibraryStore } from '../store.ts';
import type { SubtitleStore } from '../subtitles.ts';
import { readIdentified } from '../../files/file-identity.ts';

// Each kind's payload, as a zod schema: rows are read back through these (outbox/store.ts),
// so a payload in the database that is not what its kind expects is caught at the boundary.
const videoName = z.string();
const PickedFile = z.object({ dev: z.string(), ino: z.string(), size: z.number().optional(), mtimeMs: z.number().optional() });

export const PAYLOAD_SCHEMAS = {
  'folder.create': z.object({
    tempId: z.number().int(),
    name: z.string(),
    /** Ids of folders with this name that existed before the first send (see `find`). */
    knownIds: z.array(z.number().int()).optional(),
  }),
  'folder.rename': z.object({ id: z.number().int(), name: z.string(), from: z.string() }),
  'video.skipIntro': z.object({ videoId: z.string(), seconds: z.number().int(), videoName }),
  'subtitle.url': z.object({ videoId: z.string(), language: z.string(), url: z.string(), videoName, subtitleId: z.number().int() }),
  'subtitle.file': z.object({
    videoId: z.string(),
    language: z.string(),
    path: z.string(),
    format: z.enum(['srt', 'vtt']),
    videoName,
    subtitleId: z.number().int(),
    /** The text encoding the person chose; detected again at send time when absent. */
    encoding: z.string().optional(),
    /** Which file was picked (device, inode); absent in rows from before issue 18 item 5. */
    file: PickedFile.optional(),
  }),
  'thumbnail.set': z.object({ videoId: z.string(), path: z.string(), videoName, file: PickedFile.optional(), frame: z.boolean().optional() }),
  'thumbnail.delete': z.object({ videoId: z.string(), videoName }),
  'video.copy': z.object({ videoId: z.string(), videoName }),
  // The remote imports' queue actions (operation 9): the three on the whole queue carry nothing.
  'remote.retryFailed': z.object({}),
  'remote.deleteFailed': z.object({}),
  'remote.deleteInactive': z.object({}),
  /** `url` names the import in the outbox; null for an action an older version queued (it kept only the id). */
  'remote.delete': z.object({ id: z.string(), url: z.string().nullable() }),
} as const;

export type Payloads = { [K in keyof typeof PAYLOAD_SCHEMAS]: z.output<(typeof PAYLOAD_SCHEMAS)[K]> };
export type FolderCreatePayload = Payloads['folder.create'];
export type SubtitleFilePayload = Payloads['subtitle.file'];
export type OutboxKindName = keyof Payloads;

/** What the remote imports' kinds need of RemoteImports (it attaches itself to the outbox). */
export interface RemoteImportsPort {
  /** Mirrors the action on the stored import rows (remote/actions.ts); returns how many changed. */
  mirror(action: RemoteActionName, id: string | null): number;
  /** The service's queue changed, or a change to it was taken back: read its list again. */
  reread(): void;
}

export interface KindContext {
  store: LibraryStore;
  /** The account's remote imports; a no-op until they attach (a library used on its own). */
  remoteImports: RemoteImportsPort;
  subtitles: SubtitleStore;
  api: ServiceApi;
  now: () => number;
  /** A folder created offline got its real id (rewrites the outbox and tells other engines). */
  assignFolderId(tempId: number, created: { id: number; name: string; code: string; parent: number; isPublic: boolean; openEmbed: boolean }): void;
}

/** What the service answers each kind with (what `confirm` and `after` read). */
type Answer<M extends keyof ServiceApi> = Awaited<ReturnType<NonNullable<ServiceApi[M]>>>;
export interface Results {
  'folder.create': Answer<'folderCreate'>;
  'folder.rename': Answer<'folderRename'>;
  'video.skipIntro': Answer<'skipIntro'>;
  'subtitle.url': Answer<'subtitleUrl'>;
  'subtitle.file': Answer<'subtitleFile'>;
  'thumbnail.set': Answer<'thumbnailUpload'>;
  'thumbnail.delete': Answer<'thumbnailDelete'>;
  'video.copy': Answer<'copy'>;
  'remote.retryFailed': Answer<'remoteAction'>;
  'remote.deleteFailed': Answer<'remoteAction'>;
  'remote.deleteInactive': Answer<'remoteAction'>;
  'remote.delete': Answer<'remoteAction'>;
}

export interface OutboxKind<P, R = unknown> {
  summary(payload: P): string;
  send(api: ServiceApi, payload: P): Promise<R>;
  /** The service confirmed: write its answer (runs in the transaction that removes the item). */
  confirm(ctx: KindContext, payload: P, result: R): void;
  /** Optional follow-up reads after confirming (never fail the change). */
  after?(ctx: KindContext, payload: P, result: R): Promise<void>;
  /** The person discarded the change: take back its local effect. */
  undo(ctx: KindContext, payload: P): void;
  /** Words added to the service's message when it refuses this kind. */
  refusalHint?(error: AppError): string | null;
  /** Just before the first send: note what the service already has (for `find`). */
  beforeFirstSend?(ctx: KindContext, payload: P): P;
  /**
   * The change may already have reached the service (the app died mid-send, or the reply
   * was lost): look for its effect first. A result is confirmed as the service's answer;
   * null means it is not there and the change is sent. Kinds whose send is idempotent
   * (renames, settings of a value) need no `find`.
   */
  find?(ctx: KindContext, payload: P): Promise<R | null>;
}

/** Every folder of the service's tree, with its parent (operation 13 from the root). */
async function serviceFolders(api: ServiceApi): Promise<Array<{ node: FolderNode; parent: number }>> {
  const { list } = await api.folders({ parent: 0 });
  const out: Array<{ node: FolderNode; parent: number }> = [];
  const walk = (nodes: readonly FolderNode[], parent: number) => {
    for (const node of nodes) {
      out.push({ node, parent });
      walk(node.children, node.id);
    }
  };
  walk(list, 0);
  return out;
}

const BROKEN_DEPLOY_NOTE = 'The service’s documentation says this upload needs a fix on its side that may not be deployed yet.';

const SUBTITLE_TYPES = { srt: 'application/x-subrip', vtt: 'text/vtt' } as const;

/** Reads one video again (op 15) into the folder it is in, or the root for a new one. */
async function refreshVideo(ctx: KindContext, videoId: string): Promise<void> {
  try {
    const video = await ctx.api.videoInfo({ id: videoId });
    const folder = ctx.store.getVideo(videoId)?.folderId ?? 0;
    const seq = ctx.store.knownInFolder(folder, [videoId]).get(videoId) ?? ctx.store.maxSeq(folder) + 1;
    ctx.store.upsertVideos(folder, [{ video, seq }], ctx.now());
  } catch {
    // The next sync brings the same facts; a failed follow-up read changes nothing.
  }
}

/** The outbox kind of each remote-import queue action: one place that pairs the two names. */
export const REMOTE_ACTION_KINDS = {
  retry_failed: 'remote.retryFailed',
  delete_failed: 'remote.deleteFailed',
  delete_inactive: 'remote.deleteInactive',
  delete: 'remote.delete',
} as const satisfies Record<RemoteActionName, OutboxKindName>;

/** Every change to the remote-import queue goes in this one order (the actions were always replayed in the order asked). */
export const REMOTE_QUEUE_TARGET = 'remote:queue';

/**
 * A queue action on the whole queue. Its local effect was mirrored when it was asked for;
 * confirming mirrors it again (rows a refresh brought back meanwhile, or refused since), then
 * the list is read again. Discarding it re-reads the list: what the service still has comes
 * back (rows the service never had stay as they are: they were only ours).
 */
function queueActionKind(action: Exclude<RemoteActionName, 'delete'>, summary: string): OutboxKind<Payloads['remote.retryFailed'], Answer<'remoteAction'>> {
  return {
    summary: () => summary,
    send: (api) => api.remoteAction({ action }),
    confirm: (ctx) => void ctx.remoteImports.mirror(action, null),
    after: (ctx) => Promise.resolve(ctx.remoteImports.reread()),
    undo: (ctx) => ctx.remoteImports.reread(),
  };
}

export const kinds: { [K in OutboxKindName]: OutboxKind<Payloads[K], Results[K]> } = {
  'folder.create': {
    summary: (p) => `Create folder “${p.name}”`,
    send: (api, p) => api.folderCreate({ name: p.name }),
    confirm: (ctx, p, result) => ctx.assignFolderId(p.tempId, result),
    undo: (ctx, p) => ctx.store.deleteLocalFolder(p.tempId),
    beforeFirstSend: (ctx, p) => ({
      ...p,
      knownIds: ctx.store
        .listFolders()
        .filter((folder) => folder.id > 0 && folder.name === p.name)
        .map((folder) => folder.id),
    }),
    // A folder with this name that was not there before the first send is the one it made.
    find: async (ctx, p) => {
      const known = new Set(p.knownIds ?? []);
      const made = (await serviceFolders(ctx.api)).find(({ node }) => node.name === p.name && !known.has(node.id));
      if (!made) return null;
      const { id, name, code, isPublic, openEmbed } = made.node;
      return { id, name, code, parent: made.parent, isPublic, openEmbed };
    },
  },
  'folder.rename': {
    summary: (p) => `Rename folder “${p.from}” to “${p.name}”`,
    send: (api, p) => api.folderRename({ id: p.id, name: p.name }),
    confirm: (ctx, p, result) => ctx.store.setFolderServiceName(p.id, result.name),
    // The local name is recomputed from the changes that remain.
    undo: () => {},
  },
  'video.skipIntro': {
    summary: (p) => (p.seconds === 0 ? `Turn off intro skipping for “${p.videoName}”` : `Skip the first ${p.seconds} s of “${p.videoName}”`),
    send: (api, p) => api.skipIntro({ id: p.videoId, seconds: p.seconds }),
    confirm: (ctx, p) => ctx.store.setVideoServiceSkipIntro(p.videoId, p.seconds),
    undo: () => {},
  },
  'subtitle.url': {
    summary: (p) => `Add ${p.language} subtitles to “${p.videoName}” from ${p.url}`,
    send: (api, p) => api.subtitleUrl({ id: p.videoId, language: p.language, url: p.url }),
    confirm: (ctx, p, result) => ctx.subtitles.confirm(p.subtitleId, result.subtitle.url),
    undo: (ctx, p) => ctx.subtitles.remove(p.subtitleId),
  },
  'subtitle.file': {
    summary: (p) => `Add ${p.language} subtitles to “${p.videoName}” from the file ${basename(p.path)}`,
    send: async (api, p) => {
      // The file may have changed since it was queued: prepare it again as it goes. What is
      // sent is the file's own format, in UTF-8, repaired (subtitle-prepare.ts says why).
      // The picked file itself, never a link or another file put in its place since.
      await readIdentified(p.path, p.file);
      const prepared = await prepareSubtitleFile(p.path, p.encoding);
      return api.subtitleFile({
        id: p.videoId,
        language: p.language,
        file: { path: p.path, name: basename(p.path), contentType: SUBTITLE_TYPES[prepared.format], bytes: prepared.bytes },
      });
    },
    confirm: (ctx, p, result) => ctx.subtitles.confirm(p.subtitleId, result.subtitle.url),
    undo: (ctx, p) => ctx.subtitles.remove(p.subtitleId),
    refusalHint: (error) =>
      error.code === 'validation' || error.code === 'not_found'
        ? null
        : `${BROKEN_DEPLOY_NOTE} Adding the subtitle by URL works today: put the file online and use “Add by URL”.`,
  },
  'thumbnail.set': {
    // A frame lives in the app's own folder under an internal name: the video is what it is of.
    summary: (p) => (p.frame ? `Set the thumbnail of “${p.videoName}” to a frame of the video` : `Set the thumbnail of “${p.videoName}” from ${basename(p.path)}`),
    send: async (api, p) => {
      const check = await checkThumbnailFile(p.path);
      // Sent from the bytes of a handle checked to be the picked file (not a link swapped in).
      const bytes = await readIdentified(p.path, p.file);
      return api.thumbnailUpload({
        id: p.videoId,
        file: { path: p.path, name: basename(p.path), contentType: check.type === 'jpeg' ? 'image/jpeg' : 'image/png', bytes },
      });
    },
    confirm: (ctx, p, result) => {
      const { url } = result;
      if (url !== '') ctx.store.setVideoThumbnail(p.videoId, url);
      ctx.store.setCustomThumbnail(p.videoId, true);
    },
    after: (ctx, p) => refreshVideo(ctx, p.videoId),
    undo: () => {},
    refusalHint: (error) =>
      error.code === 'validation' || error.code === 'not_found' ? null : `${BROKEN_DEPLOY_NOTE} You can retry it later.`,
  },
  'thumbnail.delete': {
    summary: (p) => `Remove the custom thumbnail of “${p.videoName}”`,
    send: (api, p) => api.thumbnailDelete({ id: p.videoId }),
    confirm: (ctx, p) => ctx.store.setCustomThumbnail(p.videoId, false),
    after: (ctx, p) => refreshVideo(ctx, p.videoId),
    undo: () => {},
  },
  'video.copy': {
    summary: (p) => `Copy “${p.videoName}”`,
    send: (api, p) => api.copy({ id: p.videoId }),
    confirm: () => {},
    // The service does not say where the copy goes; the root until a sync finds it elsewhere.
    after: (ctx, _p, result) => refreshVideo(ctx, result.id),
    undo: () => {},
  },
  // The words match the remote page's buttons (renderer/src/views/Remote.svelte).
  'remote.retryFailed': queueActionKind('retry_failed', 'Retry the failed remote imports'),
  'remote.deleteFailed': queueActionKind('delete_failed', 'Remove the failed remote imports'),
  'remote.deleteInactive': queueActionKind('delete_inactive', 'Remove the finished and failed remote imports'),
  'remote.delete': {
    summary: (p) => (p.url === null ? `Remove the remote import ${p.id}` : `Remove the remote import of ${p.url}`),
    send: (api, p) => api.remoteAction({ action: 'delete', id: p.id }),
    confirm: (ctx, p) => void ctx.remoteImports.mirror('delete', p.id),
    after: (ctx) => Promise.resolve(ctx.remoteImports.reread()),
    undo: (ctx) => ctx.remoteImports.reread(),
    // A delete whose reply was lost: the item gone from the service is the delete's effect.
    find: async (ctx, p) => {
      try {
        await ctx.api.remoteStatus({ id: p.id });
        return null;
      } catch (error) {
        if (error instanceof AppError && error.code === 'not_found') return { affected: 1 };
        throw error;
      }
    },
  },
};

export function kindOf(name: string): OutboxKind<Record<string, unknown>> {
  const kind = (kinds as unknown as Record<string, OutboxKind<Record<string, unknown>> | undefined>)[name];
  if (!kind) throw new AppError('internal', said('outbox_kind_unknown', { name }));
  return kind;
}
