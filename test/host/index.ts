// The sandbox video host: a faithful local implementation of the service
// (/work/shared/spec/service-api.md + wire-decisions.md) for tests, benchmarks and demos.
import { Core } from './core.ts';
import type { LogEntry } from './core.ts';
import { createFileServerHandler, fileServerPath } from './file-server.ts';
import type { FaultPlan, FaultRule } from './faults.ts';
import type { FileNameReading } from './form-names.ts';
import { Listener } from './listener.ts';
import { RemoteWorker } from './remote-worker.ts';
import { applySeed, parseSeed } from './seed.ts';
import type { SeedName } from './seed.ts';
import { createApiHandler } from './server.ts';
import type { Account, RemoteStatus } from './state.ts';
import { formatTimestamp } from './time.ts';

export type { FaultPlan, FaultRule, LogEntry, SeedName };
export type { FaultKind } from './faults.ts';

export interface HostOptions {
  port?: number;
  /** Interface to bind; default 127.0.0.1. */
  host?: string;
  apiKey?: string;
  seed?: SeedName;
  premium?: boolean;
  latencyMs?: number;
  jitterMs?: number;
  brokenDeploy?: boolean;
  faults?: FaultPlan;
  rngSeed?: number;
  fileServers?: number;
  /** tickMs default 250; processingMs (time spent in `processing`) default 200; concurrency default 4. */
  remoteWorker?: { tickMs?: number; concurrency?: number; processingMs?: number; enabled?: boolean };
  /** Clock injection (timestamps, thumbnail rate limit, reports). */
  now?: () => number;
  /** Upstream timeout of subtitle-by-URL (operation 21); the service's is 30 s. */
  subtitleTimeoutMs?: number;
  /** Hash uploads in a worker thread (default true), keeping the event loop free for clients. */
  hashInWorker?: boolean;
  /**
   * As nginx's client_body_timeout (60 s there): a file-server request whose body stops
   * arriving for this long is dropped (nginx logs 408 and closes the connection without an
   * answer). Default: no limit.
   */
  fileServerBodyTimeoutMs?: number;
  /**
   * A careless server (the leak scan): every API error message quotes the key it was sent
   * (as is, URL-encoded and base64), and the file server refuses each upload quoting the session.
   */
  echoSecrets?: boolean;
  /**
   * How the file server reads a file name (form-names.ts): 'browsers' (default) as real
   * servers read what a browser sends; 'legacy' as busboy's defaults do (Latin-1, cut at a
   * backslash), a receiver that stores another title than the one sent.
   */
  fileNames?: FileNameReading;
}

export interface VideoSnapshot {
  id: string;
  name: string;
  size: number;
  folderId: number;
  sha256?: string;
  createdAt: string;
  skipIntro: number;
  thumbnail?: { type: 'jpeg' | 'png'; width: number; height: number; bytes: number; version: number };
  subtitles: Array<{ language: string; vtt: string }>;
  isPublic: boolean;
  views: number;
  copyOf?: string;
}

export interface FolderSnapshot {
  id: number;
  name: string;
  parent: number;
  code: string;
  color: string;
}

export interface RemoteSnapshot {
  id: string;
  url: string;
  status: RemoteStatus;
  folder: number;
  downloaded: number;
  total: number;
  created: string;
  error?: string;
  videoId?: string;
}

export interface HostControl {
  requestLog(): ReadonlyArray<LogEntry>;
  clearLog(): void;
  setFaults(plan: FaultPlan): void;
  faults(): FaultPlan;
  faultsInjected(): number;
  setLatency(ms: number, jitterMs?: number): void;
  setBrokenDeploy(on: boolean): void;
  /** See HostOptions.fileNames. */
  setFileNames(reading: FileNameReading): void;
  setOffline(on: boolean): void;
  stop(): Promise<void>;
  start(): Promise<void>;
  addAccount(opts?: { premium?: boolean; key?: string; seed?: SeedName }): { apiKey: string };
  addKey(forApiKey?: string, newKey?: string): { apiKey: string };
  revokeKey(apiKey: string): void;
  setPremium(on: boolean, apiKey?: string): void;
  videos(apiKey?: string): VideoSnapshot[];
  folders(apiKey?: string): FolderSnapshot[];
  remoteItems(apiKey?: string): RemoteSnapshot[];
  uploadsReceived(): number;
  addVideo(opts: { name: string; folderId?: number; size?: number; views?: number }, apiKey?: string): { id: string };
  renameVideo(id: string, name: string): void;
  deleteVideo(id: string): void;
  addFolder(opts: { name: string; parent?: number }, apiKey?: string): { id: number };
  deleteFolder(id: number): void;
  addDmca(videoId: string): { id: number };
  /**
   * Takes a video down as a DMCA notice does on the service: a DMCA record with its code
   * (operation 3 lists it, newest first), and the video leaves every listing (14) and the
   * lookup (15). deleteVideo is the plain deletion: no record.
   */
  takeDown(videoId: string): { id: number };
  fileServerUrls(): string[];
  /** Unspent upload sessions (a test can check that clients ask for a fresh one per file). */
  openSessions(): number;
  /** Every upload session handed out so far, spent or not (a test proves none leaked anywhere). */
  issuedSessions(): string[];
}

export interface Host {
  baseUrl: string;
  apiKey: string;
  control: HostControl;
  close(): Promise<void>;
}

export async function startHost(options: HostOptions = {}): Promise<Host> {
  const bind = options.host ?? '127.0.0.1';
  const clock = options.now ?? Date.now;
  const core = new Core({
    rngSeed: options.rngSeed ?? 1,
    clock,
    latencyMs: options.latencyMs ?? 0,
    jitterMs: options.jitterMs ?? 0,
    brokenDeploy: options.brokenDeploy ?? false,
    subtitleTimeoutMs: options.subtitleTimeoutMs ?? 30_000,
    hashInWorker: options.hashInWorker ?? true,
  });
  core.echoSecrets = options.echoSecrets ?? false;
  core.fileNameReading = options.fileNames ?? 'browsers';
  core.fileServerBodyTimeoutMs = options.fileServerBodyTimeoutMs ?? 0;
  if (options.faults) core.faults.setPlan(options.faults);

  const api = new Listener(createApiHandler(core), bind, options.port ?? 0);
  const fileCount = Math.max(1, Math.min(16, options.fileServers ?? 1));
  const files = Array.from({ length: fileCount }, (_, i) => new Listener(createFileServerHandler(core, i), bind, 0));
  const listeners = [api, ...files];
  try {
    for (const l of listeners) await l.start();
  } catch (e) {
    for (const l of listeners) await l.stop();
    throw e;
  }
  core.baseUrl = api.url;
  core.fileServerUrls = files.map((f, i) => `${f.url}${fileServerPath(i)}`);

  // Seeding after listen: video links embed the base URL.
  const primary = core.store.createAccount({ premium: options.premium ?? false, ...(options.apiKey ? { key: options.apiKey } : {}) });
  applySeed(core.store, primary, options.seed ?? 'empty');
  const apiKey = [...primary.keys][0] ?? '';

  const worker = new RemoteWorker(core, options.remoteWorker ?? {});
  core.worker = worker;
  if (options.remoteWorker?.enabled !== false) worker.start();

  const accountFor = (key?: string): Account => {
    if (key === undefined) return primary;
    const a = core.store.keyIndex.get(key) ?? core.store.accounts.find((acc) => acc.keys.has(key));
    if (!a) throw new Error('unknown API key');
    return a;
  };
  const videoOf = (id: string) => {
    const v = core.store.videoIndex.get(id);
    if (!v) throw new Error(`unknown video ${id}`);
    return v;
  };

  const control: HostControl = {
    requestLog: () => core.log.map((e) => ({ ...e })),
    clearLog: () => {
      core.log.length = 0;
    },
    setFaults: (plan) => core.faults.setPlan(plan),
    faults: () => core.faults.getPlan(),
    faultsInjected: () => core.faults.injected,
    setLatency: (ms, jitterMs = 0) => {
      core.latencyMs = ms;
      core.jitterMs = jitterMs;
    },
    setFileNames: (reading) => {
      core.fileNameReading = reading;
    },
    setBrokenDeploy: (on) => {
      core.brokenDeploy = on;
    },
    setOffline: (on) => {
      for (const l of listeners) l.setOffline(on);
    },
    stop: async () => {
      for (const l of listeners) await l.stop();
    },
    start: async () => {
      for (const l of listeners) await l.start();
    },
    addAccount: (opts = {}) => {
      const account = core.store.createAccount({ premium: opts.premium ?? false, ...(opts.key ? { key: opts.key } : {}) });
      applySeed(core.store, account, opts.seed ?? 'empty');
      return { apiKey: [...account.keys][0] ?? '' };
    },
    addKey: (forApiKey, newKey) => ({ apiKey: core.store.addKey(accountFor(forApiKey), newKey) }),
    revokeKey: (key) => core.store.revokeKey(key),
    setPremium: (on, key) => {
      accountFor(key).premium = on;
    },
    videos: (key) =>
      [...accountFor(key).videos.values()].map((v) => ({
        id: v.id,
        name: v.name,
        size: v.size,
        folderId: v.folderId,
        ...(v.sha256 !== undefined ? { sha256: v.sha256 } : {}),
        createdAt: formatTimestamp(v.createdAtMs),
        skipIntro: v.skipIntro,
        ...(v.thumbnail ? { thumbnail: { type: v.thumbnail.type, width: v.thumbnail.width, height: v.thumbnail.height, bytes: v.thumbnail.bytes.length, version: v.thumbnail.version } } : {}),
        subtitles: v.subtitles.map((s) => ({ ...s })),
        isPublic: v.isPublic,
        views: v.views,
        ...(v.copyOf !== undefined ? { copyOf: v.copyOf } : {}),
      })),
    folders: (key) => [...accountFor(key).folders.values()].map((f) => ({ id: f.id, name: f.name, parent: f.parent, code: f.code, color: f.color })),
    remoteItems: (key) =>
      accountFor(key).remote.map((r) => ({
        id: r.id,
        url: r.url,
        status: r.status,
        folder: r.folder,
        downloaded: r.downloaded,
        total: r.total,
        created: formatTimestamp(r.createdMs),
        ...(r.error !== undefined ? { error: r.error } : {}),
        ...(r.videoId !== undefined ? { videoId: r.videoId } : {}),
      })),
    uploadsReceived: () => core.store.uploadsReceived,
    addVideo: (opts, key) => {
      const account = accountFor(key);
      const folderId = opts.folderId ?? 0;
      if (folderId !== 0 && !account.folders.has(folderId)) throw new Error(`unknown folder ${folderId}`);
      const v = core.store.createVideo(account, { name: opts.name, size: opts.size ?? 10_000_000, folderId, views: opts.views ?? 0 });
      return { id: v.id };
    },
    renameVideo: (id, name) => {
      videoOf(id).name = name;
    },
    deleteVideo: (id) => {
      videoOf(id);
      core.store.deleteVideo(id);
    },
    addFolder: (opts, key) => {
      const account = accountFor(key);
      const parent = opts.parent ?? 0;
      if (parent !== 0 && !account.folders.has(parent)) throw new Error(`unknown folder ${parent}`);
      return { id: core.store.createFolder(account, opts.name, parent).id };
    },
    deleteFolder: (id) => {
      for (const account of core.store.accounts) {
        const folder = account.folders.get(id);
        if (!folder) continue;
        // Like the service's web UI: sub-folders and videos move up to the parent.
        for (const f of account.folders.values()) if (f.parent === id) f.parent = folder.parent;
        const moved = account.folderVideos.get(id) ?? [];
        for (const v of moved) v.folderId = folder.parent;
        const target = account.folderVideos.get(folder.parent) ?? [];
        target.push(...moved);
        target.sort((a, b) => a.createdAtMs - b.createdAtMs);
        account.folderVideos.set(folder.parent, target);
        account.folderVideos.delete(id);
        account.folders.delete(id);
      }
    },
    addDmca: (videoId) => {
      const v = videoOf(videoId);
      const account = accountFor([...(core.store.accountById(v.accountId)?.keys ?? [])][0]);
      return { id: core.store.addDmca(account, v, clock()).id };
    },
    takeDown: (videoId) => {
      const record = control.addDmca(videoId);
      control.deleteVideo(videoId);
      return record;
    },
    fileServerUrls: () => [...core.fileServerUrls],
    openSessions: () => core.store.sessions.size,
    issuedSessions: () => [...core.store.issuedSessions],
  };

  let closed = false;
  return {
    baseUrl: core.baseUrl,
    apiKey,
    control,
    close: async () => {
      if (closed) return;
      closed = true;
      core.closed = true;
      worker.stop();
      core.clearTimers();
      await Promise.all(listeners.map((l) => l.stop()));
      await core.hasher.close();
    },
  };
}

export { parseSeed };
