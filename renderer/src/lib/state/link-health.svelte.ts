// The health of the shown account's videos as the window shows it (issue 29): the counts of the
// library's Taken down and Gone filters, the dead videos of the filter on screen with the
// tombstone picked, the Takedowns view's DMCA records, and Upload again / Locate file….
// The core keeps all of it (links:*); this manager reads pages of it and reads again when the
// library, the upload queue or a DMCA read changed something.
import type { DeadHealth, HealthCounts, RecoverInput, RecoverResult, Tombstone, TakedownRow, TakedownsFound } from '../../../../shared/links.ts';
import { api as defaultApi, type ApiClient } from '../api.ts';
import { notices as defaultNotices, type Notices } from './notices.svelte.ts';
import { accountLifecycle } from './account-lifecycle.ts';
import { session } from './session.svelte.ts';
import { recoverReport, takedownsFoundText } from '../link-words.ts';
import { m } from '../i18n.svelte.ts';

/** How many rows one read brings (the Takedowns view and a filter); "Show more" reads the next. */
export const HEALTH_PAGE = 200;
/** Changes come in bursts (a sync, a queue at four events a second): one read again after they settle. */
const SETTLE_MS = 400;

const NO_COUNTS: HealthCounts = { alive: 0, takenDown: 0, gone: 0 };

export class LinkHealthState {
  counts = $state.raw<HealthCounts>(NO_COUNTS);
  /** The library's dead-video filter on screen; null: the folders as usual. */
  filter = $state<DeadHealth | null>(null);
  /** Title words the filter's dead videos are searched by (the tombstones' search, asked for here only). */
  search = $state('');
  dead = $state.raw<Tombstone[]>([]);
  deadTotal = $state(0);
  /** The tombstone shown beside the list (a filter's row, or a takedown's). */
  tombstone = $state.raw<Tombstone | null>(null);
  takedowns = $state.raw<TakedownRow[]>([]);
  takedownsTotal = $state(0);
  /** When the DMCA list was last read in full (ms); null before the first read. */
  readAt = $state<number | null>(null);
  /** Takedowns found since the person last looked at the Takedowns view (its badge in the sidebar). */
  unseen = $state(0);
  /** An Upload again or Locate file… is on its way (its buttons wait). */
  recovering = $state(false);
  readonly #api: ApiClient;
  readonly #notices: Notices;
  readonly #showTakedowns: () => void;
  #settleTimer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped by every read and by forget: an answer about an older state is dropped. */
  #generation = 0;

  /** `showTakedowns`: opens the Takedowns view (the notice's button). */
  constructor(api: ApiClient = defaultApi, notices: Notices = defaultNotices, showTakedowns: () => void = () => session.navigate('takedowns')) {
    this.#api = api;
    this.#notices = notices;
    this.#showTakedowns = showTakedowns;
  }

  start(): () => void {
    const stops = [
      this.#api.on('links:takedownsFound', (found) => this.#found(found)),
      this.#api.on('library:changed', () => this.#readSoon()),
      // An upload again that finishes moves its tombstone from queued to recovered.
      this.#api.on('uploads:changed', () => {
        if (this.#anyQueued()) this.#readSoon();
      }),
    ];
    return () => {
      clearTimeout(this.#settleTimer);
      for (const stop of stops) stop();
    };
  }

  async load(): Promise<void> {
    const generation = ++this.#generation;
    const [health, takedowns] = await Promise.all([
      this.#api.call('links:health', { offset: 0, limit: Math.max(HEALTH_PAGE, this.dead.length), ...this.#deadQuery() }),
      this.#api.call('links:takedowns', { offset: 0, limit: Math.max(HEALTH_PAGE, this.takedowns.length) }),
    ]);
    if (generation !== this.#generation) return;
    this.counts = health.counts;
    this.dead = this.filter ? health.items : [];
    this.deadTotal = this.filter ? health.total : 0;
    this.takedowns = takedowns.items;
    this.takedownsTotal = takedowns.total;
    this.readAt = takedowns.readAt;
    if (this.tombstone) await this.#readTombstone(this.tombstone.videoId, generation);
  }

  /** Shows the dead videos of one state in the library (null: back to the folders). */
  async setFilter(state: DeadHealth | null): Promise<void> {
    this.filter = state;
    this.search = '';
    this.tombstone = null;
    this.dead = [];
    this.deadTotal = 0;
    await this.load();
  }

  /** Searches the filter's dead videos by title (at once: the tombstones are a small table). */
  async setSearch(text: string): Promise<void> {
    this.search = text;
    this.dead = [];
    await this.load();
  }

  /** The next page of the filter's dead videos. */
  async moreDead(): Promise<void> {
    if (!this.filter || this.dead.length >= this.deadTotal) return;
    const generation = this.#generation;
    const page = await this.#api.call('links:health', { offset: this.dead.length, limit: HEALTH_PAGE, ...this.#deadQuery() });
    if (generation === this.#generation) this.dead = [...this.dead, ...page.items];
  }

  /** The next page of the Takedowns view. */
  async moreTakedowns(): Promise<void> {
    if (this.takedowns.length >= this.takedownsTotal) return;
    const generation = this.#generation;
    const page = await this.#api.call('links:takedowns', { offset: this.takedowns.length, limit: HEALTH_PAGE });
    if (generation === this.#generation) this.takedowns = [...this.takedowns, ...page.items];
  }

  /** Shows one dead video's tombstone (null: none). */
  async show(videoId: string | null): Promise<void> {
    if (videoId === null) {
      this.tombstone = null;
      return;
    }
    await this.#readTombstone(videoId, this.#generation);
  }

  /** The person opened the Takedowns view: what was new is seen. */
  markSeen(): void {
    this.unseen = 0;
  }

  /** Upload again, for the videos named or every one that can go; tells what it did. */
  async recover(input: RecoverInput): Promise<RecoverResult> {
    return this.#recovering(() => this.#api.call('links:recover', input));
  }

  /**
   * Locate file…: the native open dialog (the shell grants what is picked), then the core checks
   * the file as it checks a drop and queues it. Null: the dialog was cancelled.
   */
  async locate(videoId: string): Promise<RecoverResult | null> {
    const { paths } = await this.#api.call('dialog:openFiles', { kind: 'videos' });
    const path = paths[0];
    if (path === undefined) return null;
    return this.#recovering(() => this.#api.call('links:locate', { id: videoId, path }));
  }

  /** Runs an Upload again, reads the new states and tells what was queued and what was left out (with why). */
  async #recovering(run: () => Promise<RecoverResult>): Promise<RecoverResult> {
    this.recovering = true;
    try {
      const result = await run();
      const { title, lines } = recoverReport(result);
      if (lines.length > 0) this.#notices.infoWithDetails(title, m.links_left_out_intro(), lines);
      else this.#notices.info(title);
      await this.load();
      return result;
    } finally {
      this.recovering = false;
    }
  }

  /** Back to a fresh manager (another account shown): nothing of the last one stays. */
  reset(): void {
    this.#generation++;
    clearTimeout(this.#settleTimer);
    this.counts = NO_COUNTS;
    this.filter = null;
    this.search = '';
    this.dead = [];
    this.deadTotal = 0;
    this.tombstone = null;
    this.takedowns = [];
    this.takedownsTotal = 0;
    this.readAt = null;
    this.unseen = 0;
    this.recovering = false;
  }

  #deadQuery(): { state?: DeadHealth; search?: string } {
    const search = this.search.trim();
    return { ...(this.filter ? { state: this.filter } : {}), ...(this.filter && search ? { search } : {}) };
  }

  async #readTombstone(videoId: string, generation: number): Promise<void> {
    const tombstone = await this.#api.call('links:tombstone', { id: videoId });
    if (generation === this.#generation) this.tombstone = tombstone;
  }

  /** The desktop notification is the shell's; the window says it too, with a way to the list. */
  #found(found: TakedownsFound): void {
    this.unseen += found.count;
    const { title, titles } = takedownsFoundText(found);
    this.#notices.infoWithDetails(title, m.links_takedowns_found_text(), titles, { all: [{ label: m.links_show_takedowns(), run: () => this.#showTakedowns() }] });
    this.#readSoon();
  }

  #anyQueued(): boolean {
    return this.dead.some((t) => t.recovery === 'queued') || this.takedowns.some((t) => t.recovery === 'queued') || this.tombstone?.recovery === 'queued';
  }

  #readSoon(): void {
    clearTimeout(this.#settleTimer);
    this.#settleTimer = setTimeout(() => {
      this.load().catch((error: unknown) => this.#notices.error(m.links_health_read_failed(), error));
    }, SETTLE_MS);
  }
}

export const linkHealth = new LinkHealthState();
accountLifecycle.register({
  name: 'link-health',
  follow: () => linkHealth.start(),
  load: { title: m.links_health_read_failed, run: () => linkHealth.load() },
  forget: () => linkHealth.reset(),
});
