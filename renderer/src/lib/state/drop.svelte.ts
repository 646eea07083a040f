// Files dragged over the window: where they would go, and handing them to the upload queue.
// Dragging over a folder in the tree retargets the drop to that folder. A drop is one call of
// the preload (window.api.dropFiles): main grants the Files' real paths and queues them at once.
import type { DropOptions } from '../../../../shared/contract.ts';
import type { UploadsAddResult } from '../../../../shared/model.ts';
import { api as defaultApi, type ApiClient } from '../api.ts';
import { baseName } from '../format.ts';
import { counted } from '../link-words.ts';
import { m } from '../i18n.svelte.ts';
import { say } from '../../../../shared/i18n/say.ts';
import { library as defaultLibrary, type Library } from './library.svelte.ts';
import { notices as defaultNotices, type NoticeAction, type Notices } from './notices.svelte.ts';
import { uploads as defaultUploads, type Uploads } from './uploads.svelte.ts';
import { accountLifecycle } from './account-lifecycle.ts';

const DUPLICATE_REASON: Record<NonNullable<UploadsAddResult['skipped'][number]['duplicate']>, () => string> = {
  uploaded: m.library_drop_already_uploaded,
  queued: m.library_drop_already_queued,
};

export function carriesFiles(transfer: DataTransfer | null): boolean {
  return transfer !== null && Array.from(transfer.types).includes('Files');
}

/** The dropped files, each marked folder or not (the items and the files come in the same order). */
export function droppedItems(transfer: DataTransfer | null): DroppedItem[] {
  const files = Array.from(transfer?.files ?? []);
  const items = Array.from(transfer?.items ?? []).filter((item) => item.kind === 'file');
  return files.map((file, i) => ({ file, isDirectory: items[i]?.webkitGetAsEntry?.()?.isDirectory === true }));
}

/** What was dropped: each item with whether it is a folder (DataTransferItem.webkitGetAsEntry). */
export interface DroppedItem {
  file: File;
  isDirectory: boolean;
}

/** Dropped folders waiting for the person's choice: each into a new service folder named after it, or all into the target. */
export interface FolderChoice {
  folders: Array<{ file: File; name: string }>;
  /** Loose files dropped with them: they go into the target either way. */
  files: File[];
  targetFolderId: number;
}

export class DropState {
  /** A file drag is over the window. */
  active = $state(false);
  /** Folders were dropped: the window asks where they go (FolderDropChoice.svelte). */
  folderChoice = $state<FolderChoice | null>(null);
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

  /**
   * A drop with folders in it asks first: the service makes top-level folders only, so a
   * dropped folder becomes one service folder (its sub-folders flattened into it), or its
   * files go into the target folder.
   */
  async uploadDropped(items: readonly DroppedItem[], folderId = this.targetFolderId): Promise<void> {
    const folders = items.filter((item) => item.isDirectory);
    if (folders.length === 0) return this.uploadFiles(items.map((item) => item.file), folderId);
    this.end();
    this.folderChoice = {
      folders: folders.map((item) => ({ file: item.file, name: item.file.name })),
      files: items.filter((item) => !item.isDirectory).map((item) => item.file),
      targetFolderId: folderId,
    };
  }

  /** The person chose: a new service folder per dropped folder, or everything into the target. */
  async uploadChosen(into: 'new-folders' | 'target'): Promise<void> {
    const choice = this.folderChoice;
    this.folderChoice = null;
    if (!choice) return;
    if (into === 'target') return this.uploadFiles([...choice.files, ...choice.folders.map((f) => f.file)], choice.targetFolderId);
    if (choice.files.length > 0) await this.uploadFiles(choice.files, choice.targetFolderId);
    for (const folder of choice.folders) {
      try {
        // Made offline too: its files wait in the queue until the service has created it.
        const made = await this.#library.createFolder(folder.name);
        await this.uploadFiles([folder.file], made.id);
      } catch (error) {
        this.#notices.error(m.library_drop_folder_failed({ name: folder.name }), error);
      }
    }
  }

  cancelChoice(): void {
    this.folderChoice = null;
  }

  /** Queues dropped files and folders in one preload call; the core expands folders. */
  async uploadFiles(files: readonly File[], folderId = this.targetFolderId): Promise<void> {
    this.end();
    if (files.length === 0) return;
    await this.#report(folderId, async () => {
      const options: DropOptions = { folderId };
      const result = await this.#api.dropFiles(files, options);
      // The changed event follows; reading now shows the rows without waiting for it.
      void this.#uploads.refresh();
      return result;
    });
  }

  /**
   * Queues paths and says what was skipped. A file whose bytes are already queued or uploaded
   * (the same size and SHA-256, whatever its name) is skipped with "Upload anyway", for it and
   * for all of them; `anyway` is that choice.
   */
  async uploadPaths(paths: readonly string[], folderId = this.targetFolderId, anyway = false): Promise<void> {
    const usable = paths.filter(Boolean);
    if (usable.length === 0) return;
    await this.#report(folderId, () => this.#uploads.add([...usable], folderId, anyway));
  }

  /** Adds to the queue and tells what happened: how many went in, and each skipped file with its reason. */
  async #report(folderId: number, add: () => Promise<UploadsAddResult>): Promise<void> {
    try {
      const result = await add();
      const where = this.#library.folderName(folderId);
      if (result.added.length) this.#notices.info(m.library_drop_uploading({ ...counted(result.added.length), folder: where }));
      if (result.skipped.length) {
        const count = result.skipped.length;
        const reasonOf = (s: UploadsAddResult['skipped'][number]): string => (s.duplicate ? DUPLICATE_REASON[s.duplicate]() : say(s.reason));
        // Grouped by what is said (code and params), never by the words: one reason, one group.
        const keyOf = (s: UploadsAddResult['skipped'][number]): string => (s.duplicate ? `duplicate:${s.duplicate}` : JSON.stringify(s.reason));
        const reasons = result.skipped.filter((s, i, all) => all.findIndex((t) => keyOf(t) === keyOf(s)) === i).map(reasonOf);
        // One reason is said as it is; several are counted.
        const summary = reasons.length > 1 ? m.library_drop_reasons(counted(reasons.length)) : reasons[0]!;
        const details = result.skipped.map((s) => `${baseName(s.path)}: ${reasonOf(s)}`);
        // The duplicates not sent anyway yet: "all" means those left once some were sent one by one.
        // Not reactive on purpose: the notice's buttons are replaced (setActions) when it changes.
        // eslint-disable-next-line svelte/prefer-svelte-reactivity
        const left = new Set(result.skipped.filter((s) => s.duplicate).map((s) => s.path));
        const all = (): NoticeAction[] =>
          left.size === 0
            ? []
            : // The last one left is the same button as its line's; "all" names how many it sends.
              [{ label: left.size > 1 ? m.library_drop_upload_all_anyway(counted(left.size)) : m.library_drop_upload_anyway(), run: () => this.uploadPaths([...left], folderId, true) }];
        const notice = this.#notices.infoWithDetails(m.library_drop_skipped(counted(count)), summary, details, {
          each: result.skipped.map((s) =>
            s.duplicate
              ? {
                  label: m.library_drop_upload_anyway(),
                  run: () => {
                    left.delete(s.path);
                    this.#notices.setActions(notice.id, all());
                    return this.uploadPaths([s.path], folderId, true);
                  },
                }
              : null,
          ),
          all: all(),
        });
      }
    } catch (error) {
      this.#notices.error(m.library_drop_add_failed(), error);
    }
  }

  /** Back to the first state (sign-out, another account): nothing of the last one stays. */
  reset(): void {
    this.active = false;
    this.overFolderId = null;
    this.folderChoice = null;
  }
}

export const drop = new DropState();
accountLifecycle.register({ name: 'drop', forget: () => drop.reset() });
