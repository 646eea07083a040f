// Issue 17 minor: a DMCA record names its video by code only; when the library knows that
// video, the record comes with its title and link (the Account page shows them).
import { afterEach, describe, expect, it } from 'vitest';
import { coreRig, type CoreRig } from '../../support/core-rig.ts';
import { shown } from '../../support/shown-account.ts';

let rig: CoreRig | null = null;
afterEach(async () => {
  await rig?.close();
  rig = null;
});

describe('DMCA records', () => {
  it('carry the title and link of a video the library knows, from the local library', async () => {
    rig = await coreRig();
    const { host, core } = rig;
    const known = host.control.videos(host.apiKey).find((v) => v.folderId === 0)!;
    host.control.addDmca(known.id);
    // The library learns the root folder's videos; then the DMCA page is read.
    for (let i = 0; i < 200 && (await shown(core)['videos:list']({ folderId: 0, offset: 0, limit: 1 })).total === 0; i++) await new Promise((r) => setTimeout(r, 25));
    let view = await shown(core)['account:dmca']({ page: 1, perPage: 20 });
    for (let i = 0; i < 200 && !view.items.some((r) => r.code === known.id); i++) {
      await new Promise((r) => setTimeout(r, 25));
      view = await shown(core)['account:dmca']({ page: 1, perPage: 20 });
    }
    expect(view.items.find((r) => r.code === known.id)).toMatchObject({ video: { name: known.name, downloadUrl: expect.stringContaining('http') } });
  });
});
