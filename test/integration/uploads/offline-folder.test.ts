// Files queued into a folder made offline (a temporary negative id) wait for it, and go into
// it once the service has created it: whether the service creates it before or after the
// files are queued (issue 17 item 12: a dropped folder becomes a new service folder).
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../../../electron/core/services.ts';
import { MemorySecretStore } from '../../../electron/core/secrets/memory-store.ts';
import { startHost } from '../../host/index.ts';
import { writeVideo } from './helpers.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function until(what: string, check: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('uploads into a folder made offline', () => {
  it('wait while the service is away, then land in the folder it creates', async () => {
    const host = await startHost({ seed: 'empty' });
    const root = await mkdtemp(join(tmpdir(), 'vidlift-offline-folder-'));
    const core = await createCore({ dataDir: join(root, 'data'), logDir: join(root, 'logs'), sandboxAvailable: false, secretStore: new MemorySecretStore() });
    cleanups.push(async () => {
      await core.close();
      await host.close();
      await rm(root, { recursive: true, force: true });
    });
    await core.handlers['auth:setKey']({ baseUrl: host.baseUrl, key: host.apiKey });
    const dir = join(root, 'Trip');
    mkdirSync(join(dir, 'raw'), { recursive: true });
    writeVideo(dir, 'one.mp4', 50_000);
    writeVideo(join(dir, 'raw'), 'two.mp4', 50_000);
    core.grantPath(dir);

    host.control.setOffline(true);
    const folder = await core.handlers['folders:create']({ name: 'Trip' });
    expect(folder.id).toBeLessThan(0);
    const queued = await core.handlers['uploads:add']({ paths: [dir], folderId: folder.id });
    expect(queued.added).toHaveLength(2);
    host.control.setOffline(false);

    await until('both files in the new folder', () => {
      const made = host.control.folders().find((f) => f.name === 'Trip');
      return made !== undefined && host.control.videos().filter((v) => v.folderId === made.id).length === 2;
    });
  }, 60_000);

  it('go into the folder when the service created it before the files were queued', async () => {
    const host = await startHost({ seed: 'empty' });
    const root = await mkdtemp(join(tmpdir(), 'vidlift-offline-folder-'));
    const core = await createCore({ dataDir: join(root, 'data'), logDir: join(root, 'logs'), sandboxAvailable: false, secretStore: new MemorySecretStore() });
    cleanups.push(async () => {
      await core.close();
      await host.close();
      await rm(root, { recursive: true, force: true });
    });
    await core.handlers['auth:setKey']({ baseUrl: host.baseUrl, key: host.apiKey });
    const dir = join(root, 'Quick');
    mkdirSync(dir);
    writeVideo(dir, 'a.mp4', 50_000);
    core.grantPath(dir);
    const folder = await core.handlers['folders:create']({ name: 'Quick' });
    await until('the folder on the service', () => host.control.folders().some((f) => f.name === 'Quick'));
    await core.handlers['uploads:add']({ paths: [dir], folderId: folder.id });
    await until('the file in the new folder', () => {
      const made = host.control.folders().find((f) => f.name === 'Quick');
      return made !== undefined && host.control.videos().some((v) => v.folderId === made.id);
    });
  }, 60_000);
});
