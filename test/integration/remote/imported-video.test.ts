// Issue 17 minor: a finished remote import links to the video it became. The service's
// queue item names no video; the core looks it up in the library (named after the address's
// file, of the size downloaded) once the library has fetched it, which a finished import asks for.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../../../electron/core/services.ts';
import { MemorySecretStore } from '../../../electron/core/secrets/memory-store.ts';
import { fileNameOf } from '../../../electron/core/remote/imported-video.ts';
import { startHost } from '../../host/index.ts';
import { MediaServer } from './support/media-server.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('a finished remote import', () => {
  it('links to its video, with the video’s links, once the library knows it', async () => {
    const host = await startHost({ seed: 'empty' });
    const media = new MediaServer();
    await media.start();
    const root = await mkdtemp(join(tmpdir(), 'vidlift-imported-'));
    const core = await createCore({ dataDir: join(root, 'data'), logDir: join(root, 'logs'), sandboxAvailable: false, secretStore: new MemorySecretStore() });
    cleanups.push(async () => {
      await core.close();
      await media.close();
      await host.close();
      await rm(root, { recursive: true, force: true });
    });
    await core.handlers['auth:setKey']({ baseUrl: host.baseUrl, key: host.apiKey });
    const url = `${media.url}/ok/Harbour%20at%20dawn.mp4`;
    await core.handlers['remote:add']({ urls: [url] });

    let item = (await core.handlers['remote:list'](undefined)).items[0];
    for (let i = 0; i < 400 && !item?.video; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      item = (await core.handlers['remote:list'](undefined)).items[0];
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
