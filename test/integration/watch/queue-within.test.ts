// Issue 27 item 2, second line of defence: what a watcher queues is checked again by the
// upload engine (uploads/expand.ts, `within`): a file whose real path is not inside the
// watched folder's real path (a link put there after the watcher looked, or a sub-folder
// replaced by one) is skipped. The real engine and SQLite file; real files and links.
import { mkdirSync, realpathSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createRig, writeVideo, type Rig } from '../uploads/helpers.ts';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

describe('queueing from a watched folder', () => {
  it('skips a file whose real path left the watched folder, and takes the ones inside', async () => {
    rig = await createRig();
    const base = realpathSync(rig.dir);
    const watched = join(base, 'watched');
    const outside = join(base, 'private');
    mkdirSync(join(watched, 'sub'), { recursive: true });
    mkdirSync(outside);
    const secret = writeVideo(outside, 'secret.mp4', 20_000).path;
    const inside = writeVideo(watched, 'clip.mp4', 20_000).path;
    const nested = writeVideo(join(watched, 'sub'), 'nested.mp4', 20_000).path;
    symlinkSync(secret, join(watched, 'link.mp4'));
    symlinkSync(outside, join(watched, 'linked'));

    const outcome = await rig.engine.add([inside, nested, join(watched, 'link.mp4'), join(watched, 'linked', 'secret.mp4')], 0, { within: watched });
    expect(rig.engine.view.jobs(outcome.added).map((job) => job.name)).toEqual(['clip.mp4', 'nested.mp4']);
    expect(outcome.skipped.map((s) => s.path)).toEqual([join(watched, 'link.mp4'), join(watched, 'linked', 'secret.mp4')]);
    expect(rig.engine.list().jobs.map((job) => job.path).sort()).toEqual([inside, nested].sort());
  });

  it('without `within` (a drop), a dropped link still means the file it points to', async () => {
    rig = await createRig();
    const base = realpathSync(rig.dir);
    const secret = writeVideo(base, 'target.mp4', 20_000).path;
    symlinkSync(secret, join(base, 'shortcut.mp4'));
    const outcome = await rig.engine.add([join(base, 'shortcut.mp4')], 0);
    expect(rig.engine.list().jobs.map((job) => job.path)).toEqual([secret]);
    expect(outcome.added).toHaveLength(1);
  });
});
