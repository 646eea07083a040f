// Issue 17 minor: a finished remote import links to the video it became. The service's
// queue item names no video; the core looks it up in the library (named after the address's
// file, of the size downloaded) once the library has fetched it, which a finished import asks for.
import { afterEach, describe, expect, it } from 'vitest';
import { fileNameOf } from '../../../electron/core/remote/view.ts';
import { coreRig, type CoreRig } from '../../support/core-rig.ts';
import { MediaServer } from './support/media-server.ts';
import { shown } from '../../support/shown-account.ts';

let rig: CoreRig | null = null;
const media = new MediaServer();
afterEach(async () => {
  await rig?.close();
  rig = null;
  await media.close();
});

describe('a finished remote import', () => {
  it('links to its video, with the video’s links, once the library knows it', async () => {
    await media.start();
    rig = await coreRig({ seed: 'empty' });
    const { host, core } = rig;
    const url = `${media.url}/ok/Harbour%20at%20dawn.mp4`;
    await shown(core)['remote:add']({ urls: [url] });

    let item = (await shown(core)['remote:list'](undefined)).items[0];
    for (let i = 0; i < 400 && !item?.video; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      item = (await shown(core)['remote:list'](undefined)).items[0];
    }
    const made = host.control.videos(host.apiKey);
    expect(made).toHaveLength(1);
    expect(item).toMatchObject({ status: 'completed', video: { id: made[0]!.id, name: 'Harbour at dawn.mp4' } });
    expect(item?.video?.downloadUrl).toMatch(/^https?:\/\//);
  }, 60_000);

  it('takes the file name from the address', () => {
    expect(fileNameOf('https://cdn.example/a/b/My%20clip.mp4?x=1')).toBe('My clip.mp4');
    expect(fileNameOf('https://cdn.example/')).toBeNull();
    expect(fileNameOf('not a url')).toBeNull();
  });
});
