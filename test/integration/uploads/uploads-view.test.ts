// Issue 17 item 11 in the core: another folder for an upload that has not started (refused
// once it has), "Cancel all waiting", "Retry all failed" (a changed file too), through the
// composition root against the sandbox host.
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Core } from '../../../electron/core/core.ts';
import { coreRig, until, type CoreRig } from '../../support/core-rig.ts';
import { writeVideo } from './helpers.ts';
import { shown } from '../../support/shown-account.ts';

let current: CoreRig | null = null;
afterEach(async () => {
  await current?.close();
  current = null;
});

async function rig(): Promise<CoreRig> {
  current = await coreRig();
  return current;
}

const stateOf = async (core: Core, name: string): Promise<string | undefined> => (await shown(core)['uploads:list'](undefined)).jobs.find((j) => j.name === name)?.state;

describe('the Uploads view’s actions', () => {
  it('moves a job that has not started to another folder; refuses once it has', async () => {
    const { host, core, dir } = await rig();
    const folder = host.control.folders().find((f) => f.parent === 0)!;
    await shown(core)['uploads:pause'](undefined);
    writeVideo(dir, 'moved.mp4', 60_000);
    const [jobId] = (await shown(core)['uploads:add']({ paths: [join(dir, 'moved.mp4')], folderId: 0 })).added;
    await shown(core)['uploads:move']({ id: jobId!, folderId: folder.id });
    expect((await shown(core)['uploads:jobs']({ ids: [jobId!] })).jobs[0]?.folderId).toBe(folder.id);
    await core.handlers['settings:set']({ bandwidthLimit: 16_384 });
    writeVideo(dir, 'running.mp4', 400_000);
    const [runningId] = (await shown(core)['uploads:add']({ paths: [join(dir, 'running.mp4')], folderId: 0 })).added;
    await shown(core)['uploads:resume'](undefined);
    await until('the moved file in its new folder', () => host.control.videos().some((v) => v.name === 'moved.mp4' && v.folderId === folder.id));
    await until('the slow one running', async () => (await stateOf(core, 'running.mp4')) === 'uploading');
    await expect(Promise.resolve().then(() => shown(core)['uploads:move']({ id: runningId!, folderId: folder.id }))).rejects.toThrow(/has started uploading/);
  }, 60_000);

  it('"Cancel all waiting" cancels what has not started, and leaves paused ones', async () => {
    const { core, dir } = await rig();
    await shown(core)['uploads:pause'](undefined);
    for (const name of ['a.mp4', 'b.mp4', 'c.mp4']) writeVideo(dir, name, 30_000);
    const added = (await shown(core)['uploads:add']({ paths: ['a.mp4', 'b.mp4', 'c.mp4'].map((n) => join(dir, n)), folderId: 0 })).added;
    await shown(core)['uploads:pause']({ id: added[2]! });
    const summary = await shown(core)['uploads:cancelWaiting'](undefined);
    expect(summary.counts).toMatchObject({ cancelled: 2, paused: 1, waiting: 0 });
    const view = await shown(core)['uploads:jobs']({ ids: added });
    expect(view.jobs.map((j) => [j.name, j.state])).toEqual([
      ['a.mp4', 'cancelled'],
      ['b.mp4', 'cancelled'],
      ['c.mp4', 'paused'],
    ]);
  });

  it('"Retry all failed" sends a changed file again as it is now', async () => {
    const { host, core, dir } = await rig();
    await shown(core)['uploads:pause'](undefined);
    const file = writeVideo(dir, 'edited.mp4', 30_000);
    await shown(core)['uploads:add']({ paths: [file.path], folderId: 0 });
    appendFileSync(file.path, Buffer.alloc(1000, 3));
    await shown(core)['uploads:resume'](undefined);
    await until('the change noticed', async () => (await stateOf(core, 'edited.mp4')) === 'changed');
    await shown(core)['uploads:retryFailed'](undefined);
    await until('the file as it is now uploaded', () => host.control.videos().some((v) => v.name === 'edited.mp4' && v.size === 31_000));
  }, 60_000);

  it('answers a queue of 1,000 a window at a time with its counts, and says it changed with figures only, at most four times a second', async () => {
    const { core, dir } = await rig();
    await shown(core)['uploads:pause'](undefined);
    const { mkdirSync } = await import('node:fs');
    const folder = join(dir, 'many');
    mkdirSync(folder);
    for (let i = 0; i < 1000; i++) writeVideo(folder, `clip ${String(i).padStart(4, '0')}.mp4`, 2_000);
    const added = (await shown(core)['uploads:add']({ paths: [folder], folderId: 0 })).added;
    expect(added).toHaveLength(1000);

    const page = await shown(core)['uploads:list']({ filter: 'all', offset: 900, limit: 50 });
    expect(page).toMatchObject({ filter: 'all', offset: 900, total: 1000 });
    expect(page.counts.waiting).toBe(1000);
    expect(page.jobs.map((j) => j.id)).toEqual(added.slice(900, 950)); // waiting ones in queue order
    expect((await shown(core)['uploads:list']({ filter: 'done' })).total).toBe(0);

    const changes: { at: number; payload: unknown }[] = [];
    const unsubscribe = core.events.subscribe((event, payload) => {
      if (event === 'uploads:changed') changes.push({ at: performance.now(), payload });
    });
    try {
      await shown(core)['uploads:resume'](undefined);
      await until('200 uploaded', async () => (await shown(core)['uploads:list']({ limit: 1 })).counts.done >= 200);
    } finally {
      unsubscribe();
    }
    expect(changes.length).toBeGreaterThan(2);
    for (const { payload } of changes) expect(Object.keys(payload as object).sort()).toEqual(['counts', 'paused', 'totals', 'waiting']);
    // At most four a second over the whole run. The exact spacing is the unit test's
    // (test/unit/core/uploads/queue-view.test.ts, on a clock moved by hand): a wall-clock gap
    // seen by a listener also holds how late a busy event loop delivered each event.
    const span = changes.at(-1)!.at - changes[0]!.at;
    expect(changes.length).toBeLessThanOrEqual(Math.floor(span / 250) + 2);

    const done = await shown(core)['uploads:list']({ filter: 'done', limit: 500 });
    expect(done.total).toBe(done.counts.done);
    const finished = done.jobs.map((j) => j.finishedAt ?? 0);
    expect(finished).toEqual([...finished].sort((a, b) => b - a)); // newest first
  }, 120_000);
});
