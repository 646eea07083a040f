// Attacks on watch folders (issue 27 items 1 and 2), each against a real core (createCore
// behind the dispatcher, as the harness serves it to a page) and the sandbox host on loopback:
// - a compromised page names a watch folder in settings:set that the person never picked
//   (an absolute path, a relative one, a picked folder's path changed, a picked entry copied);
// - a watched folder holds a link to a file elsewhere, a sub-folder that is a link to another
//   folder, or is itself replaced by a link: nothing from outside the folder is queued or uploaded.
import { mkdirSync, realpathSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Settings } from '../../shared/model.ts';
import { DEFAULT_WATCH_EXCLUDE, DEFAULT_WATCH_INCLUDE, type WatchFolder, type WatchStatusView } from '../../shared/watch.ts';
import type { UploadsView } from '../../shared/upload-queue.ts';
import { startHost, type Host } from '../host/index.ts';
import type { Attack } from './attack.ts';
import { randomApiKey, waitUntil } from './common.ts';
import { startCoreTarget, type CoreTarget } from './core-target.ts';

const MP4_HEAD = Buffer.from('000000206674797069736f6d0000020069736f6d69736f32617663316d703431', 'hex');
const video = (path: string, fill: number) => writeFileSync(path, Buffer.concat([MP4_HEAD, Buffer.alloc(40_000, fill)]));

interface Rig {
  host: Host;
  target: CoreTarget;
  root: string;
}

/** A host and a signed-in core in `tempDir`, closed after `attack` whatever it does. */
async function withCore(tempDir: string, attack: (rig: Rig) => Promise<{ refused: boolean; detail: string }>): Promise<{ refused: boolean; detail: string }> {
  const apiKey = randomApiKey();
  const host = await startHost({ seed: 'empty', apiKey, remoteWorker: { enabled: false } });
  try {
    const root = realpathSync(tempDir);
    const target = await startCoreTarget({ root, baseUrl: host.baseUrl, apiKey });
    if (!target) return { refused: false, detail: 'no core to attack (electron/core/services.ts is missing)' };
    try {
      return await attack({ host, target, root });
    } finally {
      await target.close();
    }
  } finally {
    await host.close();
  }
}

async function answer<T>(target: CoreTarget, method: string, input: unknown): Promise<T> {
  const reply = await target.dispatch(method, input);
  if (!reply.ok) throw new Error(`${method}: ${reply.error.message}`);
  return reply.data as T;
}

const watchFolders = async (target: CoreTarget) => (await answer<Settings>(target, 'settings:get', undefined)).watchFolders;
const queuedNames = async (target: CoreTarget) =>
  (await answer<UploadsView>(target, 'uploads:list', { filter: 'all', offset: 0, limit: 100 })).jobs.map((job) => job.name);

function entry(id: string, path: string): WatchFolder {
  return { id, path, folderId: 0, enabled: true, includeSubfolders: true, include: [...DEFAULT_WATCH_INCLUDE], exclude: [...DEFAULT_WATCH_EXCLUDE], settleSeconds: 1, moveUploaded: true };
}

/** The folder the person picked in the dialog (what the shell does with its answer), settling after 1 s. */
async function picked(target: CoreTarget, folder: string): Promise<WatchFolder> {
  await target.core.addWatchFolders([folder]);
  const [added] = await watchFolders(target);
  if (!added) throw new Error('the picked folder was not added');
  await answer(target, 'settings:set', { watchFolders: [{ ...added, settleSeconds: 1 }] });
  return added;
}

/** Writes a real video into the watched folder and waits until it is queued: what was made before it was looked at. */
async function marker(target: CoreTarget, path: string, fill: number): Promise<boolean> {
  video(path, fill);
  const name = path.slice(path.lastIndexOf('/') + 1);
  return waitUntil(async () => (await queuedNames(target)).includes(name), 20_000, 100);
}

/** Whether anything named in `secrets` was queued or reached the service. */
async function escaped(rig: Rig, secrets: readonly string[]): Promise<string[]> {
  const seen = new Set([...(await queuedNames(rig.target)), ...rig.host.control.videos().map((v) => v.name)]);
  return secrets.filter((name) => seen.has(name));
}

/** A link escape: `plant` puts links into a watched folder while it is watched; real files follow; nothing outside may go. */
function linkEscape(name: string, plant: (watched: string, outside: string) => string[]): Attack {
  return {
    name,
    run: ({ tempDir }) =>
      withCore(tempDir, async (rig) => {
        const watched = join(rig.root, 'watched');
        const outside = join(rig.root, 'private');
        mkdirSync(watched);
        mkdirSync(outside);
        await picked(rig.target, watched);
        // Planted once the watcher is surely running (a first real file queued): a link made
        // while it watches comes as a change event, the way one copied in by someone else does.
        const live = await marker(rig.target, join(watched, 'real-1.mp4'), 1);
        const secrets = plant(watched, outside);
        const markersQueued = live && (await marker(rig.target, join(watched, 'real-2.mp4'), 2)) && (await marker(rig.target, join(watched, 'real-3.mp4'), 7));
        if (!markersQueued) return { refused: false, detail: 'the real files in the watched folder were never queued: the attack proved nothing' };
        const out = await escaped(rig, secrets);
        return out.length === 0
          ? { refused: true, detail: `real files queued; ${secrets.join(', ')} (outside the folder) never queued` }
          : { refused: false, detail: `queued from outside the watched folder: ${out.join(', ')}` };
      }),
  };
}

export const WATCH_ATTACKS: Attack[] = [
  {
    name: 'watch folder named by the page in settings:set, never picked in the dialog',
    run: ({ tempDir }) =>
      withCore(tempDir, async ({ target, root }) => {
        const elsewhere = join(root, 'elsewhere');
        const mine = join(root, 'mine');
        mkdirSync(elsewhere);
        mkdirSync(mine);
        video(join(elsewhere, 'private.mp4'), 9);
        const pickedEntry = await picked(target, mine);
        const tries: Array<[string, WatchFolder[]]> = [
          ['an absolute path', [entry('evil', elsewhere)]],
          ['a relative path', [entry('evil', 'elsewhere')]],
          ['a picked folder moved elsewhere', [{ ...pickedEntry, path: elsewhere }]],
          ['a picked folder copied under a new id', [pickedEntry, { ...pickedEntry, id: 'copy' }]],
        ];
        const accepted: string[] = [];
        for (const [what, folders] of tries) {
          const reply = await target.dispatch('settings:set', { watchFolders: folders });
          if (reply.ok || reply.error.code !== 'validation') accepted.push(what);
        }
        const now = await watchFolders(target);
        if (now.length !== 1 || now[0]!.path !== mine) accepted.push(`the list changed: ${now.map((f) => f.path).join(', ')}`);
        return accepted.length === 0
          ? { refused: true, detail: `refused with validation: ${tries.map(([what]) => what).join('; ')}` }
          : { refused: false, detail: `accepted: ${accepted.join('; ')}` };
      }),
  },
  linkEscape('a link in a watched folder to a file outside it', (watched, outside) => {
    video(join(outside, 'secret.mp4'), 3);
    symlinkSync(join(outside, 'secret.mp4'), join(watched, 'innocent.mp4'));
    return ['secret.mp4', 'innocent.mp4'];
  }),
  linkEscape('a sub-folder of a watched folder that is a link to another folder', (watched, outside) => {
    video(join(outside, 'diary.mp4'), 4);
    symlinkSync(outside, join(watched, 'camera'));
    return ['diary.mp4'];
  }),
  {
    name: 'a watched folder replaced by a link to another folder',
    run: ({ tempDir }) =>
      withCore(tempDir, async (rig) => {
        const watched = join(rig.root, 'watched');
        const outside = join(rig.root, 'private');
        mkdirSync(watched);
        mkdirSync(outside);
        video(join(outside, 'taxes.mp4'), 5);
        const folder = await picked(rig.target, watched);
        if (!(await marker(rig.target, join(watched, 'real.mp4'), 6))) return { refused: false, detail: 'the real file was never queued: the attack proved nothing' };
        renameSync(watched, join(rig.root, 'watched-moved'));
        symlinkSync(outside, watched);
        const said = await waitUntil(async () => {
          const view = await answer<WatchStatusView>(rig.target, 'watch:status', undefined);
          return view.folders.some((status) => status.id === folder.id && status.state === 'linked');
        }, 20_000, 100);
        const out = await escaped(rig, ['taxes.mp4']);
        if (out.length > 0) return { refused: false, detail: `queued from the folder the link leads to: ${out.join(', ')}` };
        return said
          ? { refused: true, detail: 'the folder reads "linked" and nothing it leads to was queued' }
          : { refused: false, detail: 'nothing was queued, but the folder never said it had become a link' };
      }),
  },
];
