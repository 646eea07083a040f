// Account figures (operation 1), daily reports (2) and DMCA records (3), cached in SQLite
// and shown at once with their age. A refresh runs in the background; the view says
// `stale` while it runs or when the last attempt failed.
import type { AccountView, DmcaRecord, DmcaView, ReportDay, ReportsView, Freshness } from '../../../shared/model.ts';
import type { ServiceApi } from '../api/service-api.ts';
import type { Logger } from '../log/logger.ts';
import type { EventSink } from '../rpc/events.ts';
import type { Db } from '../db/database.ts';
import { cacheWrite } from './store.ts';

/** When a cached read was last fetched, and whether its last attempt failed. */
export class FetchLog {
  readonly #db: Db;
  readonly #running = new Set<string>();

  constructor(db: Db) {
    this.#db = db;
  }

  get(key: string): { fetchedAt: number | null; failedAt: number | null; meta: unknown } {
    const row = this.#db.prepare('SELECT fetched_at, failed_at, meta FROM lib_fetches WHERE key = ?').get(key);
    return {
      fetchedAt: (row?.fetched_at as number | null | undefined) ?? null,
      failedAt: (row?.failed_at as number | null | undefined) ?? null,
      meta: typeof row?.meta === 'string' ? JSON.parse(row.meta) : null,
    };
  }

  freshness(key: string): Freshness {
    const { fetchedAt, failedAt } = this.get(key);
    const failed = failedAt !== null && (fetchedAt === null || failedAt >= fetchedAt);
    return { fetchedAt, stale: fetchedAt === null || failed || this.#running.has(key), failedAt: failed ? failedAt : null };
  }

  fetched(key: string, at: number, meta: unknown = null): void {
    this.#db
      .prepare(
        `INSERT INTO lib_fetches (key, fetched_at, failed_at, meta) VALUES (?, ?, NULL, ?)
         ON CONFLICT (key) DO UPDATE SET fetched_at = excluded.fetched_at, failed_at = NULL, meta = excluded.meta`,
      )
      .run(key, at, meta === null ? null : JSON.stringify(meta));
  }

  failed(key: string, at: number): void {
    this.#db
      .prepare('INSERT INTO lib_fetches (key, failed_at) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET failed_at = excluded.failed_at')
      .run(key, at);
  }

  /** Runs one fetch per key at a time; a second caller joins the first. */
  readonly #inflight = new Map<string, Promise<boolean>>();
  run(key: string, work: () => Promise<void>, now: () => number): Promise<boolean> {
    const current = this.#inflight.get(key);
    if (current) return current;
    this.#running.add(key);
    const promise = work()
      .then(() => true)
      .catch(() => {
        cacheWrite(this.#db, () => this.failed(key, now()));
        return false;
      })
      .finally(() => {
        this.#running.delete(key);
        this.#inflight.delete(key);
      });
    this.#inflight.set(key, promise);
    return promise;
  }
}

export interface AccountCacheDeps {
  db: Db;
  api: ServiceApi;
  events: EventSink;
  logger: Logger;
  now: () => number;
  fetches: FetchLog;
}

const ACCOUNT = 'account';
const reportsKey = (last: number): string => `reports:${last}`;
const dmcaKey = (page: number, perPage: number): string => `dmca:${page}:${perPage}`;
export const DEFAULT_REPORT_DAYS = 7;

/**
 * The days "the last `last` days" covers, given the newest day the service answered with.
 * The service answers from day one of the month that `last` days ago falls in (so "Last 7
 * days" on the 23rd would start on the 1st): the range is cut to `last` days ending on the
 * service's own newest day, which is its today in its time zone, not this computer's.
 */
export function reportRange(last: number, newestDay: string): { from: string; to: string } {
  const to = new Date(`${newestDay}T00:00:00Z`);
  const from = new Date(to.getTime() - (last - 1) * 86_400_000);
  return { from: from.toISOString().slice(0, 10), to: newestDay };
}
const maxDay = (a: string, b: string): string => (a > b ? a : b);
/** A DMCA page older than this is fetched again when it is shown. */
const DMCA_MAX_AGE_MS = 5 * 60_000;

export class AccountCache {
  readonly #deps: AccountCacheDeps;

  constructor(deps: AccountCacheDeps) {
    this.#deps = deps;
  }

  accountView(): AccountView {
    const row = this.#deps.db.prepare('SELECT * FROM lib_account WHERE id = 1').get();
    const account = row
      ? {
          email: String(row.email),
          balance: String(row.balance),
          premiumExpire: String(row.premium_expire),
          isPremium: row.is_premium === 1,
          storageTotalKb: (row.storage_total_kb as number | null) ?? null,
          storageUsedKb: Number(row.storage_used_kb),
          storageLeftKb: (row.storage_left_kb as number | null) ?? null,
        }
      : null;
    return { account, freshness: this.#deps.fetches.freshness(ACCOUNT) };
  }

  reportsView(last = DEFAULT_REPORT_DAYS): ReportsView {
    const key = reportsKey(last);
    const stored = this.#deps.fetches.get(key).meta as { from: string; to: string } | null;
    // Trimmed when read, so a cache entry written before the trim existed shows the right range too.
    const meta = stored === null || stored.from > stored.to ? stored : { from: maxDay(stored.from, reportRange(last, stored.to).from), to: stored.to };
    const days: ReportDay[] =
      meta === null
        ? []
        : this.#deps.db
            .prepare('SELECT day, views, downloads, profit_views, profit_total FROM lib_report_days WHERE day BETWEEN ? AND ? ORDER BY day')
            .all(meta.from, meta.to)
            .map((r) => ({
              day: String(r.day),
              views: Number(r.views),
              downloads: Number(r.downloads),
              profitViews: Number(r.profit_views),
              profitTotal: Number(r.profit_total),
            }));
    return { days, freshness: this.#deps.fetches.freshness(key) };
  }

  dmcaView(page: number, perPage: number): DmcaView {
    const key = dmcaKey(page, perPage);
    const meta = this.#deps.fetches.get(key).meta as { ids: number[]; pagination: DmcaView['pagination'] } | null;
    const items: DmcaRecord[] =
      meta === null
        ? []
        : this.#deps.db
            // The video the record is about, when the library knows it: its title and link say more than a code.
            // A taken-down video has left the listings for its tombstone (library/tombstones.ts), which keeps both.
            .prepare(
              `SELECT d.*, COALESCE(v.name, t.title) AS video_name, COALESCE(v.download_url, t.download_url) AS video_download_url FROM lib_dmca d
               LEFT JOIN lib_videos v ON v.id = d.code LEFT JOIN lib_tombstones t ON t.video_id = d.code WHERE d.id IN (SELECT value FROM json_each(?))`,
            )
            .all(JSON.stringify(meta.ids))
            .map((r) => ({
              id: Number(r.id),
              code: String(r.code),
              secureDownloadCode: String(r.secure_download_code),
              secureEmbedCode: String(r.secure_embed_code),
              reportedAt: String(r.reported_at),
              disabledAt: String(r.disabled_at),
              video: r.video_name === null ? null : { name: String(r.video_name), downloadUrl: String(r.video_download_url) },
            }))
            .sort((a, b) => meta.ids.indexOf(a.id) - meta.ids.indexOf(b.id));
    return { items, pagination: meta?.pagination ?? { page, perPage, total: 0 }, freshness: this.#deps.fetches.freshness(key) };
  }

  /** Whether the DMCA page should be fetched again before it can be trusted. */
  dmcaIsOld(page: number, perPage: number): boolean {
    const { fetchedAt } = this.#deps.fetches.get(dmcaKey(page, perPage));
    return fetchedAt === null || this.#deps.now() - fetchedAt > DMCA_MAX_AGE_MS;
  }

  refreshAccount(): Promise<boolean> {
    return this.#refresh(ACCOUNT, async () => {
      const a = await this.#deps.api.account();
      cacheWrite(this.#deps.db, () => this.#deps.db
        .prepare(
          `INSERT INTO lib_account (id, email, balance, premium_expire, is_premium, storage_total_kb, storage_used_kb, storage_left_kb)
           VALUES (1, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (id) DO UPDATE SET email = excluded.email, balance = excluded.balance, premium_expire = excluded.premium_expire,
             is_premium = excluded.is_premium, storage_total_kb = excluded.storage_total_kb, storage_used_kb = excluded.storage_used_kb,
             storage_left_kb = excluded.storage_left_kb`,
        )
        .run(a.email, a.balance, a.premiumExpire, a.isPremium ? 1 : 0, a.storage.total, a.storage.used, a.storage.left));
      return null;
    });
  }

  refreshReports(last = DEFAULT_REPORT_DAYS): Promise<boolean> {
    return this.#refresh(reportsKey(last), async () => {
      const { list } = await this.#deps.api.reports({ last });
      const days = list.map((d) => d.day).sort();
      const upsert = this.#deps.db.prepare(
        `INSERT INTO lib_report_days (day, views, downloads, profit_views, profit_total) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (day) DO UPDATE SET views = excluded.views, downloads = excluded.downloads,
           profit_views = excluded.profit_views, profit_total = excluded.profit_total`,
      );
      cacheWrite(this.#deps.db, () => {
        for (const d of list) upsert.run(d.day, d.views, d.downloads, d.profitViews, d.profitTotal);
      });
      // An empty answer covers nothing: `from` after `to` selects no day.
      return { from: days[0] ?? '9999-12-31', to: days[days.length - 1] ?? '0000-01-01' };
    });
  }

  refreshDmca(page: number, perPage: number): Promise<boolean> {
    return this.#refresh(dmcaKey(page, perPage), async () => {
      const { list, pagination } = await this.#deps.api.dmca({ page, perPage });
      const upsert = this.#deps.db.prepare(
        `INSERT INTO lib_dmca (id, code, secure_download_code, secure_embed_code, reported_at, disabled_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET code = excluded.code, secure_download_code = excluded.secure_download_code,
           secure_embed_code = excluded.secure_embed_code, reported_at = excluded.reported_at, disabled_at = excluded.disabled_at`,
      );
      cacheWrite(this.#deps.db, () => {
        for (const r of list) upsert.run(r.id, r.code, r.secureDownloadCode, r.secureEmbedCode, r.reportedAt, r.disabledAt);
      });
      return { ids: list.map((r) => r.id), pagination };
    });
  }

  /** Fetches, writes what `write` returns as the cache entry's meta, and tells the UI. */
  #refresh(key: string, write: () => Promise<unknown>): Promise<boolean> {
    const { fetches, events, logger, now, db } = this.#deps;
    return fetches.run(
      key,
      async () => {
        try {
          const meta = await write();
          cacheWrite(db, () => fetches.fetched(key, now(), meta));
        } catch (error) {
          logger.warn('library: cached read failed', { key, error: error instanceof Error ? error.message : String(error) });
          throw error;
        } finally {
          events.emit('library:changed', { folders: false, folderIds: [], account: true });
        }
      },
      now,
    );
  }
}
