// What the shell follows from the core's events: upload totals for the tray and the
// taskbar, and the settings it needs synchronously (closeToTray when the window closes,
// notifications when a batch ends, the service origin for the CSP and link checks).
import type { EventName } from '../../shared/contract.ts';
import { EMPTY_UPLOAD_TOTALS } from '../../shared/model.ts';
import type { AuthStatus, Settings, UploadTotals } from '../../shared/model.ts';
import type { UploadsSummary } from '../../shared/upload-queue.ts';
import type { EventHub } from '../core/rpc/events.ts';
import { serviceOrigins } from './origins.ts';

export interface ShellSnapshot {
  totals: UploadTotals;
  paused: boolean;
  closeToTray: boolean;
  notifications: boolean;
  /** Automatic update checks (settings.autoUpdate). */
  autoUpdate: boolean;
  baseUrl: string | null;
}

export interface BridgeTargets {
  /** Upload figures changed (many times a second while uploading; targets throttle). */
  onUploads?: (totals: UploadTotals, paused: boolean) => void;
  /** The service's origin changed (a key was set for another address, or cleared). */
  onServiceOrigins?: (origins: string[]) => void;
}

export const NO_UPLOADS: UploadTotals = EMPTY_UPLOAD_TOTALS;

export class CoreBridge {
  readonly #state: ShellSnapshot;
  readonly #targets: BridgeTargets;

  constructor(initial: { settings: Settings; uploads: Pick<UploadsSummary, 'totals' | 'paused'> }, targets: BridgeTargets = {}) {
    this.#state = {
      totals: initial.uploads.totals,
      paused: initial.uploads.paused,
      closeToTray: initial.settings.closeToTray,
      notifications: initial.settings.notifications,
      autoUpdate: initial.settings.autoUpdate,
      baseUrl: initial.settings.baseUrl,
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

  /** Pushes the current figures to the targets (at start, before any event came). */
  refresh(): void {
    this.#targets.onUploads?.(this.#state.totals, this.#state.paused);
  }

  /** Every account's queue together (Core.uploads.totals): accounts not shown keep uploading. */
  uploadsChanged(totals: UploadTotals): void {
    this.#state.totals = totals;
    this.refresh();
  }

  follow(events: Pick<EventHub, 'subscribe'>): () => void {
    return events.subscribe((event, payload) => this.apply(event, payload));
  }

  apply(event: EventName, payload: unknown): void {
    switch (event) {
      case 'uploads:changed': {
        // The shown account's queue; the totals come from every account (uploadsChanged).
        this.#state.paused = (payload as UploadsSummary).paused;
        this.refresh();
        break;
      }
      case 'settings:changed': {
        const settings = payload as Settings;
        this.#state.closeToTray = settings.closeToTray;
        this.#state.notifications = settings.notifications;
        this.#state.autoUpdate = settings.autoUpdate;
        this.#setBaseUrl(settings.baseUrl);
        break;
      }
      case 'auth:changed': {
        this.#setBaseUrl((payload as AuthStatus).baseUrl);
        break;
      }
      default:
        break;
    }
  }

  #setBaseUrl(baseUrl: string | null): void {
    const before = this.serviceOrigins.join(' ');
    this.#state.baseUrl = baseUrl;
    if (this.serviceOrigins.join(' ') !== before) this.#targets.onServiceOrigins?.(this.serviceOrigins);
  }
}
