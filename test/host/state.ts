// The host's in-memory state: accounts with their keys, folders, videos, remote-upload
// queue, DMCA records and upload sessions. Everything a route changes lives here so tests
// can inspect it through `control`.
import { randomBytes } from 'node:crypto';
import { createRng, deriveSeed } from './rng.ts';
import type { Rng } from './rng.ts';
import type { Clock } from './time.ts';

export interface Thumbnail {
  type: 'jpeg' | 'png';
  width: number;
  height: number;
  bytes: Buffer;
  version: number;
}

export interface Subtitle {
  language: string;
  vtt: string;
}

export interface Video {
  id: string;
  accountId: number;
  name: string;
  size: number;
  folderId: number;
  sha256?: string;
  createdAtMs: number;
  skipIntro: number;
  thumbnail?: Thumbnail;
  subtitles: Subtitle[];
  isPublic: boolean;
  views: number;
  copyOf?: string;
}

export interface Folder {
  id: number;
  accountId: number;
  name: string;
  parent: number;
  code: string;
  isPublic: boolean;
  openEmbed: boolean;
  color: string;
}

export type RemoteStatus = 'pending' | 'downloading' | 'processing' | 'completed' | 'failed';
export const ACTIVE_REMOTE: ReadonlySet<string> = new Set(['pending', 'downloading', 'processing']);

export interface RemoteItem {
  id: string;
  accountId: number;
  url: string;
  status: RemoteStatus;
  createdMs: number;
  folder: number;
  downloaded: number;
  total: number;
  error?: string;
  videoId?: string;
  /** Wall-clock time the worker moved it to `processing`; it completes after processingMs. */
  processingSince?: number;
  /** Name of the downloaded file (Content-Disposition or URL path), for the created video. */
  fileName?: string;
}

export interface DmcaRecord {
  id: number;
  code: string;
  secureDownloadCode: string;
  secureEmbedCode: string;
  reportedAtMs: number;
  disabledAtMs: number;
}

export interface Account {
  id: number;
  email: string;
  premium: boolean;
  balance: number;
  premiumExpireMs: number;
  createdMs: number;
  keys: Set<string>;
  folders: Map<number, Folder>;
  /** Per folder (0 = root), videos in creation order; listing walks it backwards. */
  folderVideos: Map<number, Video[]>;
  videos: Map<string, Video>;
  /** Source video id -> ids of its live copies in this account (the 50-copies limit). */
  copies: Map<string, Set<string>>;
  remote: RemoteItem[];
  thumbAttempts: number[];
  dmca: DmcaRecord[];
  storageTotalKb: number;
  reportSalt: number;
}

export interface UploadSession {
  accountId: number;
  serverIndex: number;
  expiresMs: number;
}

export const REGULAR_STORAGE_KB = 50 * 1024 * 1024; // 50 GB
export const SESSION_TTL_MS = 6 * 60 * 60 * 1000;
const FOLDER_COLORS = ['#4f7cff', '#2fb67c', '#f2a93b', '#e25858', '#9b6cf0', '#1fb5c4', '#7d8793', '#e86fb1'];

export function generateKey(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(16);
  let key = '';
  for (const b of bytes) key += alphabet[b % alphabet.length];
  return key;
}

export class Store {
  readonly accounts: Account[] = [];
  readonly keyIndex = new Map<string, Account>();
  readonly videoIndex = new Map<string, Video>();
  readonly remoteIndex = new Map<string, RemoteItem>();
  readonly sessions = new Map<string, UploadSession>();
  /** Every session handed out, kept after it is spent (issuedSessions in the host's control). */
  readonly issuedSessions: string[] = [];
  readonly ids: Rng;
  readonly data: Rng;
  readonly clock: Clock;
  private nextFolderId = 1;
  private nextDmcaId = 1;
  uploadsReceived = 0;

  constructor(rngSeed: number, clock: Clock) {
    this.ids = createRng(deriveSeed(rngSeed, 0));
    this.data = createRng(deriveSeed(rngSeed, 3));
    this.clock = clock;
  }

  createAccount(opts: { premium: boolean; key?: string }): Account {
    const key = opts.key ?? generateKey();
    if (!/^\w{16}$/.test(key)) throw new Error(`API key must be 16 word characters: ${JSON.stringify(key)}`);
    if (this.keyIndex.has(key)) throw new Error('API key already in use');
    const id = this.accounts.length + 1;
    const now = this.clock();
    const account: Account = {
      id,
      email: id === 1 ? 'owner@vidhost.example' : `user${id}@vidhost.example`,
      premium: opts.premium,
      balance: 0,
      premiumExpireMs: opts.premium ? now + 180 * 86_400_000 : now - 400 * 86_400_000,
      createdMs: now - 3 * 365 * 86_400_000,
      keys: new Set([key]),
      folders: new Map(),
      folderVideos: new Map([[0, []]]),
      videos: new Map(),
      copies: new Map(),
      remote: [],
      thumbAttempts: [],
      dmca: [],
      storageTotalKb: REGULAR_STORAGE_KB,
      reportSalt: this.data.int(1_000_000),
    };
    this.accounts.push(account);
    this.keyIndex.set(key, account);
    return account;
  }

  addKey(account: Account, key?: string): string {
    const k = key ?? generateKey();
    if (!/^\w{16}$/.test(k)) throw new Error('API key must be 16 word characters');
    if (this.keyIndex.has(k)) throw new Error('API key already in use');
    account.keys.add(k);
    this.keyIndex.set(k, account);
    return k;
  }

  revokeKey(key: string): void {
    const account = this.keyIndex.get(key);
    if (!account) return;
    account.keys.delete(key);
    this.keyIndex.delete(key);
  }

  /** A fresh 12-character id, unique across videos and remote items. */
  newId(): string {
    for (;;) {
      const id = this.ids.word(12);
      if (!this.videoIndex.has(id) && !this.remoteIndex.has(id)) return id;
    }
  }

  createFolder(account: Account, name: string, parent: number, extra?: Partial<Folder>): Folder {
    const id = this.nextFolderId++;
    const folder: Folder = {
      id,
      accountId: account.id,
      name,
      parent,
      code: this.ids.word(12),
      isPublic: true,
      openEmbed: false,
      color: FOLDER_COLORS[id % FOLDER_COLORS.length] ?? '#4f7cff',
      ...extra,
    };
    account.folders.set(id, folder);
    account.folderVideos.set(id, []);
    return folder;
  }

  createVideo(
    account: Account,
    v: { name: string; size: number; folderId: number; createdAtMs?: number; sha256?: string; views?: number; isPublic?: boolean; copyOf?: string },
  ): Video {
    const video: Video = {
      id: this.newId(),
      accountId: account.id,
      name: v.name,
      size: v.size,
      folderId: v.folderId,
      createdAtMs: v.createdAtMs ?? this.clock(),
      skipIntro: 0,
      subtitles: [],
      isPublic: v.isPublic ?? true,
      views: v.views ?? 0,
    };
    if (v.sha256 !== undefined) video.sha256 = v.sha256;
    if (v.copyOf !== undefined) {
      video.copyOf = v.copyOf;
      let set = account.copies.get(v.copyOf);
      if (!set) account.copies.set(v.copyOf, (set = new Set()));
      set.add(video.id);
    }
    let list = account.folderVideos.get(v.folderId);
    if (!list) account.folderVideos.set(v.folderId, (list = []));
    list.push(video);
    account.videos.set(video.id, video);
    this.videoIndex.set(video.id, video);
    return video;
  }

  deleteVideo(id: string): boolean {
    const video = this.videoIndex.get(id);
    if (!video) return false;
    const account = this.accountById(video.accountId);
    this.videoIndex.delete(id);
    if (!account) return true;
    account.videos.delete(id);
    const list = account.folderVideos.get(video.folderId);
    if (list) {
      const i = list.lastIndexOf(video);
      if (i >= 0) list.splice(i, 1);
    }
    if (video.copyOf) account.copies.get(video.copyOf)?.delete(id);
    return true;
  }

  accountById(id: number): Account | undefined {
    return this.accounts[id - 1];
  }

  ownedVideo(account: Account, id: string): Video | undefined {
    return account.videos.get(id);
  }

  addDmca(account: Account, video: Video, reportedAtMs: number): DmcaRecord {
    const record: DmcaRecord = {
      id: this.nextDmcaId++,
      code: video.id,
      secureDownloadCode: this.ids.word(24),
      secureEmbedCode: this.ids.word(24),
      reportedAtMs,
      disabledAtMs: reportedAtMs + 36 * 3_600_000,
    };
    account.dmca.push(record);
    return record;
  }

  usedBytes(account: Account): number {
    let total = 0;
    for (const v of account.videos.values()) total += v.size;
    return total;
  }

  activeRemote(account: Account): number {
    let n = 0;
    for (const item of account.remote) if (ACTIVE_REMOTE.has(item.status)) n++;
    return n;
  }

  removeRemote(account: Account, item: RemoteItem): void {
    const i = account.remote.indexOf(item);
    if (i >= 0) account.remote.splice(i, 1);
    this.remoteIndex.delete(item.id);
  }
}

export const remoteCapacity = (account: Account): number => (account.premium ? 150 : 100);
export const MAX_ACTIVE_COPIES = 50;
