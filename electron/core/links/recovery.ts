// Upload again: a dead video whose source file is still on disk as it was uploaded (same size
// and mtime) goes to the same folder under the same title, through the normal queue and its
// duplicate check (a file queued already is not queued twice; the dead video's own upload
// does not count: uploads/engine.ts isVideoDead). A file that moved or changed is offered
// Locate file…: the path picked replaces the recorded source, and it is queued the same way.
// The pair of the link map is made when the new video is confirmed (link-map.ts settlePairs).
import { stat } from 'node:fs/promises';
import type { RecoverInput, RecoverResult, Tombstone, UnusableReason } from '../../../shared/links.ts';
import type { Db } from '../db/database.ts';
import type { LibraryStore } from '../library/store.ts';
import type { UploadEngine } from '../uploads/engine.ts';
import { deadIds, tombstoneOf } from './health.ts';

export interface RecoveryDeps {
  db: Db;
  store: LibraryStore;
  uploads: Pick<UploadEngine, 'add'>;
}

const UNUSABLE: Record<Exclude<Tombstone['recovery'], 'ready'>, UnusableReason> = {
  locate: 'locate',
  noSource: 'noSource',
  queued: 'queued',
  recovered: 'recovered',
};

export class Recovery {
  readonly #deps: RecoveryDeps;

  constructor(deps: RecoveryDeps) {
    this.#deps = deps;
  }

  /** Queues the videos named (or every dead one) that can go as they are; lists the others with why. */
  async recover(input: RecoverInput): Promise<RecoverResult> {
    const ids = 'all' in input ? deadIds(this.#deps.db) : [...new Set(input.ids)];
    const result: RecoverResult = { queued: [], unusable: [] };
    for (const id of ids) await this.#recoverOne(id, result, 'all' in input);
    return result;
  }

  /**
   * Locate file…: `path` (picked in the open dialog, granted by the caller) becomes the dead
   * video's source as it is now, and it is queued through the same checks as a drop.
   */
  async locate(id: string, path: string): Promise<RecoverResult> {
    const stone = await tombstoneOf(this.#deps.db, id);
    if (!stone) return { queued: [], unusable: [{ videoId: id, title: null, reason: this.#deps.store.getVideo(id) ? 'notDead' : 'unknown', path }] };
    let info;
    try {
      info = await stat(path);
    } catch {
      return { queued: [], unusable: [{ videoId: id, title: stone.title, reason: 'locate', path }] };
    }
    this.#deps.db
      .prepare('UPDATE lib_tombstones SET source_path = ?, source_size = ?, source_mtime_ms = ? WHERE video_id = ?')
      .run(path, info.size, Math.trunc(info.mtimeMs), id);
    const result: RecoverResult = { queued: [], unusable: [] };
    await this.#recoverOne(id, result, false);
    return result;
  }

  async #recoverOne(id: string, result: RecoverResult, all: boolean): Promise<void> {
    const stone = await tombstoneOf(this.#deps.db, id);
    if (!stone) {
      result.unusable.push({ videoId: id, title: this.#deps.store.getVideo(id)?.name ?? null, reason: this.#deps.store.getVideo(id) ? 'notDead' : 'unknown' });
      return;
    }
    const path = stone.localSource?.path;
    if (stone.recovery !== 'ready' || path === undefined) {
      // "All" means every video that can go: the ones on their way or back already are not news.
      if (all && (stone.recovery === 'queued' || stone.recovery === 'recovered')) return;
      result.unusable.push({ videoId: id, title: stone.title, reason: stone.recovery === 'ready' ? 'noSource' : UNUSABLE[stone.recovery], ...(path !== undefined ? { path } : {}) });
      return;
    }
    // The same folder when the library still has it; else the root (a folder deleted meanwhile).
    const folderId = stone.folderId === 0 || this.#deps.store.getFolder(stone.folderId) ? stone.folderId : 0;
    const { added, skipped } = await this.#deps.uploads.add([path], folderId, stone.title !== '' ? { name: stone.title } : {});
    const jobId = added[0];
    if (jobId === undefined) {
      result.unusable.push({ videoId: id, title: stone.title, reason: skipped[0]?.duplicate === 'queued' ? 'queued' : 'locate', path });
      return;
    }
    this.#deps.db.prepare('UPDATE lib_tombstones SET recover_job_id = ? WHERE video_id = ?').run(jobId, id);
    result.queued.push({ videoId: id, jobId });
  }
}
