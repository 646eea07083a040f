// The surface the composition root (services.ts) gives to a host: the Electron main
// process, the browser harness, or a test. Hosts serve `handlers` over their transport,
// forward `events`, and add the few methods only they can answer (ShellMethod).
import type { AccountRoute, AppHandlers } from './rpc/dispatch.ts';
import type { EventHub } from './rpc/events.ts';
import type { Logger } from './log/logger.ts';
import type { UploadTotals } from '../../shared/model.ts';
import type { SecretStore } from './secrets/secret-store.ts';
import type { ProxyResolver } from './net/proxy-route.ts';

/** Methods the host answers itself: native dialogs, the system browser, the clipboard, facts about the app, its updater. */
export const SHELL_METHODS = ['app:info', 'app:preferredLanguages', 'dialog:openFiles', 'dialog:openFolder', 'dialog:saveFile', 'watch:add', 'shell:openExternal', 'clipboard:writeText', 'updates:status', 'updates:check', 'updates:restart', 'hooks:set'] as const;
export type ShellMethod = (typeof SHELL_METHODS)[number];
/** The app's own methods the core answers (the shell adds its ShellMethods). */
export type CoreHandlers = Omit<AppHandlers, ShellMethod>;

export interface CoreOptions {
  /** The app's data folder: settings, one database per account. */
  dataDir: string;
  /** Where the rotating log file goes. */
  logDir: string;
  /** Offer "Try with the local sandbox" (source tree only, never in packaged builds). */
  sandboxAvailable: boolean;
  /** Where the API key is kept. Default: the OS keychain (keytar); the shell may pass a chain with a safeStorage fallback. */
  secretStore?: SecretStore;
  /** Starts the sandbox host and answers its address and key; only where sandboxAvailable. */
  startSandbox?: () => Promise<{ baseUrl: string; apiKey: string }>;
  /** Also write log lines to stderr (development, tests). */
  logToConsole?: boolean;
  /** The URL the host serves a lent local video on (media:open); default: Electron's media scheme. */
  mediaUrl?: (token: string) => string;
  /**
   * How to reach a URL: the shell passes Electron's session.resolveProxy (system settings,
   * PAC, WPAD); default: the HTTPS_PROXY / HTTP_PROXY / ALL_PROXY / NO_PROXY variables.
   */
  proxy?: ProxyResolver;
  /** Settings that win over settings.json for this run and are never written (the command line). */
  fixedSettings?: Partial<import('../../shared/model.ts').Settings>;
  /** The command line's VIDLIFT_BASE_URL and VIDLIFT_API_KEY: the one account of this run, never written anywhere. */
  fixedAccount?: { baseUrl: string; key: string };
  /** The command line's --account: this account (by name or id) is the one shown for this run, never written. */
  accountForRun?: string;
  /** Only the shown account is opened (the command line: the app may have the others open). */
  onlyShownAccount?: boolean;
  /** With onlyShownAccount: these accounts (by name or id) are opened too: the command line's `NAME:` arguments. */
  alsoForRun?: readonly string[];
  /**
   * Starts a library's sync writer thread (library/sync-writer.ts). The Electron bundle passes
   * its built worker; default: the TypeScript source beside it (Node); null: no thread.
   */
  startSyncWorker?: import('./library/sync/writer.ts').StartSyncWorker | null;
  /** Telegram's Bot API address for notifications: tests only (a local stand-in); never settable by the window. */
  telegramApiBase?: string;
  /**
   * The host opens the accounts itself (Core.startAccounts), once it answers the window's app
   * calls: the shell (issue 33). Otherwise createCore answers with every account with a key open.
   */
  startAccountsLater?: boolean;
  /** The wall clock the upload conditions read (timetable, windows) and wait on; default: the real one (tests move it). */
  clock?: { now: () => number; timers: import('./timers.ts').Timers };
}

export interface BatchSummary {
  done: number;
  failed: number;
}

export interface Core {
  handlers: CoreHandlers;
  /**
   * The handlers of the account a request names (null: none shown): every account-scoped
   * method. Throws the AppError of an account Vidlift does not know (accounts/routes.ts).
   */
  account: AccountRoute;
  /**
   * The account the window last showed: a preference kept in the settings (the shell's tray
   * and the command line's default read it); calls never go to it unless they name it.
   */
  shownAccountId(): string | null;
  events: EventHub;
  logger: Logger;
  /** Records a path the person chose (dialog result, dropped file); only such paths are read. */
  grantPath(path: string): void;
  /** Records the path the person chose in the save dialog; an export writes only there (once). */
  grantSavePath(path: string): void;
  /** Folders the person picked in the shell's folder dialog (watch:add) become the shown account's watch folders; answers the settings as the window sees them. */
  addWatchFolders(paths: readonly string[]): Promise<import('../../shared/model.ts').Settings>;
  /**
   * Sets the hook programs (settings.json's `hooks`). Only the shell's hooks:set calls it, after
   * the person confirmed a new command in a native dialog; `current` is what is set now.
   */
  hooks: { current(): import('../../shared/notify.ts').Hooks; set(patch: Partial<import('../../shared/notify.ts').Hooks>): Promise<import('../../shared/model.ts').Settings> };
  /** The service returned links on this origin (`scheme://host[:port]`), as the library knows them. */
  knowsLinkOrigin(origin: string): boolean;
  /** Lent local videos: the host's media protocol serves a token's file with byte ranges. */
  media: {
    serve(token: string, method: string, range: string | null | undefined): Promise<import('./files/media-range.ts').MediaReply>;
  };
  /** Every account's queue together: the tray counts them all. */
  uploads: {
    totals(): UploadTotals;
    pauseAll(): void;
    resumeAll(): void;
    /** Any account's queue changed (totals() then has the new figures). */
    onChange(listener: () => void): () => void;
    /** Called when a batch of uploads has ended (nothing left waiting or running). */
    onBatchFinished(listener: (summary: BatchSummary) => void): () => void;
  };
  /**
   * Checks the shown account's key with the service (operation 1, no retries) without it
   * leaving the core: the command line's start. Throws the ServiceError; false without a key.
   */
  checkShownKey(): Promise<boolean>;
  /** What the shell learns from the OS about power (Electron's powerMonitor; issue 31). */
  power: {
    /** on-battery / on-ac: with "pause on battery" set, queued uploads wait on battery. */
    setOnBattery(onBattery: boolean): void;
    /** resume: the computer woke; transfers that died in the sleep go again at once, the service is checked. */
    resumed(): void;
  };
  /**
   * Opens each account with a key (its database, sync, queue and watch folders); the same
   * promise each time. createCore has done it already unless CoreOptions.startAccountsLater.
   */
  startAccounts(): Promise<void>;
  /** The window was shown/hidden or focused: adjusts polling and triggers a quick refresh. */
  setWindowVisible(visible: boolean): void;
  close(): Promise<void>;
}
