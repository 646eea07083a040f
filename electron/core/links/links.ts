// One account's links, assembled: the health reads, the takedown watch (run with each sync
// pass), Upload again with Locate file…, the link map, and the lookup the link finder uses.
// The account session (accounts/session.ts) builds one and hands its handlers to the table.
import type { ServiceApi } from '../api/service-api.ts';
import type { Db } from '../db/database.ts';
import type { Library } from '../library/library.ts';
import type { EventSink } from '../rpc/events.ts';
import type { UploadEngine } from '../uploads/engine.ts';
import type { HealthLookupSource } from './health-lookup.ts';
import { settlePairs } from './link-map.ts';
import { Recovery } from './recovery.ts';
import { TakedownWatch } from './takedown-watch.ts';

export interface LinksDeps {
  db: Db;
  library: Library;
  uploads: Pick<UploadEngine, 'add'>;
  api: ServiceApi;
  events: EventSink;
  now?: () => number;
}

export class Links {
  readonly db: Db;
  readonly library: Library;
  readonly watch: TakedownWatch;
  readonly recovery: Recovery;
  readonly lookupSource: HealthLookupSource;
  readonly #events: EventSink;
  readonly #now: () => number;

  constructor(deps: LinksDeps) {
    this.db = deps.db;
    this.library = deps.library;
    this.#events = deps.events;
    this.#now = deps.now ?? Date.now;
    const store = deps.library.store;
    this.watch = new TakedownWatch({ db: deps.db, store, api: deps.api, events: deps.events, now: this.#now });
    this.recovery = new Recovery({ db: deps.db, store, uploads: deps.uploads });
    const limiter = deps.library.sync.limiter;
    this.lookupSource = { db: deps.db, api: deps.api, slot: (work) => limiter.run(() => work()) };
    // Every sync pass reads the DMCA list beside the listings, and settles the pairs after.
    deps.library.sync.addCompanion({
      duringPass: (slot) => this.watch.read(slot).then(() => undefined),
      afterPass: () => this.settle(),
    });
  }

  /** Whether a video is dead (the upload queue's duplicate check asks). */
  isDead(videoId: string): boolean {
    return this.db.prepare('SELECT 1 AS one FROM lib_tombstones WHERE video_id = ?').get(videoId) !== undefined;
  }

  /** Makes the link-map pairs of confirmed uploads again; tells the window when one was made. */
  settle(): void {
    const made = settlePairs(this.db, this.#now());
    if (made.length === 0) return;
    this.#events.emit('library:changed', { folders: false, folderIds: [], account: false });
    this.#events.emit('links:paired', { pairs: made });
  }
}
