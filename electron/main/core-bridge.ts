// What the shell follows from the core's events: upload totals for the tray and the
// taskbar, and the settings it needs synchronously (closeToTray when the window closes,
// notifications when a batch ends, the service origin for the CSP and link checks).
import { EMPTY_UPLOAD_TOTALS } from '../../shared/model.ts';
import type { Settings, UploadTotals } from '../../shared/model.ts';
import type { UploadsSummary } from '../../shared/upload-queue.ts';
import type { Core } from '../core/core.ts';
import type { EventHub } from '../core/rpc/events.ts';
import { serviceOrigins } from './origins.ts';
import type { LanguageChoice } from '../../shared/i18n/index.ts';

export interface ShellSnapshot {
  totals: UploadTotals;
  paused: boolean;
  closeToTray: boolean;
  notifications: boolean;
  /** Automatic update checks (settings.autoUpdate). */
  autoUpdate: boolean;
  baseUrl: string | null;
  /** The account the window last showed (settings.activeAccount): its pause is the tray's. */
  shownAccount: string | null;
  /** settings.language: the shell speaks it (shell-locale.ts). */
  language: LanguageChoice;
}

export interface BridgeTargets {
  /** Upload figures changed (many times a second while uploading; targets throttle). */
  onUploads?: (totals: UploadTotals, paused: boolean) => void;
  /** The service's origin changed (a key was set for another address, or cleared). */
  onServiceOrigins?: (origins: string[]) => void;
  /** settings.language changed: the shell words its menus and tray again. */
  onLanguage?: (language: LanguageChoice) => void;
}

export const NO_UPLOADS: UploadTotals = EMPTY_UPLOAD_TOTALS;

export class CoreBridge {
  readonly #state: ShellSnapshot;
  readonly #targets: BridgeTargets;

  /** The figures at start: the settings, every account's totals and the shown account's pause. */
  static async initialFrom(core: Pick<Core, 'handlers' | 'account' | 'uploads'>): Promise<{ settings: Settings; uploads: Pick<UploadsSummary, 'totals' | 'paused'> }> {
    const settings = await core.handlers['settings:get'](undefined);
    const { paused } = await core.account(settings.activeAccount)['uploads:list'](undefined);
    return { settings, uploads: { totals: core.uploads.totals(), paused } };
  }

  constructor(initial: { settings: Settings; uploads: Pick<UploadsSummary, 'totals' | 'paused'> }, targets: BridgeTargets = {}) {
    this.#state = {
      totals: initial.uploads.totals,
      paused: initial.uploads.paused,
      closeToTray: initial.settings.closeToTray,
      notifications: initial.settings.notifications,
      autoUpdate: initial.settings.autoUpdate,
      baseUrl: initial.settings.baseUrl,
      shownAccount: initial.settings.activeAccount,
      language: initial.settings.language,
    };
    this.#targets = targets;
  }

  get snapshot(): Readonly<ShellSnapshot> {
    return this.#state;
  }

  get serviceOrigins(): string[] {
    return serviceOrigins(this.#state.baseUrl);
  }

  uploadsRunning(): boolean {
    return this.#state.totals.active + this.#state.totals.waiting > 0;
  }

  /** The accounts opened after the bridge was made (issue 33): their queues' figures at start. */
  started(initial: { uploads: Pick<UploadsSummary, 'totals' | 'paused'> }): void {
    this.#state.paused = initial.uploads.paused;
    this.uploadsChanged(initial.uploads.totals);
  }

  /** Pushes the current figures to the targets (at start, before any event came). */
  refresh(): void {
    this.#targets.onUploads?.(this.#state.totals, this.#state.paused);
  }

  /** Every account's queue together (Core.uploads.totals): accounts not shown keep uploading. */
  uploadsChanged(totals: UploadTotals): void {
    this.#state.totals = totals;
    this.refresh();
  }

  /** Follows the core's events, each payload typed by the contract (no casts). */
  follow(events: Pick<EventHub, 'on'>): () => void {
    const offs = [
      events.on('uploads:changed', ({ paused }, accountId) => {
        // The shown account's pause; the totals come from every account (uploadsChanged).
        if (accountId !== this.#state.shownAccount) return;
        this.#state.paused = paused;
        this.refresh();
      }),
      events.on('settings:changed', (settings) => {
        this.#state.closeToTray = settings.closeToTray;
        this.#state.notifications = settings.notifications;
        this.#state.autoUpdate = settings.autoUpdate;
        this.#state.shownAccount = settings.activeAccount;
        this.#setBaseUrl(settings.baseUrl);
        if (settings.language !== this.#state.language) {
          this.#state.language = settings.language;
          this.#targets.onLanguage?.(settings.language);
        }
      }),
      events.on('accounts:changed', ({ baseUrl }) => this.#setBaseUrl(baseUrl)),
    ];
    return () => offs.forEach((off) => off());
  }

  #setBaseUrl(baseUrl: string | null): void {
    const before = this.serviceOrigins.join(' ');
    this.#state.baseUrl = baseUrl;
    if (this.serviceOrigins.join(' ') !== before) this.#targets.onServiceOrigins?.(this.serviceOrigins);
  }
}
