// Remote URL imports: the person pastes URLs; as many as the service has free slots go at
// once, the rest wait in SQLite and follow as slots free up; the queue is polled while
// anything is active (slower while the window is hidden, not at all when nothing is), and
// the four queue actions work offline too: they wait in the account's outbox, which replays
// them in order and keeps one the service refuses for the person to retry or discard.
//
// All work that talks to the service runs one task at a time on a chain, so a poll, a
// submit and an action never interleave; the only timer is the next poll, and it exists
// only while there is something to wait for.
import { AppError, isOffline } from '../../../shared/errors.ts';
import { VIDEO_ID } from '../../../shared/model.ts';
import type { RemoteView, Slots } from '../../../shared/model.ts';
import type { ServiceApi } from '../api/service-api.ts';
import { transaction, type Db } from '../db/database.ts';
import type { Logger } from '../log/logger.ts';
import type { EventSink } from '../rpc/events.ts';
import { actionRequest, applyActionLocally, type RemoteActionName, type RemoteActionOutbox } from './actions.ts';
import { isReachable, ManualConnectivity, onReachabilityChange, type Connectivity } from '../connectivity.ts';
import { describe } from './errors.ts';
import { COPIED_STATUS, refreshFromService } from './refresh.ts';
import { RemoteStore } from './store.ts';
import { submitWaiting } from './submit.ts';
import { realTimers, type Timers } from '../timers.ts';
import { checkUrls, type RejectedUrl } from './urls.ts';
import { buildRemoteView, importedVideoFinder, type VideoFinder } from './view.ts';
import { said } from '../../../shared/said.ts';

export const DEFAULT_POLL_MS = 3_000;
export const DEFAULT_HIDDEN_POLL_MS = 30_000;

export interface RemoteImportsOptions {
  api: ServiceApi;
  /** The account's database (electron/core/db/database.ts); the `remote` migrations run here. */
  db: Db;
  /** The account's outbox (the library's): queue actions that cannot go at once wait there. */
  outbox: RemoteActionOutbox;
  events: EventSink;
  now?: () => number;
  timers?: Timers;
  connectivity?: Connectivity;
  logger?: Logger;
  /** Poll interval while the window is visible. */
  pollMs?: number;
  /** Poll interval while the window is hidden. */
  hiddenPollMs?: number;
  /** Imports finished since the last look: the library fetches the new videos (then call viewChanged()). */
  onImportsFinished?: () => void;
}

export interface AddResult {
  accepted: number;
  rejected: RejectedUrl[];
}

export interface ActionResult {
  /** The service's count, or null when the action was queued in the outbox. */
  affected: number | null;
  /** Rows changed on this side at once (including rows the service never had). */
  localAffected: number;
  queued: boolean;
  view: RemoteView;
}

export class RemoteImports {
  readonly #api: ServiceApi;
  readonly #db: Db;
  readonly #store: RemoteStore;
  readonly #outbox: RemoteActionOutbox;
  readonly #events: EventSink;
  readonly #timers: Timers;
  readonly #connectivity: Connectivity;
  readonly #logger: Logger | undefined;
  readonly #pollMs: number;
  readonly #hiddenPollMs: number;

  #running = false;
  #visible = true;
  #timer: unknown = null;
  #chain: Promise<void> = Promise.resolve();
  #pendingTick: { complete: boolean; done: Promise<void> } | null = null;
  #abort = new AbortController();
  #unsubscribe: (() => void) | null = null;
  #slots: Slots | null = null;
  #lastEmitted = '';
  readonly #findVideo: VideoFinder;
  readonly #onImportsFinished: (() => void) | undefined;
  /** Finished imports already seen, so only new ones make the library look. */
  #finished = new Set<number>();
  #primed = false;

  constructor(options: RemoteImportsOptions) {
    this.#api = options.api;
    this.#db = options.db;
    this.#store = new RemoteStore(options.db, options.now ?? Date.now);
    this.#outbox = options.outbox;
    // The outbox confirms and takes back queue actions through these.
    this.#outbox.attachRemoteImports({
      mirror: (action, id) => applyActionLocally(this.#store, action, id),
      reread: () => void this.#requestTick(true),
    });
    this.#events = options.events;
    this.#timers = options.timers ?? realTimers;
    // Without a monitor: always try, and learn about failures from the requests.
    this.#connectivity = options.connectivity ?? new ManualConnectivity('online');
    this.#logger = options.logger;
    this.#pollMs = options.pollMs ?? DEFAULT_POLL_MS;
    this.#hiddenPollMs = options.hiddenPollMs ?? DEFAULT_HIDDEN_POLL_MS;
    this.#findVideo = importedVideoFinder(options.db);
    this.#onImportsFinished = options.onImportsFinished;
    this.#lastEmitted = JSON.stringify(this.list());
  }

  /** Picks up where the last run stopped: one complete refresh, then polls only if needed. */
  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#abort = new AbortController();
    this.#store.recoverInterrupted();
    this.#unsubscribe = onReachabilityChange(this.#connectivity, (online) => this.#connectionChanged(online));
    void this.#requestTick(true);
  }

  /** Stops polling and aborts requests in flight; resolves once the current task has ended. */
  async stop(): Promise<void> {
    this.#running = false;
    this.#clearTimer();
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    this.#abort.abort();
    await this.settle();
  }

  /** Resolves when no task is queued or running (for shutdown and tests). */
  async settle(): Promise<void> {
    for (;;) {
      const chain = this.#chain;
      await chain;
      if (chain === this.#chain) return;
    }
  }

  list(): RemoteView {
    return buildRemoteView(this.#store.rows(), this.#slots, this.#store.waitingCount(), this.#findVideo);
  }

  /** Something the view shows changed outside the imports (the library learned the new videos). */
  viewChanged(): void {
    this.#emitIfChanged();
  }

  /** New finished imports since the last call: the library is asked to fetch their videos. */
  #noticeFinished(): void {
    const finished = this.#store.rows().filter((row) => row.phase === 'remote' && row.status === COPIED_STATUS).map((row) => row.localId);
    const fresh = finished.filter((id) => !this.#finished.has(id));
    this.#finished = new Set(finished);
    if (fresh.length > 0 && this.#primed) this.#onImportsFinished?.();
    this.#primed = true;
  }

  /**
   * Stores the valid URLs as waiting (answering at once) and lets the next task submit
   * them. A URL already waiting or being imported is refused rather than imported twice.
   */
  add(urls: readonly string[], folderId = 0): AddResult {
    // A folder made offline has no id the service knows yet: its imports could not say where to go.
    if (folderId < 0) throw new AppError('validation', said('import_folder_not_saved'), { retryable: false });
    const checked = checkUrls(urls);
    const inProgress = this.#store.urlsInProgress();
    const accepted: string[] = [];
    const rejected = [...checked.rejected];
    for (const url of checked.accepted) {
      if (inProgress.has(url)) rejected.push({ url, reason: said('remote_url_in_progress') });
      else accepted.push(url);
    }
    this.#store.addWaiting(accepted, folderId);
    this.#emitIfChanged();
    if (accepted.length > 0 && this.#running) void this.#requestTick(false);
    return { accepted: accepted.length, rejected };
  }

  /**
   * One of the four queue actions. Online: the service does it, the rows mirror it, the
   * whole list is read again. Offline, or behind an action still in the outbox: it goes into
   * the outbox, mirrored on the rows at once (one transaction), and is sent in order when
   * the service answers again.
   */
  action(action: RemoteActionName, id?: string): Promise<ActionResult> {
    if (action === 'delete' && (id === undefined || !VIDEO_ID.test(id))) {
      return Promise.reject(new AppError('validation', said('import_delete_needs_full_id')));
    }
    const target = action === 'delete' ? (id ?? null) : null;
    return this.#enqueue(async () => {
      let affected: number | null = null;
      let queued = !isReachable(this.#connectivity) || this.#outbox.hasRemoteActions();
      if (!queued) {
        try {
          affected = (await this.#api.remoteAction(actionRequest(action, target), { signal: this.#abort.signal })).affected;
        } catch (error) {
          if (!isOffline(error)) throw error;
          queued = true;
        }
      }
      const url = target === null ? null : (this.#store.byRemoteId(target)?.url ?? null);
      const localAffected = transaction(this.#db, () => {
        if (queued) this.#outbox.queueRemoteAction(action, target, url);
        return applyActionLocally(this.#store, action, target);
      });
      this.#emitIfChanged();
      if (queued) this.#schedule();
      else await this.#tick(true);
      return { affected, localAffected, queued, view: this.list() };
    });
  }

  /**
   * Drops an import that never reached the service (still waiting for a slot, or refused
   * before it was queued there). Runs in the task chain so a submit cannot race it.
   */
  discard(localId: number): Promise<RemoteView> {
    return this.#enqueue(async () => {
      if (!this.#store.removeUnsent(localId)) {
        throw new AppError('validation', said('import_already_on_service'));
      }
      this.#emitIfChanged();
      return this.list();
    });
  }

  /** The shell calls this when the window is shown or hidden. */
  setVisible(visible: boolean): void {
    if (visible === this.#visible) return;
    this.#visible = visible;
    if (!this.#running) return;
    const polling = this.#timer !== null;
    this.#clearTimer();
    // Someone is looking again: show fresh figures now rather than after a hidden interval.
    if (visible && polling) void this.#requestTick(false);
    else this.#schedule();
  }

  /** A complete refresh now (e.g. when the remote screen opens). */
  refresh(): Promise<void> {
    return this.#requestTick(true);
  }

  // ---- the task chain

  #enqueue<T>(task: () => Promise<T>): Promise<T> {
    const result = this.#chain.then(task);
    this.#chain = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }

  /** Ticks asked for while one is already queued join it (a complete one wins). */
  #requestTick(complete: boolean): Promise<void> {
    if (this.#pendingTick) {
      this.#pendingTick.complete ||= complete;
      return this.#pendingTick.done;
    }
    const pending = { complete, done: Promise.resolve() };
    pending.done = this.#enqueue(async () => {
      this.#pendingTick = null;
      await this.#tick(pending.complete);
    });
    this.#pendingTick = pending;
    return pending.done;
  }

  async #tick(complete: boolean): Promise<void> {
    this.#clearTimer();
    if (!this.#running || !isReachable(this.#connectivity)) return;
    const signal = this.#abort.signal;
    try {
      // Actions asked for offline go first, as they did before anything else was read; the
      // outbox re-reads the list (a complete tick) once the service confirmed them.
      if (this.#outbox.unsentRemoteActions() > 0) await this.#outbox.replay();
      await refreshFromService(this.#api, this.#store, { complete, signal });
      if (complete || this.#store.submittable().length > 0) {
        this.#slots = (await this.#api.slots({ signal })).slots;
        this.#slots = await submitWaiting(this.#api, this.#store, this.#slots, { signal, onSubmitted: () => this.#emitIfChanged() });
      }
    } catch (error) {
      // Offline or stopped: everything stays as it is and goes when the service answers again.
      if (!isOffline(error) && !signal.aborted) this.#logger?.warn('remote: refreshing imports failed', { error: describe(error) });
    } finally {
      this.#noticeFinished();
      this.#emitIfChanged();
      this.#schedule();
    }
  }

  // ---- the poll timer

  #hasWork(): boolean {
    return (
      this.#store.activeRemote().length > 0 ||
      this.#store.submittable().length > 0 ||
      this.#store.uncertain().length > 0 ||
      this.#outbox.unsentRemoteActions() > 0
    );
  }

  /** Sets the next poll if there is anything to wait for and a chance to reach the service. */
  #schedule(): void {
    if (!this.#running || this.#timer !== null || this.#pendingTick) return;
    if (!isReachable(this.#connectivity) || !this.#hasWork()) return;
    this.#timer = this.#timers.setTimeout(
      () => {
        this.#timer = null;
        void this.#requestTick(false);
      },
      this.#visible ? this.#pollMs : this.#hiddenPollMs,
    );
  }

  #clearTimer(): void {
    if (this.#timer === null) return;
    this.#timers.clearTimeout(this.#timer);
    this.#timer = null;
  }

  #connectionChanged(online: boolean): void {
    if (!this.#running) return;
    if (online) void this.#requestTick(true);
    else this.#clearTimer();
  }

  #emitIfChanged(): void {
    const view = this.list();
    const key = JSON.stringify(view);
    if (key === this.#lastEmitted) return;
    this.#lastEmitted = key;
    this.#events.emit('remote:changed', view);
  }
}
