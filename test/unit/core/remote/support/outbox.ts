// The account's outbox for a remote-imports test: the real one, on the test's database
// (the library's tables migrated first), so queue actions wait, replay and get refused the
// way they do in the app.
import type { ServiceApi } from '../../../../../electron/core/api/service-api.ts';
import type { Connectivity } from '../../../../../electron/core/connectivity.ts';
import type { Db } from '../../../../../electron/core/db/database.ts';
import { migrateLibrary } from '../../../../../electron/core/library/migrations.ts';
import { Outbox } from '../../../../../electron/core/library/outbox/outbox.ts';
import { LibraryStore } from '../../../../../electron/core/library/store.ts';
import { SubtitleStore } from '../../../../../electron/core/library/subtitles.ts';
import type { Logger } from '../../../../../electron/core/log/logger.ts';
import type { EventSink } from '../../../../../electron/core/rpc/events.ts';
import type { Timers } from '../../../../../electron/core/timers.ts';

const quietLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };

export function outboxFor(db: Db, deps: { api: ServiceApi; events: EventSink; connectivity: Connectivity; timers: Timers }): Outbox {
  migrateLibrary(db);
  return new Outbox({ db, store: new LibraryStore(db), subtitles: new SubtitleStore(db), logger: quietLogger, now: Date.now, ...deps });
}
