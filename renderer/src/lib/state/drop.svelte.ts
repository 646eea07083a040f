// Files dragged over the window: where they would go, and handing them to the upload queue.
// Dragging over a folder in the tree retargets the drop to that folder.
import { api as defaultApi, type ApiClient } from '../api.ts';
import { library as defaultLibrary, type Library } from './library.svelte.ts';
import { notices as defaultNotices, type Notices } from './notices.svelte.ts';
import { uploads as defaultUploads, type Uploads } from './uploads.svelte.ts';

export function carriesFiles(transfer: DataTransfer | null): boolean {
  return transfer !== null && Array.from(transfer.types).includes('Files');
}

export class DropState {
  /** A file drag is over the window. */
  active = $state(false);
  /** A folder in the tree under the pointer; null = the folder on screen. */
  overFolderId = $state<number | null>(null);
  readonly #api: ApiClient;
  readonly #library: Library;
  readonly #uploads: Uploads;
  readonly #notices: Notices;

  constructor(api: ApiClient = defaultApi, library: Library = defaultLibrary, uploads: Uploads = defaultUploads, notices: Notices = defaultNotices) {
    this.#api = api;
    this.#library = library;
    this.#uploads = uploads;
    this.#notices = notices;
  }

  get targetFolderId(): number {
    return this.overFolderId ?? this.#library.folderId;
  }

  get targetName(): string {
    return this.#library.folderName(this.targetFolderId);
  }

  end(): void {
    this.active = false;
    this.overFolderId = null;
  }

  /** Queues dropped (or picked) files and folders; the core expands folders. */
  async uploadFiles(files: readonly File[], folderId = this.targetFolderId): Promise<void> {
    this.end();
    const paths: string[] = [];
    for (const file of files) {
      try {
        paths.push(this.#api.pathForFile(file));
      } catch (error) {
        this.#notices.error(`Could not read ${file.name}`, error);
      }
    }
    await this.uploadPaths(paths, folderId);
  }

  async uploadPaths(paths: readonly string[], folderId = this.targetFolderId): Promise<void> {
    const usable = paths.filter(Boolean);
    if (usable.length === 0) return;
    try {
      const result = await this.#uploads.add([...usable], folderId);
      const where = this.#library.folderName(folderId);
      if (result.added.length) this.#notices.info(`Uploading ${result.added.length} ${result.added.length === 1 ? 'file' : 'files'} into ${where}`);
      if (result.skipped.length) {
        const count = result.skipped.length;
        const reasons = result.skipped.map((s) => s.reason).filter((reason, i, all) => all.indexOf(reason) === i);
        const summary = reasons.length === 1 ? reasons[0]! : `${reasons.length} different reasons`;
        const details = result.skipped.map((s) => `${s.path.split(/[\\/]/).pop() ?? s.path}: ${s.reason}`);
        this.#notices.infoWithDetails(`${count} ${count === 1 ? 'file' : 'files'} skipped`, summary, details);
      }
    } catch (error) {
      this.#notices.error('Could not add the files to the uploads', error);
    }
  }

  /** Back to the first state (sign-out, another account): nothing of the last one stays. */
  reset(): void {
    this.active = false;
    this.overFolderId = null;
  }
}

export const drop = new DropState();
