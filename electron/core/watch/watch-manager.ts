// Runs one FolderWatcher per enabled watch folder of the open account, follows the settings
// as the person changes them, and queues each finished file into the upload engine. What it
// knows about each folder (watching, paused, missing, denied, linked, its last file) is pushed
// to the page as 'watch:changed', as codes the window words. Files already in the queue or the history (same path, size and
// mtime) are never queued again, so a restart neither repeats nor misses a file.
import { basename } from 'node:path';
import type { WatchFolder, WatchFolderStatus, WatchState, WatchStatusView } from '../../../shared/watch.ts';
import { UPLOADED_SUBFOLDER } from '../../../shared/watch.ts';
import type { Db } from '../db/database.ts';
import type { Logger } from '../log/logger.ts';
import type { EventSink } from '../rpc/events.ts';
import { moveUploaded, uploadedPlace } from './move-uploaded.ts';
import { FolderWatcher, type WatchedFile, type WatchState as WatcherState } from './folder-watcher.ts';
import type { Said } from '../../../shared/said.ts';

interface WatchManagerOptions {
  db: Db;
  /** Queues one finished file into the upload engine (its own checks and de-duplication apply). */
  enqueue: (path: string, folderId: number, within: string) => Promise<{ added: readonly unknown[]; skipped: readonly { reason: Said }[] }>;
  events: EventSink;
  logger: Logger;
  /** How often a missing or refused folder is looked at again (tests use a short one). */
  presenceCheckMs?: number;
}

interface Entry {
  config: WatchFolder;
  watcher: FolderWatcher | null;
  state: WatchState;
  lastFile: string | null;
  /** No change events from the system (its watch limit is reached): the folder is scanned every few seconds. */
  scanning: boolean;
  /** The watch's last failure, until its change events are open again or the folder says missing, denied or linked. */
  problem: Said | null;
}

export class WatchManager {
  readonly #options: WatchManagerOptions;
  readonly #entries = new Map<string, Entry>();
  readonly #known: (file: WatchedFile) => boolean;
  /** Changes are applied one after another, so watchers are never started twice for one folder. */
  #applying: Promise<void> = Promise.resolve();
  #stopped = false;
  #windowVisible = true;

  constructor(options: WatchManagerOptions) {
    this.#options = options;
    // Any job ever made for this exact file, in whatever state: the queue and the history.
    const known = options.db.prepare('SELECT 1 FROM upload_jobs WHERE path = ? AND size = ? AND mtime_ms = ? LIMIT 1');
    this.#known = (file) => known.get(file.path, file.size, file.mtimeMs) !== undefined;
  }

  /** Starts, stops or restarts watchers so they match `folders`; resolves when they have. */
  apply(folders: readonly WatchFolder[]): Promise<void> {
    this.#applying = this.#applying.then(() => this.#apply(folders)).catch((error: unknown) => {
      this.#options.logger.error('watch folders could not be applied', { error });
    });
    return this.#applying;
  }

  status(): WatchStatusView {
    return { folders: [...this.#entries.values()].map(toStatus) };
  }

  /** A confirmed upload: the watch folder holding the file moves it aside when it is set to. */
  async fileUploaded(path: string): Promise<void> {
    for (const { config } of this.#entries.values()) {
      const place = config.moveUploaded ? uploadedPlace(config.path, path) : null;
      if (!place) continue;
      try {
        await moveUploaded(path, place);
      } catch (error) {
        this.#options.logger.warn('an uploaded file could not be moved aside; it stays where it was', { error, folder: config.id });
      }
      return;
    }
  }

  /** Whether a window shows the folders' states: the watchers check presence often only then. */
  setWindowVisible(visible: boolean): void {
    this.#windowVisible = visible;
    for (const entry of this.#entries.values()) entry.watcher?.setWindowVisible(visible);
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    await this.#applying;
    await Promise.allSettled([...this.#entries.values()].map((entry) => entry.watcher?.stop()));
    this.#entries.clear();
  }

  async #apply(folders: readonly WatchFolder[]): Promise<void> {
    if (this.#stopped) return;
    const wanted = new Map(folders.map((folder) => [folder.id, folder]));
    for (const [id, entry] of [...this.#entries]) {
      const next = wanted.get(id);
      if (next && JSON.stringify(next) === JSON.stringify(entry.config)) continue;
      await entry.watcher?.stop();
      this.#entries.delete(id);
    }
    for (const config of folders) {
      if (this.#entries.has(config.id)) continue;
      const entry: Entry = { config, watcher: null, state: 'paused', lastFile: null, scanning: false, problem: null };
      this.#entries.set(config.id, entry);
      if (config.enabled) {
        entry.watcher = this.#watcherFor(entry);
        entry.watcher.setWindowVisible(this.#windowVisible);
        await entry.watcher.start();
      }
    }
    this.#emit();
  }

  #watcherFor(entry: Entry): FolderWatcher {
    const { config } = entry;
    return new FolderWatcher({
      folder: config.path,
      include: config.include,
      exclude: config.exclude,
      recursive: config.includeSubfolders,
      settleMs: config.settleSeconds * 1000,
      ...(this.#options.presenceCheckMs !== undefined ? { presenceCheckMs: this.#options.presenceCheckMs } : {}),
      uploadedFolder: UPLOADED_SUBFOLDER,
      isKnown: this.#known,
      onFile: (file) => void this.#queue(entry, file),
      onState: (state) => this.#onState(entry, state),
      onMode: (mode) => {
        entry.scanning = mode === 'scanning';
        if (mode === 'events') entry.problem = null;
        this.#emit();
      },
      onError: (problem, error) => {
        this.#options.logger.warn('a watched folder reported an error', { error, folder: config.id });
        entry.problem = problem;
        this.#emit();
      },
    });
  }

  async #queue(entry: Entry, file: WatchedFile): Promise<void> {
    try {
      // The engine checks again that the file's real path is inside the folder (a link made meanwhile).
      const result = await this.#options.enqueue(file.path, entry.config.folderId, entry.config.path);
      // A file the engine refuses (not a video after all, already uploaded) is not the folder's last file.
      if (result.added.length === 0) {
        this.#options.logger.info('a watched file was not queued', { reason: result.skipped[0]?.reason.code ?? null, folder: entry.config.id });
        return;
      }
      entry.lastFile = basename(file.path);
      this.#emit();
    } catch (error) {
      this.#options.logger.warn('a watched file could not be queued', { error, folder: entry.config.id });
    }
  }

  #onState(entry: Entry, state: WatcherState): void {
    // 'stopped' is the watcher being closed by us: the entry is going away or being replaced.
    if (state === 'stopped' || this.#entries.get(entry.config.id) !== entry) return;
    entry.state = state;
    // Missing, denied or linked say more than an earlier failure: the window shows that state's words.
    if (state !== 'watching') entry.problem = null;
    this.#emit();
  }

  #emit(): void {
    if (!this.#stopped) this.#options.events.emit('watch:changed', this.status());
  }
}

function toStatus(entry: Entry): WatchFolderStatus {
  return { id: entry.config.id, state: entry.state, lastFile: entry.lastFile, scanning: entry.state === 'watching' && entry.scanning, problem: entry.problem };
}
