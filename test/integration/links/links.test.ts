// Issue 29 in the core, against the sandbox host over loopback with real files and a real
// library file: a dead video keeps its tombstone through full sweeps and re-syncs, the
// takedown watch tells each batch once, a moved source offers Locate file…, and Upload again
// makes the link map's pairs (exported through the one writer). The library-wide search
// includes the dead videos' tombstones when asked, each with its state.
import { renameSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Core } from '../../../electron/core/core.ts';
import type { TakedownsFound } from '../../../shared/links.ts';
import { coreRig, until, type CoreRig } from '../../support/core-rig.ts';
import { shown } from '../../support/shown-account.ts';
import { writeVideo } from '../uploads/helpers.ts';

let rig: CoreRig | null = null;
afterEach(async () => {
  await rig?.close();
  rig = null;
});

/** A full sync pass, started now and waited for. */
async function syncFully(core: Core): Promise<void> {
  const before = (await shown(core)['sync:status'](undefined)).lastFullAt ?? 0;
  await shown(core)['sync:now']({ full: true });
  await until('a full pass', async () => {
    const status = await shown(core)['sync:status'](undefined);
    return !status.running && (status.lastFullAt ?? 0) > before;
  });
}

async function uploadAll(core: Core, paths: string[]): Promise<Map<string, string>> {
  const { added } = await shown(core)['uploads:add']({ paths, folderId: 0 });
  expect(added).toHaveLength(paths.length);
  await until('the uploads done', async () => (await shown(core)['uploads:jobs']({ ids: added })).jobs.every((j) => j.state === 'done'));
  const { jobs } = await shown(core)['uploads:jobs']({ ids: added });
  return new Map(jobs.map((j) => [j.name, j.videoId!]));
}

describe('the life of a link', () => {
  it('keeps tombstones through sweeps and re-syncs, and tells each batch of takedowns once', async () => {
    rig = await coreRig({ seed: 'empty' });
    const { host, core, dir } = rig;
    const found: TakedownsFound[] = [];
    core.events.subscribe((event, payload) => {
      if (event === 'links:takedownsFound') found.push(payload as TakedownsFound);
    });
    const files = ['a.mp4', 'b.mp4', 'c.mp4', 'd.mp4'].map((name) => writeVideo(dir, name, 40_000 + name.charCodeAt(0)).path);
    const ids = await uploadAll(core, files);
    await syncFully(core);
    expect((await shown(core)['links:health']({ offset: 0, limit: 10 })).counts).toEqual({ alive: 4, takenDown: 0, gone: 0 });
    expect(found).toEqual([]);

    host.control.deleteVideo(ids.get('a.mp4')!);
    host.control.takeDown(ids.get('b.mp4')!);
    host.control.takeDown(ids.get('c.mp4')!);
    await syncFully(core);

    const health = await shown(core)['links:health']({ offset: 0, limit: 10 });
    expect(health.counts).toEqual({ alive: 1, takenDown: 2, gone: 1 });
    expect(health.total).toBe(3);
    const gone = await shown(core)['links:tombstone']({ id: ids.get('a.mp4')! });
    expect(gone).toMatchObject({
      state: 'gone',
      reason: 'unlisted',
      title: 'a.mp4',
      folderId: 0,
      size: 40_097,
      downloadUrl: expect.stringMatching(/^https?:/),
      embedUrl: expect.stringMatching(/^https?:/),
      localSource: { path: files[0], size: 40_097, status: 'unchanged', unchanged: true },
      recovery: 'ready',
    });
    expect(gone.lastSeenAt).not.toBeNull();
    const takenDown = await shown(core)['links:tombstone']({ id: ids.get('b.mp4')! });
    expect(takenDown).toMatchObject({ state: 'takenDown', reason: 'dmca', title: 'b.mp4', disabledAt: expect.any(String), reportedAt: expect.any(String) });
    expect(takenDown.secureCodes?.download).toMatch(/\w+/);
    // One event for the batch of two, with their titles.
    expect(found).toEqual([{ count: 2, videos: expect.arrayContaining([{ id: ids.get('b.mp4'), title: 'b.mp4' }, { id: ids.get('c.mp4'), title: 'c.mp4' }]) }]);
    const takedowns = await shown(core)['links:takedowns']({ offset: 0, limit: 10 });
    expect(takedowns.items.map((row) => row.title).sort()).toEqual(['b.mp4', 'c.mp4']);
    expect(takedowns.items[0]).toMatchObject({ localSource: { status: 'unchanged' }, recovery: 'ready' });
    // Search covers the tombstones.
    expect((await shown(core)['links:health']({ offset: 0, limit: 10, search: 'b.mp' })).items.map((t) => t.videoId)).toEqual([ids.get('b.mp4')]);
    expect((await shown(core)['links:health']({ offset: 0, limit: 10, state: 'gone' })).items.map((t) => t.videoId)).toEqual([ids.get('a.mp4')]);

    // Re-syncs: nothing comes back, no old record is told again.
    await syncFully(core);
    await shown(core)['sync:now']({ full: false });
    await syncFully(core);
    expect((await shown(core)['links:health']({ offset: 0, limit: 10 })).counts).toEqual({ alive: 1, takenDown: 2, gone: 1 });
    await expect(Promise.resolve().then(() => shown(core)['videos:get']({ id: ids.get('b.mp4')! }))).rejects.toMatchObject({ code: 'not_found' });
    expect(found).toHaveLength(1);

    // A later takedown is a batch of its own.
    host.control.takeDown(ids.get('d.mp4')!);
    await syncFully(core);
    expect(found).toHaveLength(2);
    expect(found[1]).toEqual({ count: 1, videos: [{ id: ids.get('d.mp4'), title: 'd.mp4' }] });
  });

  it('offers Locate file… for a moved source, uploads again, and keeps the link map', async () => {
    rig = await coreRig({ seed: 'empty' });
    const { host, core, dir } = rig;
    const files = ['moved.mp4', 'kept.mp4', 'alive.mp4'].map((name, i) => writeVideo(dir, name, 50_000 + i).path);
    const ids = await uploadAll(core, files);
    await syncFully(core);
    const moved = ids.get('moved.mp4')!;
    const kept = ids.get('kept.mp4')!;
    host.control.takeDown(moved);
    host.control.deleteVideo(kept);
    await syncFully(core);
    const newPath = join(dir, 'elsewhere.mp4');
    renameSync(files[0]!, newPath);
    expect(await shown(core)['links:tombstone']({ id: moved })).toMatchObject({ recovery: 'locate', localSource: { status: 'missing', unchanged: false } });

    const recovered = await shown(core)['links:recover']({ all: true });
    expect(recovered.queued.map((q) => q.videoId)).toEqual([kept]);
    expect(recovered.unusable).toEqual([{ videoId: moved, title: 'moved.mp4', reason: 'locate', path: files[0] }]);
    // Asked again while it runs: queued already, not a second upload.
    expect((await shown(core)['links:recover']({ ids: [kept] })).unusable).toEqual([expect.objectContaining({ videoId: kept, reason: 'queued' })]);
    expect((await shown(core)['links:recover']({ ids: [ids.get('alive.mp4')!] })).unusable).toEqual([expect.objectContaining({ reason: 'notDead' })]);

    const located = await shown(core)['links:locate']({ id: moved, path: newPath });
    expect(located.queued.map((q) => q.videoId)).toEqual([moved]);
    const jobIds = [...recovered.queued, ...located.queued].map((q) => q.jobId);
    await until('the uploads again done', async () => (await shown(core)['uploads:jobs']({ ids: jobIds })).jobs.every((j) => j.state === 'done'));
    await until('both pairs', async () => (await shown(core)['links:map']({ offset: 0, limit: 10 })).total === 2);

    const map = await shown(core)['links:map']({ offset: 0, limit: 10 });
    const pairOfKept = map.items.find((p) => p.oldId === kept)!;
    const stone = await shown(core)['links:tombstone']({ id: kept });
    expect(pairOfKept).toMatchObject({ oldDownload: stone.downloadUrl, oldEmbed: stone.embedUrl });
    expect(pairOfKept.newId).not.toBe(kept);
    const newVideo = host.control.videos(host.apiKey).find((v) => v.id === pairOfKept.newId)!;
    // Same folder, same title.
    expect(newVideo).toMatchObject({ name: 'kept.mp4', folderId: 0 });
    expect(stone).toMatchObject({ recovery: 'recovered', pair: pairOfKept });
    expect(host.control.videos(host.apiKey).find((v) => v.id === map.items.find((p) => p.oldId === moved)!.newId)).toMatchObject({ name: 'moved.mp4' });

    // The health the link finder reads: replacements for the dead, 15 asked for an unknown id.
    const health = await shown(core)['links:lookup']({ ids: [kept, ids.get('alive.mp4')!, 'zzzzzzzzzzzz'] });
    expect(health.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ videoId: kept, state: 'gone', replacement: { videoId: pairOfKept.newId, downloadUrl: pairOfKept.newDownload, embedUrl: pairOfKept.newEmbed } }),
        expect.objectContaining({ videoId: ids.get('alive.mp4'), state: 'alive', title: 'alive.mp4' }),
        { videoId: 'zzzzzzzzzzzz', state: 'gone' },
      ]),
    );

    // The link map through the one export writer: CSV with the pairs' columns.
    const csv = await shown(core)['export:text']({ source: { kind: 'linkMap' }, options: { format: 'csv' } });
    const lines = csv.text.split('\r\n').filter((line) => line !== '');
    expect(lines[0]).toBe('oldId,newId,oldDownload,newDownload,oldEmbed,newEmbed,at');
    expect(lines).toHaveLength(3);
    expect(lines.slice(1).some((line) => line.startsWith(`${kept},${pairOfKept.newId},${pairOfKept.oldDownload},${pairOfKept.newDownload},`))).toBe(true);
    const json = JSON.parse((await shown(core)['export:text']({ source: { kind: 'linkMap' }, options: { format: 'json' } })).text) as Array<Record<string, unknown>>;
    expect(json.map((row) => row.oldId).sort()).toEqual([kept, moved].sort());
  });

  it('reads the whole DMCA list once with per_page, then only its newest page, telling only what is new', async () => {
    rig = await coreRig({ seed: 'flat:160', signIn: false });
    const { host, core } = rig;
    const found: TakedownsFound[] = [];
    core.events.subscribe((event, payload) => {
      if (event === 'links:takedownsFound') found.push(payload as TakedownsFound);
    });
    const videos = host.control.videos(host.apiKey);
    // 150 records: more than one page of 100, and far more than the host's default page of 20.
    for (const video of videos.slice(0, 150)) host.control.addDmca(video.id);
    await core.handlers['accounts:add']({ baseUrl: host.baseUrl, key: host.apiKey });
    await until('the first pass', async () => (await shown(core)['sync:status'](undefined)).lastQuickAt !== null);
    const first = await shown(core)['links:takedowns']({ offset: 0, limit: 500 });
    expect(first.total).toBe(150);
    expect(first.readAt).not.toBeNull();
    expect((await shown(core)['links:health']({ offset: 0, limit: 1 })).counts).toEqual({ alive: 10, takenDown: 150, gone: 0 });
    // The first read of an account is not news.
    expect(found).toEqual([]);

    // No pass under way (signing in may start two): the log then holds only the next pass's reads.
    await until('the passes to end', async () => !(await shown(core)['sync:status'](undefined)).running);
    host.control.clearLog();
    host.control.takeDown(videos[150]!.id);
    host.control.takeDown(videos[151]!.id);
    await syncFully(core);
    // Newest first: the first page held records read before, so the read stopped there.
    expect(host.control.requestLog().filter((entry) => entry.path === '/v1/account/dmca')).toHaveLength(1);
    expect(found).toEqual([{ count: 2, videos: expect.arrayContaining([{ id: videos[150]!.id, title: videos[150]!.name }, { id: videos[151]!.id, title: videos[151]!.name }]) }]);
    expect((await shown(core)['links:takedowns']({ offset: 0, limit: 2 })).items.map((row) => row.videoId).sort()).toEqual([videos[150]!.id, videos[151]!.id].sort());
  });
  it('searches the taken-down and gone videos by title when asked, each with its state', async () => {
    rig = await coreRig({ seed: 'empty' });
    const { host, core, dir } = rig;
    const names = ['harbour dawn.mp4', 'harbour dusk.mp4', 'harbour noon.mp4', 'forest.mp4'];
    const ids = await uploadAll(core, names.map((name, i) => writeVideo(dir, name, 60_000 + i).path));
    host.control.takeDown(ids.get('harbour dawn.mp4')!);
    host.control.deleteVideo(ids.get('harbour dusk.mp4')!);
    host.control.deleteVideo(ids.get('forest.mp4')!);
    await syncFully(core);

    // The default search: the living videos only, no tombstone read.
    const plain = await shown(core)['videos:search']({ query: 'harbour', limit: 50 });
    expect(plain.items.map((v) => v.name)).toEqual(['harbour noon.mp4']);
    expect(plain).not.toHaveProperty('dead');

    const withDead = await shown(core)['videos:search']({ query: 'harbour', limit: 50, includeDead: true });
    expect(withDead.items.map((v) => v.name)).toEqual(['harbour noon.mp4']);
    expect(withDead.dead?.total).toBe(2);
    expect(Object.fromEntries(withDead.dead!.items.map((t) => [t.title, t.state]))).toEqual({ 'harbour dawn.mp4': 'takenDown', 'harbour dusk.mp4': 'gone' });
    // Short words match as the title search's do (anywhere in the title), and the limit holds.
    const short = await shown(core)['videos:search']({ query: 'us', limit: 1, includeDead: true });
    expect(short.dead).toEqual({ items: [expect.objectContaining({ title: 'harbour dusk.mp4', state: 'gone' })], total: 1 });
    const none = await shown(core)['videos:search']({ query: 'meadow', limit: 50, includeDead: true });
    expect(none).toEqual({ items: [], total: 0, dead: { items: [], total: 0 } });
  }, 120_000);
});
