// The app updater: electron-updater checks the feed at start and every 6 hours (unless the
// person switched that off), downloads a newer version in the background, and offers
// "Restart to update" only while no upload runs. A restart asked for while uploads run waits
// until they finish: an update never cuts an upload in half. Errors reach the person in
// words; the details go to the log.
import type { AppUpdater } from 'electron-updater';
import type { UpdateStatus } from '../../shared/model.ts';
import { said, type Said } from '../../shared/said.ts';

export const CHECK_EVERY_MS = 6 * 60 * 60 * 1000;

/** The part of electron-updater's AppUpdater this controller uses (typed against its own definitions). */
export type UpdaterPort = Pick<AppUpdater, 'checkForUpdates' | 'quitAndInstall' | 'autoDownload' | 'autoInstallOnAppQuit'> & {
  on: AppUpdater['on'];
};

/** What the controller drives: the updater, or why updates are off in this build. */
export type LoadedUpdater = { updater: UpdaterPort; offReason: null } | { updater: null; offReason: Said };

export interface UpdateControllerDeps {
  /**
   * The updater, or a promise of it: the installed app loads electron-updater (~150 ms of CPU)
   * after the window's first answers, so the controller is made before it is there. Until then
   * the status is idle, a check waits for it, and the automatic checks start once it is.
   */
  updater: LoadedUpdater | Promise<LoadedUpdater>;
  /** The person's "check automatically" switch (settings.autoUpdate). */
  automatic: () => boolean;
  uploadsRunning: () => boolean;
  onChange: (status: UpdateStatus) => void;
  log: (message: string, error?: unknown) => void;
  /** setInterval unless a test drives the clock. */
  every?: (ms: number, tick: () => void) => () => void;
  now?: () => Date;
}

export class UpdateController {
  readonly #deps: UpdateControllerDeps;
  #status: UpdateStatus;
  /** Null while loading or when updates are off (the status says which). */
  #updater: UpdaterPort | null = null;
  /** Settles once the updater is known (at once when it was given loaded). */
  readonly #loaded: Promise<void>;
  /** start() was called and stop() not since: the checks begin once the updater is there. */
  #wanted = false;
  #stopTimer: (() => void) | null = null;
  #checking: Promise<UpdateStatus> | null = null;

  constructor(deps: UpdateControllerDeps) {
    this.#deps = deps;
    const off = deps.updater instanceof Promise ? null : deps.updater.offReason;
    this.#status = { state: off ? 'off' : 'idle', said: off, version: null, percent: null, canRestart: false, restartPending: false, lastChecked: null };
    if (deps.updater instanceof Promise) {
      this.#loaded = deps.updater.then(
        (loaded) => this.#take(loaded),
        (error: unknown) => {
          // loadUpdater never rejects; should it ever, updates are off and the log says why.
          deps.log('The updater could not be loaded', error);
          this.#take({ updater: null, offReason: said('update_off_not_started') });
        },
      );
    } else {
      this.#take(deps.updater);
      this.#loaded = Promise.resolve();
    }
  }

  #take(loaded: LoadedUpdater): void {
    if (!loaded.updater) {
      this.#set({ state: 'off', said: loaded.offReason });
      return;
    }
    const updater = loaded.updater;
    this.#updater = updater;
    updater.autoDownload = true;
    updater.autoInstallOnAppQuit = true;
    updater.on('checking-for-update', () => this.#set({ state: 'checking', said: null }));
    updater.on('update-not-available', () => this.#set({ state: 'idle', said: said('update_up_to_date'), version: null, percent: null }));
    updater.on('update-available', (info) => this.#set({ state: 'downloading', version: info.version, percent: 0, said: null }));
    updater.on('download-progress', (progress) => this.#set({ state: 'downloading', percent: Math.max(0, Math.min(100, Math.round(progress.percent))) }));
    updater.on('update-downloaded', (info) => this.#set({ state: 'ready', version: info.version, percent: 100, said: null }));
    updater.on('error', (error) => this.#fail(error));
    if (this.#wanted) this.start();
  }

  get status(): UpdateStatus {
    return this.#status;
  }

  /** Checks now and every 6 hours while the switch is on (from when the updater is loaded). */
  start(): void {
    this.#wanted = true;
    if (!this.#updater || this.#stopTimer) return;
    const every = this.#deps.every ?? defaultEvery;
    this.#stopTimer = every(CHECK_EVERY_MS, () => this.#automaticCheck());
    this.#automaticCheck();
  }

  stop(): void {
    this.#wanted = false;
    this.#stopTimer?.();
    this.#stopTimer = null;
  }

  /** The "Check for updates" button: works with the switch off too. */
  check(): Promise<UpdateStatus> {
    const updater = this.#updater;
    // Still loading: the check runs once it is there (or says off).
    if (!updater) return this.#loaded.then(() => (this.#updater ? this.check() : this.#status));
    // Once downloaded, checking again would download the same file again.
    if (this.#status.state === 'ready') return Promise.resolve(this.#status);
    this.#checking ??= updater
      .checkForUpdates()
      .then(async (result) => {
        // With autoDownload, the download runs behind the check: wait so its failure is seen here.
        await result?.downloadPromise;
      })
      .catch((error: unknown) => this.#fail(error))
      .then(() => {
        this.#checking = null;
        this.#set({ lastChecked: (this.#deps.now ?? (() => new Date()))().toISOString() });
        return this.#status;
      });
    return this.#checking;
  }

  /** "Restart to update": now when no upload runs, else when the uploads finish. */
  restart(): UpdateStatus {
    if (this.#status.state !== 'ready') return this.#status;
    if (this.#deps.uploadsRunning()) {
      this.#set({ restartPending: true, said: said('update_restart_pending') });
      return this.#status;
    }
    this.#install();
    return this.#status;
  }

  /** The uploads started or stopped running (the shell calls this from its upload totals). */
  uploadsChanged(): void {
    if (this.#status.state !== 'ready') return;
    if (this.#status.restartPending && !this.#deps.uploadsRunning()) {
      this.#install();
      return;
    }
    this.#set({});
  }

  #automaticCheck(): void {
    if (!this.#deps.automatic()) return;
    void this.check();
  }

  #install(): void {
    this.#set({ restartPending: false, said: said('update_restarting') });
    try {
      this.#updater?.quitAndInstall(false, true);
    } catch (error) {
      this.#fail(error);
    }
  }

  #fail(error: unknown): void {
    this.#deps.log('The update failed', error);
    this.#set({ state: 'error', said: describeUpdateError(error), percent: null, restartPending: false });
  }

  #set(change: Partial<UpdateStatus>): void {
    const next = { ...this.#status, ...change };
    next.canRestart = next.state === 'ready' && !next.restartPending && !this.#deps.uploadsRunning();
    if (JSON.stringify(next) === JSON.stringify(this.#status)) return;
    this.#status = next;
    this.#deps.onChange(next);
  }
}

function defaultEvery(ms: number, tick: () => void): () => void {
  const timer = setInterval(tick, ms);
  timer.unref();
  return () => clearInterval(timer);
}

/** What went wrong, for the person: never a stack or a raw library message. */
export function describeUpdateError(error: unknown): Said {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : '';
  const text = error instanceof Error ? error.message : String(error);
  if (/sha512 checksum mismatch/i.test(text) || code === 'ERR_CHECKSUM_MISMATCH') {
    return said('update_damaged');
  }
  if (code === 'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND' || /Cannot find channel|latest-\w+\.yml/i.test(text)) {
    return said('update_none_for_system');
  }
  if (/ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNRESET|ENETUNREACH|net::ERR_|HttpError|socket hang up/i.test(`${code} ${text}`)) {
    return said('update_unreachable');
  }
  if (code === 'ERR_UPDATER_INVALID_UPDATE_INFO' || /YAMLException|Cannot parse update info/i.test(text)) {
    return said('update_unreadable');
  }
  return said('update_failed');
}
