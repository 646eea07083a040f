// Child of write-batch.test.ts: queues one write and lets the process end on its own, as a
// CLI run does after its last request.
import { WriteBatch } from '../../../../../electron/core/library/sync/write-batch.ts';
import { openLibraryDatabase } from '../../../../../electron/core/library/migrations.ts';

const db = openLibraryDatabase(process.argv[2]!);
void new WriteBatch(db).run(1, () => db.prepare("INSERT INTO lib_sync_state (key, value) VALUES ('queued', 'landed')").run());
