// The remote-upload worker: really downloads each queued URL and moves the item through
// pending -> downloading -> processing -> completed | failed (the wire decisions' statuses).
// Timers are unref'd and downloads aborted on stop, so it never holds the process open.
import type { Core, WorkerHandle } from './core.ts';
import { download, DownloadError } from './download.ts';
import { nameFromUrl } from './routes/remote.ts';
import type { RemoteItem } from './state.ts';

export class RemoteWorker implements WorkerHandle {
  private readonly core: Core;
  private readonly tickMs: number;
  private readonly concurrency: number;
  private readonly processingMs: number;
  private readonly running = new Map<string, AbortController>();
  private interval: NodeJS.Timeout | undefined;
  private soon: NodeJS.Timeout | undefined;
  private tickNo = 0;
  private readonly processingTick = new Map<string, number>();

  constructor(core: Core, opts: { tickMs?: number; concurrency?: number; processingMs?: number }) {
    this.core = core;
    this.processingMs = opts.processingMs ?? 200;
    this.tickMs = opts.tickMs ?? 250;
    this.concurrency = opts.concurrency ?? 4;
  }

  start(): void {
    if (this.interval) return;
    this.interval = setInterval(() => this.tick(), this.tickMs);
    this.interval.unref();
  }

  stop(): void {
    clearInterval(this.interval);
    clearTimeout(this.soon);
    this.interval = undefined;
    this.soon = undefined;
    for (const c of this.running.values()) c.abort();
    this.running.clear();
  }

  wake(): void {
    if (!this.interval || this.soon) return;
    this.soon = setTimeout(() => {
      this.soon = undefined;
      this.tick();
    }, 0);
    this.soon.unref();
  }

  cancel(itemId: string): void {
    this.running.get(itemId)?.abort();
    this.running.delete(itemId);
    this.processingTick.delete(itemId);
  }

  private tick(): void {
    this.tickNo++;
    const pending: RemoteItem[] = [];
    for (const account of this.core.store.accounts) {
      for (const item of account.remote) {
        if (item.status === 'processing') {
          const since = this.processingTick.get(item.id);
          // At least one full tick and processingMs (wall clock) in `processing`, so a poller sees it.
          const aged = Date.now() - (item.processingSince ?? 0) >= this.processingMs;
          if (since === undefined || (since < this.tickNo - 1 && aged)) this.complete(item);
        } else if (item.status === 'pending') pending.push(item);
      }
    }
    pending.sort((a, b) => a.createdMs - b.createdMs);
    for (const item of pending) {
      if (this.running.size >= this.concurrency) break;
      this.begin(item);
    }
  }

  private begin(item: RemoteItem): void {
    const controller = new AbortController();
    this.running.set(item.id, controller);
    item.status = 'downloading';
    item.downloaded = 0;
    item.total = 0;
    const url = new URL(item.url);
    download(url, {
      idleMs: 30_000,
      signal: controller.signal,
      onResponse: (total) => {
        item.total = total;
      },
      onData: (chunk) => {
        item.downloaded += chunk.length;
      },
    }).then(
      (result) => {
        if (this.running.get(item.id) !== controller) return;
        this.running.delete(item.id);
        if (result.size === 0) return this.fail(item, 'Downloaded file is empty');
        item.downloaded = result.size;
        item.total = Math.max(item.total, result.size);
        item.status = 'processing';
        item.processingSince = Date.now();
        this.processingTick.set(item.id, this.tickNo);
        item.fileName = result.fileName ?? nameFromUrl(url);
      },
      (e: unknown) => {
        if (this.running.get(item.id) !== controller) return;
        this.running.delete(item.id);
        this.fail(item, e instanceof DownloadError ? e.message : 'Download failed');
      },
    );
  }

  private fail(item: RemoteItem, message: string): void {
    if (!this.core.store.remoteIndex.has(item.id)) return;
    item.status = 'failed';
    item.error = message;
  }

  private complete(item: RemoteItem): void {
    this.processingTick.delete(item.id);
    const account = this.core.store.accountById(item.accountId);
    if (!account || !this.core.store.remoteIndex.has(item.id)) return;
    // The folder may have gone meanwhile; the service would still keep the file, in the root.
    const folderId = item.folder === 0 || account.folders.has(item.folder) ? item.folder : 0;
    const name = item.fileName ?? nameFromUrl(new URL(item.url));
    const video = this.core.store.createVideo(account, { name, size: item.downloaded, folderId });
    item.videoId = video.id;
    item.status = 'completed';
  }
}
