// One watched folder. Change events come from @parcel/watcher (the native watcher VS Code and
// Parcel use): one inotify watch per directory, where chokidar 5 takes one per file too, so a
// folder of 10,000 files costs 1 watch, not 10,001 (measured under a lowered
// max_user_watches: test/integration/watch/watch-limits.test.ts). When the system's limit on
// watches is reached all the same (a tree with more folders than the limit), the folder is
// scanned every few seconds instead, and the state says so.
//
// Symbolic links are never followed (issue 27): whoever can write into a watched folder could
// otherwise have a file from anywhere uploaded (a link to it, or a sub-folder that is a link),
// and a watched folder replaced by a link would have the other folder uploaded. Entries are
// looked at with lstat, links are skipped, and a file is reported only when its real path is
// the path inside the watched folder (no link anywhere on the way). The folder itself must be
// at its own real path: checked at every presence check and before every scan; when it is
// not (it is a link now, or lies under one), watching stops with the state 'linked'.
import type { Stats } from 'node:fs';
import { access, constants, lstat, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import parcelWatcher from '@parcel/watcher';
import picomatch from 'picomatch';
import { relativePath, scanFolder, type ScanRules } from './scan-folder.ts';
import { said, type Said } from '../../../shared/said.ts';

/** A file seen in a watched folder, identified the way the queue and history remember it. */
export interface WatchedFile {
  path: string;
  size: number;
  mtimeMs: number;
}

/** 'linked': the folder is a symbolic link now (or not at its real path): nothing is reported from it. */
export type WatchState = 'watching' | 'missing' | 'denied' | 'linked' | 'stopped';

/** How changes are noticed: the system's change events, or a scan every few seconds. */
type WatchMode = 'events' | 'scanning';

interface FolderWatcherOptions {
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
  /** The same while no window shows the folder's state (setWindowVisible(false)). */
  hiddenPresenceCheckMs?: number;
  /** How often the folder is scanned when the system gives no change events. */
  scanMs?: number;
  /**
   * How often the folder is scanned even with change events: a network share or a FUSE mount
   * gives no events for files written from another machine.
   */
  rescanMs?: number;
  /** Sub-folder that finished files are moved into, never picked up itself. */
  uploadedFolder?: string;
  /** True when the queue or history already holds this path with this size and mtime. */
  isKnown: (file: WatchedFile) => boolean;
  onFile: (file: WatchedFile) => void;
  onState?: (state: WatchState) => void;
  onMode?: (mode: WatchMode) => void;
  /** A failure of the watch itself, as said to a person (the window's watch folders, the CLI), with the error for logs. */
  onError?: (problem: Said, error: unknown) => void;
}

const DEFAULT_SETTLE_MS = 2000;
const DEFAULT_PRESENCE_MS = 2000;
/**
 * While the window is hidden (the app in the tray all day) the presence check is what wakes
 * the core most (issue 33: every 2 s, a few file-system calls each, per folder). New files
 * still arrive at once by the change events; what waits is noticing that a folder went away or
 * came back (a drive plugged in), within this instead of 2 s. Showing the window checks at once.
 */
const DEFAULT_HIDDEN_PRESENCE_MS = 30_000;
const DEFAULT_SCAN_MS = 10_000;
const DEFAULT_RESCAN_MS = 60_000;

/** The system's own words for a failure (its message, with its code), quoted as `detail`: not ours to word. */
function systemWords(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** What the system says when no more change watches can be set up (Linux inotify: ENOSPC, EMFILE). */
function isWatchLimit(error: unknown): boolean {
  const text = `${(error as { code?: unknown } | null)?.code ?? ''} ${error instanceof Error ? error.message : String(error)}`;
  return /ENOSPC|EMFILE|No space left on device|Too many open files|user limit/i.test(text);
}

/** What the watched folder is now: a folder at its own real path, a link (or under one), or not there. */
type RootPlace = 'folder' | 'linked' | 'absent';

async function rootPlace(root: string): Promise<RootPlace> {
  const info = await lstat(root).catch(() => null);
  if (!info) return 'absent';
  if (info.isSymbolicLink()) return 'linked';
  const real = await realpath(root).catch(() => null);
  if (real === null) return 'absent';
  // A relative path, or a parent that is a link: the folder is not where the path says.
  if (real !== root) return 'linked';
  return info.isDirectory() ? 'folder' : 'absent';
}

/** A regular file (not a link) whose real path is its path: no link anywhere between the root and it. */
async function plainFile(path: string): Promise<Stats | null> {
  const info = await lstat(path).catch(() => null);
  if (!info?.isFile()) return null;
  const real = await realpath(path).catch(() => null);
  return real === path ? info : null;
}

interface Changes {
  close(): Promise<void>;
}

/**
 * Watches one folder and reports each finished file once. Files are reported only after their
 * size and mtime have settled, so half-written files are never sent. On start (and when an
 * unplugged folder comes back) the existing files are scanned and compared by path+size+mtime
 * against what the caller already knows, so a restart neither repeats nor misses a file.
 * Nothing is ever deleted here.
 */
export class FolderWatcher {
  private changes: Changes | null = null;
  private presenceTimer: NodeJS.Timeout | null = null;
  private windowVisible = true;
  private state: WatchState = 'stopped';
  private readonly reported = new Set<string>();
  private readonly settling = new Map<string, NodeJS.Timeout>();
  private readonly rules: ScanRules;
  private readonly included: (relPath: string) => boolean;
  private readonly options: FolderWatcherOptions;
  private checking: Promise<void> | null = null;
  private started = false;
  private stopped = false;

  constructor(options: FolderWatcherOptions) {
    this.options = options;
    const patterns = [...(options.exclude ?? [])];
    if (options.uploadedFolder) patterns.push(`${options.uploadedFolder}/**`, options.uploadedFolder);
    const excluded = patterns.length ? picomatch(patterns, { dot: true }) : () => false;
    this.rules = { recursive: options.recursive !== false, excluded };
    this.included = options.include?.length ? picomatch([...options.include], { dot: true }) : () => true;
  }

  get currentState(): WatchState {
    return this.state;
  }

  async start(): Promise<void> {
    this.stopped = false;
    this.started = true;
    await this.checkPresence();
    this.schedulePresence();
  }

  /** A window shows the state (checked often), or none does (checked rarely). */
  setWindowVisible(visible: boolean): void {
    if (this.windowVisible === visible) return;
    this.windowVisible = visible;
    if (this.stopped || !this.started) return;
    this.schedulePresence();
    if (visible) void this.checkPresence();
  }

  /** Set again whenever the window shows or hides, and when the folder's watch opens or closes. */
  private schedulePresence(): void {
    if (this.presenceTimer) clearInterval(this.presenceTimer);
    this.presenceTimer = null;
    if (this.stopped || !this.started) return;
    // Hidden and watched, no poll of its own (issue 33: three folders' checks were most of the
    // idle core's wakeups): the scans beside the change events (rescanMs, or scanMs without
    // events) look at the folder's root first and run the presence check when it is gone or
    // became a link. A folder that is not watched (missing, denied, linked) is still looked at
    // at the hidden pace, to notice it coming back; showing the window checks at once.
    if (!this.windowVisible && this.changes) return;
    const every = this.windowVisible ? (this.options.presenceCheckMs ?? DEFAULT_PRESENCE_MS) : (this.options.hiddenPresenceCheckMs ?? DEFAULT_HIDDEN_PRESENCE_MS);
    this.presenceTimer = setInterval(() => void this.checkPresence(), every);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.presenceTimer) clearInterval(this.presenceTimer);
    this.presenceTimer = null;
    // A check under way could open a watcher after this one closed.
    await this.checking;
    await this.closeChanges();
    this.setState('stopped');
  }

  /**
   * One check at a time: under load a check can outlast the interval, and an older check that
   * saw the folder gone would otherwise close the watcher a newer one just opened.
   */
  private checkPresence(): Promise<void> {
    this.checking ??= this.checkPresenceNow()
      .catch((error: unknown) => this.options.onError?.(said('watch_check_failed', { detail: systemWords(error) }), error))
      .finally(() => (this.checking = null));
    return this.checking;
  }

  private async checkPresenceNow(): Promise<void> {
    if (this.stopped) return;
    const place = await rootPlace(this.options.folder);
    const present = place === 'folder';
    // A folder we may not list or read gets its own state: the person has to change its rights.
    const readable = present && (await access(this.options.folder, constants.R_OK | constants.X_OK).then(() => true, () => false));
    if (readable && !this.changes) await this.openChanges();
    else if (!readable) {
      // Asked again after a failed access: a folder renamed away in between is missing, not denied.
      const stillThere = present && (await rootPlace(this.options.folder)) === 'folder';
      const state = place === 'linked' ? 'linked' : stillThere ? 'denied' : 'missing';
      if (this.state === state) return;
      await this.closeChanges();
      this.setState(state);
    }
  }

  private async openChanges(): Promise<void> {
    const root = this.options.folder;
    try {
      const subscription = await parcelWatcher.subscribe(root, (error, events) => this.onEvents(error, events), {
        ...(this.options.uploadedFolder ? { ignore: [join(root, this.options.uploadedFolder)] } : {}),
      });
      const rescans = this.scanEvery(this.options.rescanMs ?? DEFAULT_RESCAN_MS);
      this.changes = { close: async () => void (await Promise.all([rescans.close(), subscription.unsubscribe()])) };
      this.options.onMode?.('events');
    } catch (error) {
      if (!isWatchLimit(error)) throw error;
      const scanMs = this.options.scanMs ?? DEFAULT_SCAN_MS;
      this.changes = this.scanEvery(scanMs);
      this.options.onMode?.('scanning');
      this.options.onError?.(said('watch_limit_scanning', { seconds: scanMs / 1000, detail: systemWords(error) }), error);
    }
    this.setState('watching');
    this.schedulePresence();
    // What is already there (arrived while closed, or while the folder was away): settled like a new file.
    await this.scanOnce();
  }

  /**
   * Every file under the folder, new or changed since it was reported, is looked at (one lstat
   * each). The folder's real path is checked first: one replaced by a link is not scanned, and
   * the presence check says so at once.
   */
  private async scanOnce(): Promise<void> {
    const root = this.options.folder;
    if ((await rootPlace(root)) !== 'folder') {
      // Not awaited: a scan runs inside the presence check when the folder opens.
      void this.checkPresence();
      return;
    }
    await scanFolder(root, root, this.rules, (path) => void this.noticeScanned(path));
  }

  private async noticeScanned(path: string): Promise<void> {
    const s = await lstat(path).catch(() => null);
    if (!s?.isFile() || this.reported.has(`${path}\0${s.size}\0${s.mtimeMs}`)) return;
    this.noticeFile(path);
  }

  /** Scans on a timer: the fallback without change events, and the safety net beside them. */
  private scanEvery(ms: number): Changes {
    let scanning = false;
    const timer = setInterval(() => {
      if (scanning) return;
      scanning = true;
      void this.scanOnce().finally(() => (scanning = false));
    }, ms);
    return { close: async () => clearInterval(timer) };
  }

  private onEvents(error: Error | null, events: ReadonlyArray<{ path: string; type: 'create' | 'update' | 'delete' }>): void {
    if (error) {
      this.options.onError?.(said('watch_changes_failed', { detail: systemWords(error) }), error);
      return;
    }
    for (const event of events) {
      if (event.type === 'delete') {
        clearTimeout(this.settling.get(event.path));
        this.settling.delete(event.path);
        continue;
      }
      // lstat: a link (to a file or a folder) is neither, and is skipped.
      void lstat(event.path).then(
        (s) => {
          // A folder moved in whole comes as one event: its files are looked at here.
          if (s.isDirectory() && this.rules.recursive && !this.rules.excluded(relativePath(this.options.folder, event.path))) {
            void scanFolder(this.options.folder, event.path, this.rules, (path) => this.noticeFile(path));
          } else if (s.isFile()) this.noticeFile(event.path);
        },
        () => undefined,
      );
    }
  }

  /** A file appeared or changed: it is considered once it has settled, if the rules want it. */
  private noticeFile(path: string): void {
    const rel = relativePath(this.options.folder, path);
    if (rel.startsWith('..') || this.rules.excluded(rel) || !this.included(rel)) return;
    if (!this.rules.recursive && rel.includes('/')) return;
    if (this.settling.has(path)) return;
    this.settle(path);
  }

  /**
   * Waits until the file's size and mtime have stayed the same for the settle time: files
   * found by a scan are exactly the ones that may still be copied when the app starts or a
   * drive comes back.
   */
  private settle(path: string, previous?: string): void {
    clearTimeout(this.settling.get(path));
    const settleMs = this.options.settleMs ?? DEFAULT_SETTLE_MS;
    const timer = setTimeout(() => {
      void lstat(path).then(
        (s) => {
          if (!this.changes || this.settling.get(path) !== timer) return;
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
    const s = await plainFile(path);
    if (!s) return;
    const file: WatchedFile = { path, size: s.size, mtimeMs: s.mtimeMs };
    const key = `${path}\0${file.size}\0${file.mtimeMs}`;
    if (this.reported.has(key) || this.options.isKnown(file)) return;
    this.reported.add(key);
    this.options.onFile(file);
  }

  private async closeChanges(): Promise<void> {
    const changes = this.changes;
    this.changes = null;
    this.schedulePresence();
    for (const timer of this.settling.values()) clearTimeout(timer);
    this.settling.clear();
    if (changes) await changes.close().catch((error: unknown) => this.options.onError?.(said('watch_stop_failed', { detail: systemWords(error) }), error));
  }

  private setState(state: WatchState): void {
    if (state === this.state) return;
    this.state = state;
    this.options.onState?.(state);
  }
}
