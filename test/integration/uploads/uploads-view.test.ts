// Issue 17 item 11 in the core: another folder for an upload that has not started (refused
// once it has), "Cancel all waiting", "Retry all failed" (a changed file too), through the
// composition root against the sandbox host.
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Core } from '../../../electron/core/core.ts';
import { coreRig, until, type CoreRig } from '../../support/core-rig.ts';
import { writeVideo } from './helpers.ts';

let current: CoreRig | null = null;
afterEach(async () => {
  await current?.close();
  current = null;
});

async function rig(): Promise<CoreRig> {
  current = await coreRig();
  return current;
}

const stateOf = async (core: Core, name: string): Promise<string | undefined> => (await core.handlers['uploads:list'](undefined)).jobs.find((j) => j.name === name)?.state;

describe('the Uploads view’s actions', () => {
  it('moves a job that has not started to another folder; refuses once it has', async () => {
    const { host, core, dir } = await rig();
    const folder = host.control.folders().find((f) => f.parent === 0)!;
    await core.handlers['uploads:pause'](undefined);
    writeVideo(dir, 'moved.mp4', 60_000);
    const [job] = (await core.handlers['uploads:add']({ paths: [join(dir, 'moved.mp4')], folderId: 0 })).added;
    const view = await core.handlers['uploads:move']({ id: job!.id, folderId: folder.id });
    expect(view.jobs.find((j) => j.id === job!.id)?.folderId).toBe(folder.id);
    await core.handlers['settings:set']({ bandwidthLimit: 16_384 });
    writeVideo(dir, 'running.mp4', 400_000);
    const [running] = (await core.handlers['uploads:add']({ paths: [join(dir, 'running.mp4')], folderId: 0 })).added;
    await core.handlers['uploads:resume'](undefined);
    await until('the moved file in its new folder', () => host.control.videos().some((v) => v.name === 'moved.mp4' && v.folderId === folder.id));
    await until('the slow one running', async () => (await stateOf(core, 'running.mp4')) === 'uploading');
    await expect(Promise.resolve().then(() => core.handlers['uploads:move']({ id: running!.id, folderId: folder.id }))).rejects.toThrow(/has started uploading/);
  }, 60_000);

  it('"Cancel all waiting" cancels what has not started, and leaves paused ones', async () => {
    const { core, dir } = await rig();
    await core.handlers['uploads:pause'](undefined);
    for (const name of ['a.mp4', 'b.mp4', 'c.mp4']) writeVideo(dir, name, 30_000);
    const added = (await core.handlers['uploads:add']({ paths: ['a.mp4', 'b.mp4', 'c.mp4'].map((n) => join(dir, n)), folderId: 0 })).added;
    await core.handlers['uploads:pause']({ id: added[2]!.id });
    const view = await core.handlers['uploads:cancelWaiting'](undefined);
    expect(view.jobs.map((j) => [j.name, j.state])).toEqual([
      ['a.mp4', 'cancelled'],
      ['b.mp4', 'cancelled'],
      ['c.mp4', 'paused'],
    ]);
  });

  it('"Retry all failed" sends a changed file again as it is now', async () => {
    const { host, core, dir } = await rig();
    await core.handlers['uploads:pause'](undefined);
    const file = writeVideo(dir, 'edited.mp4', 30_000);
    await core.handlers['uploads:add']({ paths: [file.path], folderId: 0 });
    appendFileSync(file.path, Buffer.alloc(1000, 3));
    await core.handlers['uploads:resume'](undefined);
    await until('the change noticed', async () => (await stateOf(core, 'edited.mp4')) === 'changed');
    await core.handlers['uploads:retryFailed'](undefined);
    await until('the file as it is now uploaded', () => host.control.videos().some((v) => v.name === 'edited.mp4' && v.size === 31_000));
  }, 60_000);
});
