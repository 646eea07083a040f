// Child process for the restart test: makes changes through the library, reports them done,
// then hangs mid-send until the parent kills it with SIGKILL.
// argv[2]: JSON { file, video } (the library file and one service video to know about).
import type { ServiceVideo } from '../../../electron/core/api/schemas.ts';
import type { ServiceApi } from '../../../electron/core/api/service-api.ts';
import { ManualConnectivity } from '../../../electron/core/library/connectivity.ts';
import { Library } from '../../../electron/core/library/library.ts';
import { openLibraryDatabase } from '../../../electron/core/library/migrations.ts';

const { file, video } = JSON.parse(process.argv[2] ?? '{}') as { file: string; video: ServiceVideo };
// Every request hangs: the first change stays `sending` until the kill.
const hanging = new Proxy({}, { get: () => () => new Promise(() => {}) }) as ServiceApi;
const db = openLibraryDatabase(file);
const library = new Library({
  db,
  api: hanging,
  events: { emit() {} },
  connectivity: new ManualConnectivity('online'),
  logger: { debug() {}, info() {}, warn() {}, error() {} },
});
library.upsertUploadedVideo(video, 0);
const folder = library.outbox.createFolder('Survives a crash');
library.outbox.renameFolder(folder.id, 'Survived a crash');
library.outbox.setSkipIntro(video.id, 33);
await new Promise((resolve) => setImmediate(resolve));
process.stdout.write(`${JSON.stringify({ states: library.outbox.view().items.map((i) => i.state) })}\n`);
setInterval(() => {}, 1000);
