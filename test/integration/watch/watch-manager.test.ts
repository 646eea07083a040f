import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_WATCH_EXCLUDE, DEFAULT_WATCH_INCLUDE, type WatchFolder, type WatchStatusView } from '../../../shared/watch.ts';
import { WatchManager } from '../../../electron/core/watch/watch-manager.ts';
import { createRig, MP4_HEAD, until, type Rig } from '../uploads/helpers.ts';

// The manager wired to a real upload engine, a real SQLite file and the sandbox host on
// loopback; real files written in a temporary folder. Every wait is bounded.
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let rig: Rig | undefined;
const managers: WatchManager[] = [];
afterEach(async () => {
  await Promise.all(managers.splice(0).map((m) => m.stop()));
  await rig?.close();
  rig = undefined;
});

function folder(path: string, folderId: number, extra: Partial<WatchFolder> = {}): WatchFolder {
  return {
    id: 'w1',
    path,
    folderId,
    enabled: true,
    includeSubfolders: true,
    include: [...DEFAULT_WATCH_INCLUDE],
    exclude: [...DEFAULT_WATCH_EXCLUDE],
    settleSeconds: 1,
    moveUploaded: false,
    ...extra,
  };
}

function manager(r: Rig): WatchManager {
  const m = new WatchManager({ db: r.db, enqueue: (path, id, within) => r.engine.add([path], id, { within }), events: r.sink, logger: r.log, presenceCheckMs: 100 });
  managers.push(m);
  return m;
}

/** Writes an MP4-looking file in `pieces` pieces with pauses shorter than the settle time, as a slow copy would. */
async function writeSlowly(path: string, pieces: number): Promise<string> {
  const hash = createHash('sha256');
  const handle = await open(path, 'w');
  for (let i = 0; i < pieces; i++) {
    const piece = i === 0 ? Buffer.concat([MP4_HEAD, Buffer.alloc(20_000, i)]) : Buffer.alloc(20_000, i);
    hash.update(piece);
    await handle.write(piece);
    await sleep(100);
  }
  await handle.close();
  return hash.digest('hex');
}

const statuses = (r: Rig) => r.sink.events.filter((e) => e.event === 'watch:changed').map((e) => e.payload as WatchStatusView);

describe('WatchManager against the sandbox host', () => {
  it('uploads a slowly written file exactly once, whole, and skips excluded files', async () => {
    rig = await createRig();
    const { id: folderId } = rig.host.control.addFolder({ name: 'Recordings' });
    const watched = join(rig.dir, 'watched');
    mkdirSync(watched);
    await manager(rig).apply([folder(watched, folderId)]);

    writeFileSync(join(watched, 'clip.mp4.part'), Buffer.concat([MP4_HEAD, Buffer.alloc(1000)]));
    writeFileSync(join(watched, '.hidden.mp4'), Buffer.concat([MP4_HEAD, Buffer.alloc(1000)]));
    writeFileSync(join(watched, 'notes.txt'), 'not a video');
    const sha = await writeSlowly(join(watched, 'recording.mp4'), 30);
    await until(() => rig!.engine.list().jobs.some((job) => job.state === 'done'), 'the upload done');
    await sleep(1500); // a second settle period: nothing else may arrive

    const videos = rig.host.control.videos();
    expect(videos).toHaveLength(1);
    expect(videos[0]).toMatchObject({ name: 'recording.mp4', folderId, sha256: sha });
    expect(rig.engine.list().jobs).toHaveLength(1);
    expect(statuses(rig).at(-1)?.folders[0]).toMatchObject({ id: 'w1', state: 'watching', lastFile: 'recording.mp4' });
  });

  it('after a restart queues only the files that arrived while it was closed', async () => {
    rig = await createRig();
    const watched = join(rig.dir, 'watched');
    mkdirSync(watched);
    writeFileSync(join(watched, 'before.mp4'), Buffer.concat([MP4_HEAD, Buffer.alloc(5000, 1)]));
    const first = manager(rig);
    await first.apply([folder(watched, 0)]);
    await until(() => rig!.engine.list().jobs.length === 1, 'the first file queued');
    await first.stop();

    writeFileSync(join(watched, 'while-closed.mp4'), Buffer.concat([MP4_HEAD, Buffer.alloc(5000, 2)]));
    await manager(rig).apply([folder(watched, 0)]);
    await until(() => rig!.engine.list().jobs.length === 2, 'the new file queued');
    await until(() => rig!.engine.list().jobs.every((job) => job.state === 'done'), 'both uploaded');
    await sleep(1500);
    expect(rig.engine.list().jobs.map((job) => job.name).sort()).toEqual(['before.mp4', 'while-closed.mp4']);
    expect(rig.host.control.uploadsReceived()).toBe(2);
  });

  it('says when a folder goes missing, resumes when it comes back, and stays quiet while paused', async () => {
    rig = await createRig();
    const watched = join(rig.dir, 'drive');
    mkdirSync(watched);
    const m = manager(rig);
    await m.apply([folder(watched, 0)]);
    expect(m.status().folders[0]?.state).toBe('watching');

    renameSync(watched, join(rig.dir, 'unplugged'));
    await until(() => m.status().folders[0]?.state === 'missing', 'the folder reported missing');
    expect(m.status().folders[0]).toMatchObject({ state: 'missing', scanning: false, problem: null });
    renameSync(join(rig.dir, 'unplugged'), watched);
    await until(() => m.status().folders[0]?.state === 'watching', 'watching again');
    writeFileSync(join(watched, 'back.mp4'), Buffer.concat([MP4_HEAD, Buffer.alloc(5000, 3)]));
    await until(() => rig!.engine.list().jobs.length === 1, 'the file in the returned folder queued');

    await m.apply([folder(watched, 0, { enabled: false })]);
    expect(m.status().folders[0]?.state).toBe('paused');
    writeFileSync(join(watched, 'while-paused.mp4'), Buffer.concat([MP4_HEAD, Buffer.alloc(5000, 4)]));
    await sleep(1500);
    expect(rig.engine.list().jobs.map((job) => job.name)).toEqual(['back.mp4']);
  });

  it('moves a file into uploaded/ only after its upload is confirmed, keeping its subfolder, and never uploads it again', async () => {
    const landed: { manager?: WatchManager } = {};
    rig = await createRig({ engine: { onFileLanded: (path) => void landed.manager?.fileUploaded(path) } });
    const watched = join(rig.dir, 'obs');
    mkdirSync(join(watched, 'day1'), { recursive: true });
    mkdirSync(join(watched, 'uploaded', 'day1'), { recursive: true });
    writeFileSync(join(watched, 'uploaded', 'day1', 'take.mp4'), 'an older file with the same name stays');
    landed.manager = manager(rig);
    await landed.manager.apply([folder(watched, 0, { moveUploaded: true })]);
    writeFileSync(join(watched, 'day1', 'take.mp4'), Buffer.concat([MP4_HEAD, Buffer.alloc(5000, 5)]));
    await until(() => existsSync(join(watched, 'uploaded', 'day1', 'take (2).mp4')), 'the file moved aside');
    expect(existsSync(join(watched, 'day1', 'take.mp4'))).toBe(false);
    expect(rig.engine.list().jobs.map((job) => job.state)).toEqual(['done']);
    await sleep(1500);
    expect(rig.host.control.uploadsReceived()).toBe(1);
  });
});
