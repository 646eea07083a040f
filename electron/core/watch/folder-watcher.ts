import { access, constants, stat } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import picomatch from 'picomatch';

/** A file seen in a watched folder, identified the way the queue and history remember it. */
export interface WatchedFile {
  path: string;
  size: number;
  mtimeMs: number;
}

export type WatchState = 'watching' | 'missing' | 'denied' | 'stopped';

export interface FolderWatcherOptions {
  folder: string;
  /** Glob patterns, relative to the folder, for files never picked up (e.g. `*.part`, `drafts/**`). */
  exclude?: readonly string[];
  /** Glob patterns, relative to the folder; when given, only files matching one are picked up. */
  include?: readonly string[];
  /** False: only files directly in the folder. */
  recursive?: boolean;
  /** How long a file's size must stay still before it counts as written. */
  settleMs?: number;
  /** How often to look whether an unplugged folder is back (and whether a present one went away). */
  presenceCheckMs?: number;
  /** Sub-folder that finished files are moved into, never picked up itself. */
  uploadedFolder?: string;
  /** True when the queue or history already holds this path with this size and mtime. */
  isKnown: (file: WatchedFile) => boolean;
  onFile: (file: WatchedFile) => void;
  onState?: (state: WatchState) => void;
  onError?: (error: Error) => void;
}

const DEFAULT_SETTLE_MS = 2000;
const DEFAULT_PRESENCE_MS = 2000;

/**
 * Watches one folder (recursively) and reports each finished file once. Files are reported only
 * after their size and mtime have settled, so half-written files are never sent.
 * On start (and when an unplugged folder comes back) the existing files are scanned and compared by
 * path+size+mtime against what the caller already knows, so a restart neither repeats nor misses a file.
 * Nothing is ever deleted here.
 */
export class FolderWatcher {
  private watcher: FSWatcher | null = null;
  private presenceTimer: NodeJS.Timeout | null = null;
  private state: WatchState = 'stopped';
  private readonly reported = new Set<string>();
  private readonly settling = new Map<string, NodeJS.Timeout>();
  private readonly excluded: (relPath: string) => boolean;
  private readonly included: (relPath: string) => boolean;

  private readonly options: FolderWatcherOptions;
  private checking: Promise<void> | null = null;

  constructor(options: FolderWatcherOptions) {
    this.options = options;
    const patterns = [...(options.exclude ?? [])];
    if (options.uploadedFolder) patterns.push(`${options.uploadedFolder}/**`, options.uploadedFolder);
    this.excluded = patterns.length ? picomatch(patterns, { dot: true }) : () => false;
    this.included = options.include?.length ? picomatch([...options.include], { dot: true }) : () => true;
  }

  get currentState(): WatchState {
    return this.state;
  }

  async start(): Promise<void> {
    await this.checkPresence();
    const every = this.options.presenceCheckMs ?? DEFAULT_PRESENCE_MS;
    this.presenceTimer = setInterval(() => void this.checkPresence(), every);
  }

  async stop(): Promise<void> {
    if (this.presenceTimer) clearInterval(this.presenceTimer);
    this.presenceTimer = null;
    // A check under way could open a watcher after this one closed.
    await this.checking;
    await this.closeWatcher();
    this.setState('stopped');
  }

  /**
   * One check at a time: under load a check can outlast the interval, and an older check that
   * saw the folder gone would otherwise close the watcher a newer one just opened.
   */
  private checkPresence(): Promise<void> {
    this.checking ??= this.checkPresenceNow().finally(() => (this.checking = null));
    return this.checking;
  }

  private async checkPresenceNow(): Promise<void> {
    const present = await stat(this.options.folder).then((s) => s.isDirectory(), () => false);
    // A folder we may not list or read gets its own state: the person has to change its rights.
    const readable = present && (await access(this.options.folder, constants.R_OK | constants.X_OK).then(() => true, () => false));
    if (readable && !this.watcher) this.openWatcher();
    else if (!readable) {
      // Asked again after a failed access: a folder renamed away in between is missing, not denied.
      const stillThere = present && (await stat(this.options.folder).then((s) => s.isDirectory(), () => false));
      const state = stillThere ? 'denied' : 'missing';
      if (this.state === state) return;
      await this.closeWatcher();
      this.setState(state);
    }
  }

  private openWatcher(): void {
    const root = this.options.folder;
    this.watcher = watch(root, {
      ignoreInitial: false,
      ...(this.options.recursive === false ? { depth: 0 } : {}),
      ignored: (path: string) => {
        const rel = relative(root, path).split(sep).join('/');
        return rel !== '' && this.excluded(rel);
      },
    });
    const wanted = (path: string) => this.included(relative(root, path).split(sep).join('/'));
    this.watcher.on('add', (path) => wanted(path) && this.settle(path));
    this.watcher.on('change', (path) => wanted(path) && this.settle(path));
    this.watcher.on('error', (error) => this.options.onError?.(error instanceof Error ? error : new Error(String(error))));
    this.setState('watching');
  }

  /**
   * Waits until the file's size and mtime have stayed the same for the settle time. Done here rather
   * than with chokidar's awaitWriteFinish, which does not wait for files found by the initial scan:
   * those are exactly the files still being copied when the app starts or a drive comes back.
   */
  private settle(path: string, previous?: string): void {
    clearTimeout(this.settling.get(path));
    const settleMs = this.options.settleMs ?? DEFAULT_SETTLE_MS;
    const timer = setTimeout(() => {
      void stat(path).then(
        (s) => {
          if (!this.watcher || this.settling.get(path) !== timer) return;
          const now = `${s.size}\0${s.mtimeMs}`;
          if (now === previous) {
            this.settling.delete(path);
            void this.consider(path);
          } else this.settle(path, now);
        },
        () => this.settling.delete(path),
      );
    }, previous === undefined ? 0 : settleMs);
    this.settling.set(path, timer);
  }

  private async consider(path: string): Promise<void> {
    const s = await stat(path).catch(() => null);
    if (!s?.isFile()) return;
    const file: WatchedFile = { path, size: s.size, mtimeMs: s.mtimeMs };
    const { size, mtimeMs } = file;
    const key = `${path}\0${size}\0${mtimeMs}`;
    if (this.reported.has(key) || this.options.isKnown(file)) return;
    this.reported.add(key);
    this.options.onFile(file);
  }

  private async closeWatcher(): Promise<void> {
    const w = this.watcher;
    this.watcher = null;
    for (const timer of this.settling.values()) clearTimeout(timer);
    this.settling.clear();
    if (w) await w.close();
  }

  private setState(state: WatchState): void {
    if (state === this.state) return;
    this.state = state;
    this.options.onState?.(state);
  }
}
