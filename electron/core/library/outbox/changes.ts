// The changes a person can make to the library, as the outbox records them: each applies
// its local effect at once (in the same transaction as its outbox row) and says which part
// of the library changed. Sending, confirming and undoing them is outbox/kinds.ts.
import { AppError } from '../../../../shared/errors.ts';
import type { Folder, RemoteActionName, Subtitle, ThumbnailQueue, Video } from '../../../../shared/model.ts';
import { REMOTE_ACTION_KINDS, REMOTE_QUEUE_TARGET, type OutboxKindName, type Payloads } from './kinds.ts';
import { folderTarget, videoTarget } from './store.ts';
import type { ChangeScope } from './targets.ts';
import type { LibraryStore } from '../store.ts';
import type { SubtitleStore } from '../subtitles.ts';
import type { PickedIdentity } from '../../files/file-identity.ts';
import { said, type Said } from '../../../../shared/said.ts';

/** What the changes need from the outbox. */
export interface OutboxPort {
  store: LibraryStore;
  subtitles: SubtitleStore;
  enqueue<K extends OutboxKindName>(kind: K, build: (outboxId: number) => { payload: Payloads[K]; target: string }): void;
  changed(scope: ChangeScope): void;
  thumbnailQueue(): ThumbnailQueue;
}

export function notFound(message: Said): never {
  throw new AppError('not_found', message, { retryable: false });
}

export class OutboxChanges {
  readonly #port: OutboxPort;

  constructor(port: OutboxPort) {
    this.#port = port;
  }

  createFolder(name: string): Folder {
    let tempId = 0;
    this.#port.enqueue('folder.create', (outboxId) => {
      // The outbox id is never reused (AUTOINCREMENT), so its negative is a unique temporary id.
      tempId = -outboxId;
      this.#port.store.insertLocalFolder(tempId, name, 0);
      return { payload: { tempId, name }, target: folderTarget(tempId) };
    });
    this.#port.changed({ folders: true });
    return this.#port.store.getFolder(tempId) ?? notFound(said('folder_new_missing'));
  }

  renameFolder(id: number, name: string): Folder {
    const folder = this.#port.store.getFolder(id) ?? notFound(said('folder_not_in_library'));
    if (folder.name === name) return folder;
    this.#port.enqueue('folder.rename', () => ({ payload: { id, name, from: folder.name }, target: folderTarget(id) }));
    this.#port.changed({ folders: true });
    return this.#port.store.getFolder(id) ?? folder;
  }

  setSkipIntro(videoId: string, seconds: number): Video {
    const video = this.#video(videoId);
    if (video.skipIntro === seconds) return video;
    this.#port.enqueue('video.skipIntro', () => ({ payload: { videoId, seconds, videoName: video.name }, target: videoTarget(videoId) }));
    this.#port.changed({ folderIds: [video.folderId] });
    return this.#video(videoId);
  }

  addSubtitleUrl(videoId: string, language: string, url: string): Subtitle {
    const video = this.#video(videoId);
    let subtitleId = 0;
    this.#port.enqueue('subtitle.url', (outboxId) => {
      subtitleId = this.#port.subtitles.add(videoId, language, 'url', outboxId);
      return { payload: { videoId, language, url, videoName: video.name, subtitleId }, target: videoTarget(videoId) };
    });
    this.#port.changed({ folderIds: [video.folderId] });
    return this.#port.subtitles.get(subtitleId) ?? notFound(said('subtitle_new_missing'));
  }

  /** `path` must have passed checkSubtitleFile (with `encoding`, the person's choice, when given). */
  addSubtitleFile(videoId: string, language: string, path: string, format: 'srt' | 'vtt', encoding?: string, file?: PickedIdentity): Subtitle {
    const video = this.#video(videoId);
    let subtitleId = 0;
    this.#port.enqueue('subtitle.file', (outboxId) => {
      subtitleId = this.#port.subtitles.add(videoId, language, 'file', outboxId);
      return { payload: { videoId, language, path, format, videoName: video.name, subtitleId, ...(encoding ? { encoding } : {}), ...(file ? { file } : {}) }, target: videoTarget(videoId) };
    });
    this.#port.changed({ folderIds: [video.folderId] });
    return this.#port.subtitles.get(subtitleId) ?? notFound(said('subtitle_new_missing'));
  }

  /** `path` must have passed checkThumbnailFile; `frame`: a frame of the video the app saved (its file name means nothing to the person). */
  setThumbnail(videoId: string, path: string, file?: PickedIdentity, frame = false): ThumbnailQueue {
    const video = this.#video(videoId);
    this.#port.enqueue('thumbnail.set', () => ({ payload: { videoId, path, videoName: video.name, ...(file ? { file } : {}), ...(frame ? { frame } : {}) }, target: videoTarget(videoId) }));
    this.#port.changed({ folderIds: [video.folderId], thumbnails: true });
    return this.#port.thumbnailQueue();
  }

  deleteThumbnail(videoId: string): ThumbnailQueue {
    const video = this.#video(videoId);
    this.#port.enqueue('thumbnail.delete', () => ({ payload: { videoId, videoName: video.name }, target: videoTarget(videoId) }));
    this.#port.changed({ folderIds: [video.folderId], thumbnails: true });
    return this.#port.thumbnailQueue();
  }

  copyVideo(videoId: string): void {
    const video = this.#video(videoId);
    this.#port.enqueue('video.copy', () => ({ payload: { videoId, videoName: video.name }, target: videoTarget(videoId) }));
    this.#port.changed({ folderIds: [video.folderId] });
  }

  /**
   * A remote-import queue action that waits for the service. Its local effect on the import
   * rows is the remote imports' own (they call this inside their transaction); `url` names
   * the one import a delete is about.
   */
  queueRemoteAction(action: RemoteActionName, id: string | null, url: string | null): void {
    if (action === 'delete') {
      if (id === null) throw new AppError('validation', said('import_delete_needs_id'), { retryable: false });
      this.#port.enqueue(REMOTE_ACTION_KINDS.delete, () => ({ payload: { id, url }, target: REMOTE_QUEUE_TARGET }));
    } else {
      this.#port.enqueue(REMOTE_ACTION_KINDS[action], () => ({ payload: {}, target: REMOTE_QUEUE_TARGET }));
    }
    this.#port.changed({});
  }

  #video(id: string): Video {
    return this.#port.store.getVideo(id) ?? notFound(said('video_not_in_library'));
  }
}
