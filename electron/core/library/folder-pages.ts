// Folder pages read by keyset instead of OFFSET, behind the offset-based videos:list contract.
//
// OFFSET n makes SQLite step over n rows: a page deep in a folder of a million videos reads the
// whole folder. Scrolling reads pages one after another, so each page remembers the sort key
// of its last row (an anchor at that offset); the next page starts right after the nearest
// anchor before it (`WHERE key after anchor`, an index seek) and skips only what lies between.
// Anchors and the folder's total hold while lib_videos' version holds (db/table-version.ts: no
// video was added, removed, moved or changed in a column a page is keyed by, on any
// connection); after such a write they are dropped and the next read starts from OFFSET
// again. Every order ends with rid so each row's key is unique.
import type { Video, VideoSort } from '../../../shared/model.ts';
import type { Db } from '../db/database.ts';
import { VIDEO_COLUMNS, likePattern, toVideo, type Row } from './store-rows.ts';
import { TableVersion } from '../db/table-version.ts';

type Key = readonly (readonly [column: string, direction: 'ASC' | 'DESC'])[];

/** Each order's columns, the last ones breaking ties. `name` compares without case. */
const ORDERS: Record<VideoSort, Key> = {
  newest: [['seq', 'DESC'], ['rid', 'DESC']],
  oldest: [['seq', 'ASC'], ['rid', 'ASC']],
  name: [['name COLLATE NOCASE', 'ASC'], ['seq', 'DESC'], ['rid', 'DESC']],
  size: [['size', 'DESC'], ['seq', 'DESC'], ['rid', 'DESC']],
  views: [['views', 'DESC'], ['seq', 'DESC'], ['rid', 'DESC']],
};
/** The raw column behind each key column, read with every page to make its anchor. */
const raw = (column: string): string => column.split(' ')[0]!;

/** Anchors kept per (folder, order, search), and how many such views are remembered. */
const MAX_ANCHORS = 512;
const MAX_VIEWS = 8;

interface View {
  total: number;
  anchors: Map<number, unknown[]>;
}

/** `(k1, k2, ...)` comes after `(a1, a2, ...)` in this order: expanded, since directions mix. */
function after(key: Key): string {
  return key
    .map((_, i) => {
      const equal = key.slice(0, i).map(([column]) => `${column} = ?`);
      const [column, direction] = key[i]!;
      return `(${[...equal, `${column} ${direction === 'ASC' ? '>' : '<'} ?`].join(' AND ')})`;
    })
    .join(' OR ');
}

export class FolderPages {
  readonly #db: Db;
  readonly #version: TableVersion;
  #seen = '';
  readonly #views = new Map<string, View>();
  /** Whether the last page was read from an anchor (for tests). */
  lastWasKeyset = false;

  constructor(db: Db) {
    this.#db = db;
    this.#version = new TableVersion(db, 'lib_videos');
  }

  page(folderId: number, offset: number, limit: number, sort: VideoSort, search?: string): { items: Video[]; total: number } {
    const key = ORDERS[sort];
    const filter = search !== undefined && search.trim() !== '' ? likePattern(search.trim()) : null;
    const where = filter === null ? 'folder_id = ?' : "folder_id = ? AND name LIKE ? ESCAPE '\\'";
    const params: (string | number)[] = filter === null ? [folderId] : [folderId, filter];
    const view = this.#view(`${folderId}\u0000${sort}\u0000${filter ?? ''}`, where, params);

    let anchorAt = -1;
    for (const at of view.anchors.keys()) if (at < offset && at > anchorAt) anchorAt = at;
    const anchor = view.anchors.get(anchorAt);
    this.lastWasKeyset = anchor !== undefined;
    const order = key.map(([column, direction]) => `${column} ${direction}`).join(', ');
    const extra = key.map(([column], i) => `${raw(column)} AS k${i}`).join(', ');
    const rows: Row[] =
      anchor === undefined
        ? this.#db.prepare(`SELECT ${VIDEO_COLUMNS}, ${extra} FROM lib_videos WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?`).all(...params, limit, offset)
        : this.#db
            .prepare(`SELECT ${VIDEO_COLUMNS}, ${extra} FROM lib_videos WHERE ${where} AND (${after(key)}) ORDER BY ${order} LIMIT ? OFFSET ?`)
            .all(...params, ...key.flatMap((_, i) => anchor.slice(0, i + 1)) as (string | number)[], limit, offset - anchorAt - 1);
    const last = rows.at(-1);
    if (last !== undefined && view.anchors.size < MAX_ANCHORS) view.anchors.set(offset + rows.length - 1, key.map((_, i) => last[`k${i}`]));
    return { items: rows.map(toVideo), total: view.total };
  }

  #view(name: string, where: string, params: (string | number)[]): View {
    const seen = this.#version.now();
    if (seen !== this.#seen) {
      this.#views.clear();
      this.#seen = seen;
    }
    let view = this.#views.get(name);
    if (view === undefined) {
      if (this.#views.size >= MAX_VIEWS) this.#views.delete(this.#views.keys().next().value!);
      const total = Number(this.#db.prepare(`SELECT COUNT(*) AS n FROM lib_videos WHERE ${where}`).get(...params)?.n ?? 0);
      view = { total, anchors: new Map() };
      this.#views.set(name, view);
    }
    return view;
  }
}
