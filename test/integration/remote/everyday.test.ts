// Issue 26 §4 "Remote imports", through the composition root against the sandbox host: the
// folder chosen goes with the import; a failed import carries its reason; an import that
// became a non-video "video" (a 16-byte text file, a page) is flagged.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { RemoteItem } from '../../../shared/model.ts';
import { suspectImport } from '../../../electron/core/remote/view.ts';
import type { RemoteRow } from '../../../electron/core/remote/store.ts';
import { coreRig, type CoreRig } from '../../support/core-rig.ts';
import { shown } from '../../support/shown-account.ts';

let rig: CoreRig | null = null;
let origin: Server | null = null;
afterEach(async () => {
  await rig?.close();
  rig = null;
  origin?.closeAllConnections();
  await new Promise((resolve) => origin?.close(resolve) ?? resolve(undefined));
  origin = null;
});

/** Serves /clip.mp4 (8 KB of video-looking bytes), /notes.txt (16 bytes), /page.html (4 KB); the rest is a 404. */
async function startOrigin(): Promise<string> {
  const files: Record<string, Buffer> = {
    '/clip.mp4': Buffer.concat([Buffer.from('000000206674797069736f6d', 'hex'), Buffer.alloc(8_180, 3)]),
    '/notes.txt': Buffer.from('just some notes\n'),
    '/page.html': Buffer.alloc(4096, 'a'),
  };
  origin = createServer((req, res) => {
    const body = files[req.url ?? ''];
    if (!body) return void res.writeHead(404).end('missing');
    res.writeHead(200, { 'Content-Length': body.length }).end(body);
  });
  await new Promise<void>((resolve) => origin!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
}

async function settledItems(r: CoreRig, count: number): Promise<RemoteItem[]> {
  for (let i = 0; i < 400; i++) {
    const items = (await shown(r.core)['remote:list'](undefined)).items;
    if (items.length === count && items.every((item) => !item.active)) return items;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the imports did not finish');
}

describe('remote imports, everyday', () => {
  it('imports into the folder chosen, says why one failed, and flags the ones that are no video', async () => {
    const base = await startOrigin();
    rig = await coreRig({ seed: 'empty' });
    const { id: folderId } = rig.host.control.addFolder({ name: 'Imports' });
    await shown(rig.core)['folders:list'](undefined);
    const urls = ['clip.mp4', 'notes.txt', 'page.html', 'gone.mp4'].map((name) => `${base}/${name}`);
    const added = await shown(rig.core)['remote:add']({ urls, folderId });
    expect(added).toEqual({ accepted: 4, rejected: [] });

    const items = await settledItems(rig, 4);
    const byName = (name: string) => items.find((item) => item.url.endsWith(name))!;
    for (const item of items) expect(item.folderId).toBe(folderId);
    const videos = rig.host.control.videos(rig.host.apiKey);
    expect(videos.map((v) => v.folderId)).toEqual([folderId, folderId, folderId]);

    expect(byName('gone.mp4')).toMatchObject({ status: 'failed', error: 'Upstream answered HTTP 404' });
    expect(byName('clip.mp4')).toMatchObject({ status: 'completed', suspect: null });
    expect(byName('notes.txt')).toMatchObject({ status: 'completed', suspect: 'too_small' });
    expect(byName('page.html')).toMatchObject({ status: 'completed', suspect: 'not_a_video_name' });
  }, 60_000);

  it('imports into the root when no folder is chosen, and refuses a folder not saved yet', async () => {
    const base = await startOrigin();
    rig = await coreRig({ seed: 'empty' });
    await shown(rig.core)['remote:add']({ urls: [`${base}/clip.mp4`] });
    const [item] = await settledItems(rig, 1);
    expect(item).toMatchObject({ status: 'completed', folderId: 0 });
    await expect((async () => shown(rig!.core)['remote:add']({ urls: [`${base}/clip.mp4?again`], folderId: -3 }))()).rejects.toMatchObject({ code: 'validation' });
  }, 60_000);

  it('flags by size and name only what the service finished', () => {
    const row = (over: Partial<RemoteRow>): RemoteRow =>
      ({ localId: 1, remoteId: 'abcdefghijkl', url: 'https://cdn.example/v/clip.mp4', folderId: 0, phase: 'remote', status: 'completed', bytesDownloaded: 5_000_000, bytesTotal: 5_000_000, created: null, error: null, ...over }) as RemoteRow;
    expect(suspectImport(row({}), 'clip.mp4')).toBeNull();
    expect(suspectImport(row({ bytesTotal: 16 }), null)).toBe('too_small');
    expect(suspectImport(row({ url: 'https://cdn.example/watch?v=1' }), 'watch')).toBeNull();
    expect(suspectImport(row({ url: 'https://cdn.example/watch?v=1' }), 'error.HTML')).toBe('not_a_video_name');
    expect(suspectImport(row({ status: 'downloading', bytesTotal: 16 }), null)).toBeNull();
  });
});
