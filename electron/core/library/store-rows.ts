// The library's rows: how SQLite rows become Folder and Video DTOs, the column lists and
// sort orders the queries share, and the small text helpers of search (LIKE and FTS5).
import type { FolderNode, ServiceVideo } from '../api/schemas.ts';
import type { Folder, PendingState, Video } from '../../../shared/model.ts';
import type { StatementSync } from 'node:sqlite';
import { transaction, type Db } from '../db/database.ts';

/** A folder as the service's tree listing describes it, flattened with its parent. */
/** A folder of the service's tree, flattened: its node without children, with its parent. */
export type ServiceFolder = Omit<FolderNode, 'children'> & { parent: number };

export interface VideoWrite {
  video: ServiceVideo;
  /** Listing order within the folder: larger is newer. */
  seq: number;
}

export interface FolderSyncRow {
  folderId: number;
  quickAt: number | null;
  fullAt: number | null;
  total: number | null;
  needsSweep: boolean;
}

/** Below the trigram minimum the index cannot answer; a LIKE scan over titles can. */
export const TRIGRAM_MIN = 3;

export type Row = Record<string, unknown>;

export const VIDEO_COLUMNS = `id, folder_id, name, created_at, is_public, views, size,
  COALESCE(local_skip_intro, skip_intro) AS skip_intro, download_url, embed_url, thumbnail_url, splash_url, pending, custom_thumbnail`;

/** The same columns for a query that joins lib_videos as `v`. */
export const VIDEO_COLUMNS_V = `v.id, v.folder_id, v.name, v.created_at, v.is_public, v.views, v.size,
  COALESCE(v.local_skip_intro, v.skip_intro) AS skip_intro, v.download_url, v.embed_url, v.thumbnail_url, v.splash_url, v.pending, v.custom_thumbnail`;

export const FOLDER_COLUMNS = `id, parent, COALESCE(local_name, name) AS name, code, is_public, open_embed, files, color, pending`;

export function toVideo(row: Row): Video {
  return {
    id: String(row.id),
    folderId: Number(row.folder_id),
    name: String(row.name),
    createdAt: String(row.created_at),
    isPublic: row.is_public === 1,
    views: Number(row.views),
    size: Number(row.size),
    skipIntro: Number(row.skip_intro),
    downloadUrl: String(row.download_url),
    embedUrl: String(row.embed_url),
    thumbnailUrl: String(row.thumbnail_url),
    splashUrl: String(row.splash_url),
    pending: (row.pending as PendingState | null) ?? null,
    customThumbnail: row.custom_thumbnail === 1,
  };
}

export function toFolder(row: Row): Folder {
  return {
    id: Number(row.id),
    parent: Number(row.parent),
    name: String(row.name),
    code: String(row.code),
    isPublic: row.is_public === 1,
    openEmbed: row.open_embed === 1,
    files: Number(row.files),
    color: String(row.color),
    pending: (row.pending as PendingState | null) ?? null,
  };
}

/** `%text%` for LIKE with its wildcards taken literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** One FTS5 phrase: the whole query as a substring, quotes doubled. */
export function ftsPhrase(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

export function flattenFolderTree(nodes: readonly FolderNode[], parent = 0, out: ServiceFolder[] = []): ServiceFolder[] {
  for (const node of nodes) {
    out.push({
      id: node.id,
      parent,
      name: node.name,
      code: node.code,
      isPublic: node.isPublic,
      openEmbed: node.openEmbed,
      files: node.files,
      color: node.color,
    });
    flattenFolderTree(node.children, node.id, out);
  }
  return out;
}

/**
 * lib_sync_state's statements, prepared once per connection: the sync writer reads the indexes'
 * states at every write (a first sync of 1M videos writes a few thousand times), and preparing
 * a statement costs more than running it.
 */
interface SyncStateStatements {
  read: StatementSync;
  write: StatementSync;
  remove: StatementSync;
}

const syncStateStatements = new WeakMap<Db, SyncStateStatements>();

function syncState(db: Db): SyncStateStatements {
  let statements = syncStateStatements.get(db);
  if (!statements) {
    statements = {
      read: db.prepare('SELECT value FROM lib_sync_state WHERE key = ?'),
      write: db.prepare('INSERT INTO lib_sync_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value'),
      remove: db.prepare('DELETE FROM lib_sync_state WHERE key = ?'),
    };
    syncStateStatements.set(db, statements);
  }
  return statements;
}

/** A value of lib_sync_state (the sync's and the indexes' bookkeeping), or null. */
export function readSyncState(db: Db, key: string): string | null {
  const row = syncState(db).read.get(key);
  return row ? String(row.value) : null;
}

/** Sets a value of lib_sync_state; null removes it. */
export function writeSyncState(db: Db, key: string, value: string | null): void {
  if (value === null) syncState(db).remove.run(key);
  else syncState(db).write.run(key, value);
}

/**
 * One transaction of cache data (what a sync or a cached read brought). It commits without
 * waiting for the disk (synchronous=NORMAL under WAL): a crash can lose the last refresh,
 * which the next sync redoes, never the database's consistency. Outbox writes keep FULL:
 * the setting is restored before any other code runs on this connection (all synchronous).
 */
export function cacheWrite<T>(db: Db, work: () => T): T {
  if (db.isTransaction) return work();
  db.exec('PRAGMA synchronous = NORMAL');
  try {
    return transaction(db, work);
  } finally {
    db.exec('PRAGMA synchronous = FULL');
  }
}

