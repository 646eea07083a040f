// The outbox: every change the person makes to the library is applied to the local
// database at once (marked pending), kept in lib_outbox, and replayed in order when the
// service answers; so is a remote-import queue action that could not go at once. One replayer; an item leaves the outbox only once the service confirmed
// it. `offline` stops the replay and leaves the item pending; any other refusal marks it
// refused with the service's message, and the replay goes on with changes that do not
// depend on it (the ordering rule is outbox/order.ts). Retry and discard replay at once.
import { AppError } from '../../../../shared/errors.ts';
import type { Folder, OutboxView, RemoteActionName, Subtitle, ThumbnailQueue, Video } from '../../../../shared/model.ts';
import type { ServiceApi } from '../../api/service-api.ts';
import type { Logger } from '../../log/logger.ts';
import type { EventSink } from '../../rpc/events.ts';
import type { Connectivity } from '../../connectivity.ts';
import { transaction, type Db } from '../../db/database.ts';
import { kindOf, REMOTE_QUEUE_TARGET, type KindContext, type OutboxKindName, type Payloads, type RemoteImportsPort } from './kinds.ts';
import { OutboxStore, type OutboxRow } from './store.ts';
import { notFound, OutboxChanges } from './changes.ts';
import { blockersOf, OrderGate } from './order.ts';
import { OutboxTargets, toItem, type ChangeScope, type FolderIdListener } from './targets.ts';
import type { LibraryStore } from '../store.ts';
import type { SubtitleStore } from '../subtitles.ts';
import { ThumbnailWindow } from '../../api/thumbnail-window.ts';
import { realTimers, type Timers } from '../../timers.ts';
import type { PickedIdentity } from '../../files/file-identity.ts';
import { said } from '../../../../shared/said.ts';

export type { FolderIdListener } from './targets.ts';

export interface OutboxDeps {
  db: Db;
  store: LibraryStore;
  subtitles: SubtitleStore;
  api: ServiceApi;
  events: EventSink;
  connectivity: Connectivity;
  logger: Logger;
  now: () => number;
  /** The core's shared timers (tests drive them by hand). */
  timers?: Timers;
}

type SendOutcome = 'confirmed' | 'refused' | 'stop' | 'wait';

const THUMBNAIL_SENDS_KEY = 'thumbnail_sends';

/** Errors about the whole connection or the key, not about this change: keep it pending. */
function stopsReplay(error: unknown): boolean {
  return error instanceof AppError && (error.code === 'offline' || error.code === 'unauthorized');
}

/** Before the remote imports attach there are no import rows to mirror on; their start reads the list anyway. */
const DETACHED_REMOTE_IMPORTS: RemoteImportsPort = { mirror: () => 0, reread: () => {} };

/** How soon a replay stopped while still online (a local failure, a key just replaced) tries again. */
const LOCAL_FAILURE_RETRY_MS = 5_000;

export class Outbox {
  readonly #deps: OutboxDeps;
  readonly #timers: Timers;
  readonly #rows: OutboxStore;
  readonly #window: ThumbnailWindow;
  readonly #targets: OutboxTargets;
  readonly #changes: OutboxChanges;
  #running: Promise<void> | null = null;
  #again = false;
  #stopped = false;
  #wakeTimer: unknown = null;
  #unsubscribe: (() => void) | null = null;
  #remoteImports: RemoteImportsPort | null = null;

  constructor(deps: OutboxDeps) {
    this.#deps = deps;
    this.#timers = deps.timers ?? realTimers;
    this.#rows = new OutboxStore(deps.db);
    this.#targets = new OutboxTargets(this.#rows, deps.store, deps.logger, deps.now);
    this.#changes = new OutboxChanges({
      store: deps.store,
      subtitles: deps.subtitles,
      enqueue: (kind, build) => this.#enqueue(kind, build),
      changed: (scope) => this.#changed(scope),
      thumbnailQueue: () => this.thumbnailQueue(),
    });
    this.#window = new ThumbnailWindow(
      {
        load: () => JSON.parse(deps.store.getState(THUMBNAIL_SENDS_KEY) ?? '[]') as number[],
        save: (times) => deps.store.setState(THUMBNAIL_SENDS_KEY, JSON.stringify(times)),
      },
      deps.now,
    );
    // Whatever was mid-send when the app stopped goes back to pending before anything reads it.
    if (this.#rows.resetSending() > 0) transaction(deps.db, () => this.#targets.refreshAll());
  }

  /** Starts replaying: now, and every time the connection comes back. */
  start(): void {
    this.#stopped = false;
    const unsubscribe = this.#deps.connectivity.onChange((connection) => {
      if (connection.state === 'online') void this.replay();
    });
    this.#unsubscribe = typeof unsubscribe === 'function' ? (unsubscribe as () => void) : null;
    void this.replay();
  }

  /** Stops scheduling; a send under way finishes (its outcome is recorded). */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    if (this.#wakeTimer !== null) this.#timers.clearTimeout(this.#wakeTimer);
    this.#wakeTimer = null;
    await this.#running;
  }

  /** Other engines (uploads, remote imports) rewrite their own references to a folder created offline. */
  onFolderIdAssigned(listener: FolderIdListener): () => void {
    return this.#targets.onFolderIdAssigned(listener);
  }

  /**
   * The account's remote imports: their queue actions confirm and undo through them. The
   * outbox is built first (with the library); the imports attach once they exist.
   */
  attachRemoteImports(port: RemoteImportsPort): () => void {
    this.#remoteImports = port;
    return () => {
      if (this.#remoteImports === port) this.#remoteImports = null;
    };
  }

  // ---- changes (outbox/changes.ts says what each one does locally) ---------------------

  createFolder(name: string): Folder {
    return this.#changes.createFolder(name);
  }
  renameFolder(id: number, name: string): Folder {
    return this.#changes.renameFolder(id, name);
  }
  setSkipIntro(videoId: string, seconds: number): Video {
    return this.#changes.setSkipIntro(videoId, seconds);
  }
  addSubtitleUrl(videoId: string, language: string, url: string): Subtitle {
    return this.#changes.addSubtitleUrl(videoId, language, url);
  }
  /** `path` must have passed checkSubtitleFile (with `encoding`, the person's choice, when given). */
  addSubtitleFile(videoId: string, language: string, path: string, format: 'srt' | 'vtt', encoding?: string, file?: PickedIdentity): Subtitle {
    return this.#changes.addSubtitleFile(videoId, language, path, format, encoding, file);
  }
  /** `path` must have passed checkThumbnailFile. */
  setThumbnail(videoId: string, path: string, file?: PickedIdentity, frame = false): ThumbnailQueue {
    return this.#changes.setThumbnail(videoId, path, file, frame);
  }
  deleteThumbnail(videoId: string): ThumbnailQueue {
    return this.#changes.deleteThumbnail(videoId);
  }
  copyVideo(videoId: string): void {
    this.#changes.copyVideo(videoId);
  }
  /** The caller mirrors the action on its import rows in the same transaction. */
  queueRemoteAction(action: RemoteActionName, id: string | null, url: string | null): void {
    this.#changes.queueRemoteAction(action, id, url);
  }

  /** Remote-import queue actions not sent yet (refused ones wait for the person, not for a poll). */
  unsentRemoteActions(): number {
    return this.#rows.forTarget(REMOTE_QUEUE_TARGET).filter((row) => row.state !== 'refused').length;
  }

  /** Any remote-import queue action still in the outbox, refused ones included: a new one goes behind them. */
  hasRemoteActions(): boolean {
    return this.#rows.forTarget(REMOTE_QUEUE_TARGET).length > 0;
  }

  // ---- the outbox as the person sees it -----------------------------------------------

  view(): OutboxView {
    const rows = this.#rows.all();
    const blockers = blockersOf(rows);
    return { items: rows.map((row) => toItem(row, blockers.get(row.id) ?? null)) };
  }

  thumbnailQueue(): ThumbnailQueue {
    const waiting = this.#rows.ofKind('thumbnail.set').filter((row) => row.state !== 'refused').length;
    return { waiting, nextSlotAt: waiting > 0 ? this.#window.nextSlotAt() : null };
  }

  retry(id: number): OutboxView {
    const row = this.#rows.get(id) ?? notFound(said('change_not_waiting'));
    if (row.state === 'refused') {
      transaction(this.#deps.db, () => {
        this.#rows.setState(id, 'pending');
        this.#targets.refresh(row.target);
      });
      this.#changed(this.#targets.scopeOf(row));
    }
    void this.replay();
    return this.view();
  }

  /** Drops a change and takes back its local effect. A folder's later changes go with it. */
  discard(id: number): OutboxView {
    const row = this.#rows.get(id) ?? notFound(said('change_not_waiting'));
    if (row.state === 'sending') {
      throw new AppError('validation', said('change_being_sent'), { retryable: true });
    }
    transaction(this.#deps.db, () => {
      const doomed = row.kind === 'folder.create' ? this.#rows.forTarget(row.target).filter((r) => r.state !== 'sending') : [row];
      // Undo the newest first, so each undo sees the state its own change made.
      for (const r of doomed.reverse()) {
        kindOf(r.kind).undo(this.#context(), r.payload);
        this.#rows.remove(r.id);
      }
      this.#targets.refresh(row.target);
    });
    this.#changed(this.#targets.scopeOf(row));
    // What waited behind the discarded change goes now, not at the next reconnect.
    void this.replay();
    return this.view();
  }

  // ---- replay -------------------------------------------------------------------------

  /** Sends what waits, in order; a call during a replay makes it run once more. */
  replay(): Promise<void> {
    if (this.#stopped) return Promise.resolve();
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = this.#loop().finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  /** Resolves when no replay is under way (tests, shutdown). */
  async idle(): Promise<void> {
    // A change just made starts its replay on the next tick: let that start first.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.#running) await this.#running;
  }

  async #loop(): Promise<void> {
    do {
      this.#again = false;
      if (this.#deps.connectivity.state().state === 'offline') return;
      let unreachable: boolean;
      try {
        unreachable = await this.#pass();
      } catch (error) {
        this.#recoverFromLocalFailure(error);
        return;
      }
      // A replay asked for while this pass failed to reach the service gets its own pass:
      // whoever asked may just have reached it (remote imports' poll after a reconnect).
      if (unreachable && !this.#again) {
        // Stopped while the connection still reads online (a request refused with a key the
        // person has just replaced): no change of state will wake the replay, so a timer does
        // (found by the simulation, test/sim, seed 540).
        if (this.#deps.connectivity.state().state !== 'offline') this.#wakeAt(this.#deps.now() + LOCAL_FAILURE_RETRY_MS);
        return;
      }
    } while (this.#again && !this.#stopped);
  }

  /** One walk over the outbox. Returns true when the service could not be reached. */
  async #pass(): Promise<boolean> {
    const gate = new OrderGate();
    let lastId = 0;
    for (let row = this.#rows.next(0); row !== null && !this.#stopped; row = this.#rows.next(lastId)) {
      lastId = row.id;
      if (gate.isHeld(row)) continue;
      if (row.state === 'refused') gate.holdBehind(row);
      if (row.state !== 'pending') continue;
      const outcome = await this.#send(row);
      if (outcome === 'stop') return true;
      if (outcome === 'refused') gate.holdBehind(row);
      if (outcome === 'wait') gate.holdBehind({ target: row.target });
    }
    return false;
  }

  async #send(sent: OutboxRow): Promise<SendOutcome> {
    let row = sent;
    const kind = kindOf(row.kind);
    if (row.kind === 'thumbnail.set') {
      if (!this.#window.canSend()) {
        this.#wakeAt(this.#window.nextSlotAt());
        return 'wait';
      }
      this.#window.record();
    }
    if (row.attempts === 0 && kind.beforeFirstSend) {
      this.#rows.setPayload(row.id, kind.beforeFirstSend(this.#context(), row.payload));
      // Read back through the kind's schema, like every payload.
      row = this.#rows.get(row.id) ?? row;
    }
    transaction(this.#deps.db, () => {
      this.#rows.startSending(row.id);
      this.#targets.refresh(row.target);
    });
    this.#changed(this.#targets.scopeOf(row));

    let result: unknown;
    try {
      const found = row.mayHaveArrived && kind.find ? await kind.find(this.#context(), row.payload) : null;
      result = found ?? (await kind.send(this.#deps.api, row.payload));
    } catch (error) {
      return this.#failed(row, error);
    }
    transaction(this.#deps.db, () => {
      kind.confirm(this.#context(), row.payload, result);
      // Confirming a folder create moves its changes to the folder's real id: refresh there.
      const target = this.#rows.get(row.id)?.target ?? row.target;
      this.#rows.remove(row.id);
      this.#targets.refresh(target);
    });
    await kind.after?.(this.#context(), row.payload, result);
    this.#changed(this.#targets.scopeOf(row), { id: row.id, summary: kind.summary(row.payload) });
    return 'confirmed';
  }

  #failed(row: OutboxRow, error: unknown): SendOutcome {
    if (stopsReplay(error)) {
      transaction(this.#deps.db, () => {
        // The request may have reached the service before the connection failed.
        if (!row.mayHaveArrived) this.#rows.markMayHaveArrived(row.id);
        this.#rows.setState(row.id, 'pending');
        this.#targets.refresh(row.target);
      });
      this.#changed(this.#targets.scopeOf(row));
      return 'stop';
    }
    const message = this.#refusalMessage(row, error);
    this.#deps.logger.warn('outbox: change refused', { kind: row.kind, id: row.id, code: error instanceof AppError ? error.code : 'internal' });
    transaction(this.#deps.db, () => {
      this.#rows.setState(row.id, 'refused', message);
      this.#targets.refresh(row.target);
    });
    this.#changed(this.#targets.scopeOf(row));
    return 'refused';
  }

  #refusalMessage(row: OutboxRow, error: unknown): string {
    if (!(error instanceof AppError)) {
      this.#deps.logger.error('outbox: unexpected failure', { kind: row.kind, error: error instanceof Error ? error.stack : String(error) });
      return 'Something went wrong inside Vidlift while sending this change. The log has the details.';
    }
    const hint = kindOf(row.kind).refusalHint?.(error) ?? null;
    return hint === null ? error.message : `${error.message} ${hint}`;
  }

  /**
   * A write of the outbox itself failed mid-replay (disk full, database busy): the change
   * being sent goes back to waiting as after a crash (it may have arrived, so it is looked for
   * first), instead of staying "sending" until a restart, out of reach of Retry and Discard;
   * and the replay tries again shortly (found by the simulation, test/sim, seed 97).
   */
  #recoverFromLocalFailure(error: unknown): void {
    this.#deps.logger.error('outbox: a replay stopped on a local failure', { error });
    try {
      if (this.#rows.resetSending() > 0) transaction(this.#deps.db, () => this.#targets.refreshAll());
      this.#changed({ folders: true });
    } catch {
      // Still failing: the next start puts it back (the constructor).
    }
    this.#wakeAt(this.#deps.now() + LOCAL_FAILURE_RETRY_MS);
  }

  #wakeAt(at: number): void {
    if (this.#wakeTimer !== null || this.#stopped) return;
    const delay = Math.max(0, at - this.#deps.now()) + 50;
    this.#wakeTimer = this.#timers.setTimeout(() => {
      this.#wakeTimer = null;
      this.#changed({ thumbnails: true });
      void this.replay();
    }, delay);
    // A wait for the thumbnail window must not keep a process alive on its own.
    (this.#wakeTimer as { unref?: () => void }).unref?.();
  }

  // ---- local effects ------------------------------------------------------------------

  #enqueue<K extends OutboxKindName>(kind: K, build: (outboxId: number) => { payload: Payloads[K]; target: string }): void {
    transaction(this.#deps.db, () => {
      // Added first: some changes need their outbox id (a temporary folder id, a subtitle row).
      const id = this.#rows.add(kind, {}, '', this.#deps.now());
      const { payload, target } = build(id);
      this.#rows.setPayload(id, payload);
      this.#rows.setTarget(id, target);
      this.#targets.refresh(target);
    });
    // After the caller has read the change's pending state: the send starts on the next tick.
    if (this.#deps.connectivity.state().state !== 'offline') queueMicrotask(() => void this.replay());
  }

  #context(): KindContext {
    return {
      store: this.#deps.store,
      subtitles: this.#deps.subtitles,
      api: this.#deps.api,
      now: this.#deps.now,
      remoteImports: this.#remoteImports ?? DETACHED_REMOTE_IMPORTS,
      assignFolderId: (tempId, created) => this.#targets.assignFolderId(tempId, created),
    };
  }

  #changed(scope: ChangeScope, confirmed?: { id: number; summary: string }): void {
    const { events } = this.#deps;
    events.emit('outbox:changed', confirmed ? { ...this.view(), confirmed: [confirmed] } : this.view());
    if (scope.folders || (scope.folderIds?.length ?? 0) > 0) {
      events.emit('library:changed', { folders: scope.folders ?? false, folderIds: scope.folderIds ?? [], account: false });
    }
    if (scope.thumbnails) events.emit('thumbnails:changed', this.thumbnailQueue());
  }
}
