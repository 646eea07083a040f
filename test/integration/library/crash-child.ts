// Child process for the restart test: makes changes through the library, reports them done,
// then hangs mid-send until the parent kills it with SIGKILL.
// argv[2]: JSON { file, video, arrive? } (the library file and one service video to know
// about; with `arrive` {baseUrl, apiKey}, the folder create reaches the service for real and
// only its reply is never delivered).
import type { ServiceVideo } from '../../../electron/core/api/schemas.ts';
import type { ServiceApi } from '../../../electron/core/api/service-api.ts';
import { ManualConnectivity } from '../../../electron/core/connectivity.ts';
import { Library } from '../../../electron/core/library/library.ts';
import { openLibraryDatabase } from '../../../electron/core/library/migrations.ts';

import { ServiceClient } from '../../../electron/core/api/client.ts';

const { file, video, arrive } = JSON.parse(process.argv[2] ?? '{}') as {
  file: string;
  video: ServiceVideo;
  arrive?: { baseUrl: string; apiKey: string };
};
const real = arrive ? new ServiceClient({ baseUrl: arrive.baseUrl, apiKey: arrive.apiKey }) : null;
// Every request hangs: the first change stays `sending` until the kill. With `arrive`, the
// create is sent first, so the service has the folder while the outbox never hears back.
const hanging = new Proxy({}, {
  get: (_target, name) => (input: never) =>
    name === 'folderCreate' && real ? real.folderCreate(input).then(() => new Promise(() => {})) : new Promise(() => {}),
}) as ServiceApi;
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
if (real) await new Promise((resolve) => setTimeout(resolve, 300));
process.stdout.write(`${JSON.stringify({ states: library.outbox.view().items.map((i) => i.state) })}\n`);
setInterval(() => {}, 1000);
