// Issue 17 minor: a DMCA record names its video by code only; when the library knows that
// video, the record comes with its title and link (the Account page shows them).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../../../electron/core/services.ts';
import { MemorySecretStore } from '../../../electron/core/secrets/memory-store.ts';
import { startHost } from '../../host/index.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('DMCA records', () => {
  it('carry the title and link of a video the library knows, from the local library', async () => {
    const host = await startHost({ seed: 'demo' });
    const root = await mkdtemp(join(tmpdir(), 'vidlift-dmca-'));
    const core = await createCore({ dataDir: join(root, 'data'), logDir: join(root, 'logs'), sandboxAvailable: false, secretStore: new MemorySecretStore() });
    cleanups.push(async () => {
      await core.close();
      await host.close();
      await rm(root, { recursive: true, force: true });
    });
    await core.handlers['auth:setKey']({ baseUrl: host.baseUrl, key: host.apiKey });
    const known = host.control.videos(host.apiKey).find((v) => v.folderId === 0)!;
    host.control.addDmca(known.id);
    // The library learns the root folder's videos; then the DMCA page is read.
    for (let i = 0; i < 200 && (await core.handlers['videos:list']({ folderId: 0, offset: 0, limit: 1 })).total === 0; i++) await new Promise((r) => setTimeout(r, 25));
    let view = await core.handlers['account:dmca']({ page: 1, perPage: 20 });
    for (let i = 0; i < 200 && !view.items.some((r) => r.code === known.id); i++) {
      await new Promise((r) => setTimeout(r, 25));
      view = await core.handlers['account:dmca']({ page: 1, perPage: 20 });
    }
    expect(view.items.find((r) => r.code === known.id)).toMatchObject({ video: { name: known.name, downloadUrl: expect.stringContaining('http') } });
  });
});
