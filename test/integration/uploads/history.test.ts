// Issue 13 section 3: the upload history through the composition root against the sandbox
// host. Finished, failed and cancelled uploads stay in it with their facts; "Clear finished"
// moves rows out of the queue view and into nothing but the history; search, outcome, folder
// and date filters; pages follow one another without gaps or repeats.
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { coreRig, until, type CoreRig } from '../../support/core-rig.ts';
import { writeVideo } from './helpers.ts';
import { shown } from '../../support/shown-account.ts';

let rig: CoreRig | null = null;
afterEach(async () => {
  await rig?.close();
  rig = null;
});

describe('the upload history', () => {
  it('keeps every finished, failed and cancelled upload with its facts, after Clear finished too', async () => {
    rig = await coreRig();
    const { host, core, dir } = rig;
    const folder = host.control.folders().find((f) => f.parent === 0)!;
    const list = async () => (await shown(core)['uploads:list'](undefined)).jobs;

    for (const name of ['alpha.mp4', 'beta.mp4']) writeVideo(dir, name, 80_000);
    await shown(core)['uploads:add']({ paths: [join(dir, 'alpha.mp4')], folderId: 0 });
    await shown(core)['uploads:add']({ paths: [join(dir, 'beta.mp4')], folderId: folder.id });
    await until('both done', async () => (await list()).filter((j) => j.state === 'done').length === 2);

    await shown(core)['uploads:pause'](undefined);
    const edited = writeVideo(dir, 'edited.mp4', 30_000);
    writeVideo(dir, 'dropped.mp4', 30_000);
    await shown(core)['uploads:add']({ paths: [edited.path, join(dir, 'dropped.mp4')], folderId: 0 });
    const dropped = (await list()).find((j) => j.name === 'dropped.mp4')!;
    await shown(core)['uploads:cancel']({ id: dropped.id });
    appendFileSync(edited.path, Buffer.alloc(10, 1));
    await shown(core)['uploads:resume'](undefined);
    await until('the changed file noticed', async () => (await list()).some((j) => j.name === 'edited.mp4' && j.state === 'changed'));

    await shown(core)['uploads:clearFinished'](undefined);
    expect((await shown(core)['uploads:list'](undefined)).jobs.map((j) => j.name)).toEqual(['edited.mp4']);

    const all = await shown(core)['uploads:history']({ limit: 50 });
    expect(all.total).toBe(4);
    const byName = new Map(all.items.map((e) => [e.name, e]));
    expect(byName.get('alpha.mp4')).toMatchObject({ outcome: 'done', folderId: 0, size: 80_000, videoId: expect.any(String), downloadUrl: expect.stringMatching(/^https?:/) });
    expect(byName.get('alpha.mp4')?.averageSpeed).toBeGreaterThan(0);
    expect(byName.get('alpha.mp4')?.startedAt).toBeLessThanOrEqual(byName.get('alpha.mp4')!.finishedAt);
    expect(byName.get('beta.mp4')).toMatchObject({ outcome: 'done', folderId: folder.id });
    expect(byName.get('dropped.mp4')).toMatchObject({ outcome: 'cancelled', videoId: null });
    expect(byName.get('edited.mp4')).toMatchObject({ outcome: 'failed', error: { code: 'file_changed', params: {} } });

    expect((await shown(core)['uploads:history']({ limit: 50, outcome: 'done' })).items.map((e) => e.name).sort()).toEqual(['alpha.mp4', 'beta.mp4']);
    expect((await shown(core)['uploads:history']({ limit: 50, search: 'ALPH' })).items.map((e) => e.name)).toEqual(['alpha.mp4']);
    expect((await shown(core)['uploads:history']({ limit: 50, folderId: folder.id })).items.map((e) => e.name)).toEqual(['beta.mp4']);
    expect((await shown(core)['uploads:history']({ limit: 50, from: Date.now() + 60_000 })).total).toBe(0);
    // A percent sign is a character, not a wildcard.
    expect((await shown(core)['uploads:history']({ limit: 50, search: '%' })).total).toBe(0);

    const first = await shown(core)['uploads:history']({ limit: 3 });
    const last = first.items.at(-1)!;
    const second = await shown(core)['uploads:history']({ limit: 3, after: { finishedAt: last.finishedAt, id: last.id } });
    expect([...first.items, ...second.items].map((e) => e.id)).toEqual(all.items.map((e) => e.id));

    // Cleared rows still guard against uploading the same file twice.
    const again = await shown(core)['uploads:add']({ paths: [join(dir, 'alpha.mp4')], folderId: 0 });
    expect(again.skipped).toEqual([{ path: join(dir, 'alpha.mp4'), reason: { code: 'skip_already_uploaded', params: {} }, jobId: expect.any(Number), duplicate: 'uploaded' }]);
  }, 60_000);
});
