// A sparse window onto a folder's videos: `rows` has one slot per video (so the virtual
// list knows the full height at once) and pages are fetched as the list scrolls near them.
// A 50,000-video folder costs one array of 50,000 slots, not 50,000 rows of DOM or state.
import { SvelteSet } from 'svelte/reactivity';
import type { Freshness, Video, VideoSort } from '../../../../shared/model.ts';
import type { Tombstone } from '../../../../shared/links.ts';
import { api as defaultApi, type ApiClient } from '../api.ts';

export const PAGE_SIZE = 200;
/** A library-wide search shows at most this many matches (the header says "first 500 of N"). */
export const SEARCH_LIMIT = 500;

export interface VideoQuery {
  folderId: number;
  sort: VideoSort;
  /** Title filter; empty = everything in the folder. */
  search: string;
  /** Search the whole library (local index) instead of one folder. */
  everywhere: boolean;
}

export class VideoPages {
  /** One slot per video; undefined while its page is not loaded yet. */
  rows = $state.raw<ReadonlyArray<Video | undefined>>([]);
  total = $state(0);
  /** A library-wide search: every match, of which `rows` holds the first SEARCH_LIMIT. */
  matches = $state<number | null>(null);
  freshness = $state<Freshness | null>(null);
  /** A library-wide search that asked for them: the taken-down and gone videos whose title matches (the first SEARCH_LIMIT), and how many match. */
  dead = $state.raw<Tombstone[]>([]);
  deadMatches = $state<number | null>(null);
  /** True until the first page of the current query answered. */
  loading = $state(false);
  query = $state.raw<VideoQuery>({ folderId: 0, sort: 'newest', search: '', everywhere: false });

  readonly #api: ApiClient;
  readonly #onError: (error: unknown) => void;
  #generation = 0;
  #includeDead = false;
  #loaded = new SvelteSet<number>();
  #inflight = new SvelteSet<number>();

  constructor(api: ApiClient = defaultApi, onError: (error: unknown) => void = () => {}) {
    this.#api = api;
    this.#onError = onError;
  }

  /**
   * Starts over with a new query; answers for an older query are dropped. `includeDead`: a
   * library-wide search brings the matching taken-down and gone videos too.
   */
  async reset(query: VideoQuery, includeDead = false): Promise<void> {
    this.query = query;
    this.#includeDead = includeDead;
    this.dead = [];
    this.deadMatches = null;
    this.#generation += 1;
    this.#loaded.clear();
    this.#inflight.clear();
    this.rows = [];
    this.total = 0;
    this.matches = null;
    this.loading = true;
    if (query.everywhere && query.search.trim()) await this.#searchEverywhere(this.#generation);
    else await this.#fetchPage(0, this.#generation);
  }

  /** Forgets every row and drops answers still on their way (sign-out, account switch). */
  clear(): void {
    this.#generation += 1;
    this.#loaded.clear();
    this.#inflight.clear();
    this.query = { folderId: 0, sort: 'newest', search: '', everywhere: false };
    this.rows = [];
    this.total = 0;
    this.matches = null;
    this.dead = [];
    this.deadMatches = null;
    this.freshness = null;
    this.loading = false;
  }

  /** Makes sure the rows from `start` to `end` (inclusive) are loaded or on their way. */
  ensureRange(start: number, end: number): Promise<void> {
    if (this.query.everywhere && this.query.search.trim()) return Promise.resolve();
    const last = Math.min(end, Math.max(0, this.total - 1));
    const jobs: Promise<void>[] = [];
    for (let page = Math.floor(Math.max(0, start) / PAGE_SIZE); page <= Math.floor(last / PAGE_SIZE); page++) {
      if (!this.#loaded.has(page) && !this.#inflight.has(page)) jobs.push(this.#fetchPage(page, this.#generation));
    }
    return Promise.all(jobs).then(() => {});
  }

  /** The data changed underneath (sync, upload): refetch what is loaded, keep the scroll. */
  async refresh(): Promise<void> {
    if (this.query.everywhere && this.query.search.trim()) return this.#searchEverywhere(this.#generation);
    const pages = this.#loaded.size ? [...this.#loaded] : [0];
    this.#loaded.clear();
    await Promise.all(pages.map((page) => this.#fetchPage(page, this.#generation)));
  }

  /** Replaces one video in place (after an edit) without refetching its page. */
  patch(video: Video): void {
    const index = this.rows.findIndex((row) => row?.id === video.id);
    if (index < 0) return;
    const rows = this.rows.slice();
    rows[index] = video;
    this.rows = rows;
  }

  async #fetchPage(page: number, generation: number): Promise<void> {
    this.#inflight.add(page);
    const { folderId, sort, search } = this.query;
    try {
      const result = await this.#api.call('videos:list', {
        folderId,
        offset: page * PAGE_SIZE,
        limit: PAGE_SIZE,
        sort,
        ...(search.trim() ? { search: search.trim() } : {}),
      });
      if (generation !== this.#generation) return;
      this.#loaded.add(page);
      this.freshness = result.freshness;
      this.#place(result.offset, result.items, result.total);
    } catch (error) {
      if (generation === this.#generation) this.#onError(error);
    } finally {
      if (generation === this.#generation) {
        this.#inflight.delete(page);
        this.loading = false;
      }
    }
  }

  async #searchEverywhere(generation: number): Promise<void> {
    try {
      const { items, total, dead } = await this.#api.call('videos:search', {
        query: this.query.search.trim(),
        limit: SEARCH_LIMIT,
        ...(this.#includeDead ? { includeDead: true } : {}),
      });
      if (generation !== this.#generation) return;
      this.rows = items;
      this.total = items.length;
      this.matches = total;
      this.dead = dead?.items ?? [];
      this.deadMatches = dead ? dead.total : null;
    } catch (error) {
      if (generation === this.#generation) this.#onError(error);
    } finally {
      if (generation === this.#generation) this.loading = false;
    }
  }

  #place(offset: number, items: readonly Video[], total: number): void {
    const rows: Array<Video | undefined> = this.rows.slice(0, total);
    if (rows.length < total) rows.length = total;
    items.forEach((video, i) => {
      if (offset + i < total) rows[offset + i] = video;
    });
    this.total = total;
    this.rows = rows;
  }
}
