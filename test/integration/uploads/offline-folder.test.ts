// Files queued into a folder made offline (a temporary negative id) wait for it, and go into
// it once the service has created it: whether the service creates it before or after the
// files are queued (issue 17 item 12: a dropped folder becomes a new service folder).
import { mkdirSync } from 'node:fs';
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

describe('uploads into a folder made offline', () => {
  it('wait while the service is away, then land in the folder it creates', async () => {
    rig = await coreRig({ seed: 'empty' });
    const { host, core, root } = rig;
    const dir = join(root, 'Trip');
    mkdirSync(join(dir, 'raw'), { recursive: true });
    writeVideo(dir, 'one.mp4', 50_000);
    writeVideo(join(dir, 'raw'), 'two.mp4', 50_000);
    core.grantPath(dir);

    host.control.setOffline(true);
    const folder = await shown(core)['folders:create']({ name: 'Trip' });
    expect(folder.id).toBeLessThan(0);
    const queued = await shown(core)['uploads:add']({ paths: [dir], folderId: folder.id });
    expect(queued.added).toHaveLength(2);
    host.control.setOffline(false);

    await until('both files in the new folder', () => {
      const made = host.control.folders().find((f) => f.name === 'Trip');
      return made !== undefined && host.control.videos().filter((v) => v.folderId === made.id).length === 2;
    });
  }, 60_000);

  it('go into the folder when the service created it before the files were queued', async () => {
    rig = await coreRig({ seed: 'empty' });
    const { host, core, root } = rig;
    const dir = join(root, 'Quick');
    mkdirSync(dir);
    writeVideo(dir, 'a.mp4', 50_000);
    core.grantPath(dir);
    const folder = await shown(core)['folders:create']({ name: 'Quick' });
    await until('the folder on the service', () => host.control.folders().some((f) => f.name === 'Quick'));
    await shown(core)['uploads:add']({ paths: [dir], folderId: folder.id });
    await until('the file in the new folder', () => {
      const made = host.control.folders().find((f) => f.name === 'Quick');
      return made !== undefined && host.control.videos().some((v) => v.folderId === made.id);
    });
  }, 60_000);
});
