// Every upload verified once it lands (issue 26), against the sandbox host over loopback: the
// title the service stored against the name sent, and the video in its folder's listing.
// Names in every script, with a backslash, quotes, line breaks, %, and one of 255 bytes;
// first through the sandbox's file server reading them as real servers read what a browser
// sends, then through one that reads them as busboy's defaults do (Latin-1, cut at the
// backslash, escapes kept), whose changes the jobs, the history and the library must say.
import { afterEach, describe, expect, it } from 'vitest';
import { ServiceClient } from '../../../electron/core/api/client.ts';
import { checkInFolder } from '../../../electron/core/uploads/verification.ts';
import { LocalMedia } from '../../../electron/core/uploads/local-media.ts';
import { createRig, RecordingLog, until, writeVideo, type Rig } from './helpers.ts';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

const LONGEST = (() => {
  let name = 'é東🎬א';
  while (Buffer.byteLength(`${name}x.mp4`) <= 255) name += 'x';
  return `${name}.mp4`;
})();

const NAMES = [
  'Café déjà vu — Tokyo.mp4',
  '東京の夜景.mp4',
  '🎬 party 🎉.mp4',
  'שלום עולם.mp4',
  'back\\slash plain.mp4',
  '=HYPERLINK("x"), quoted.mp4',
  'two\r\nlines.mp4',
  '100% sure.mp4',
  LONGEST,
];

async function uploadAll(r: Rig, names: readonly string[], folderId: number): Promise<void> {
  const paths = names.map((name, i) => writeVideo(r.dir, name, 20_000 + i).path);
  const { added } = await r.engine.add(paths, folderId);
  expect(added).toHaveLength(names.length);
  await until(() => r.engine.list().jobs.every((job) => job.state === 'done'), 'every upload done', 30_000);
}

describe('verifying each upload once it lands', () => {
  it('through a file server that reads names as browsers send them: every title as sent, every video in its folder', async () => {
    rig = await createRig();
    expect(Buffer.byteLength(LONGEST)).toBe(255);
    const { id: folderId } = rig.host.control.addFolder({ name: 'Names' });
    await uploadAll(rig, NAMES, folderId);
    for (const job of rig.engine.list().jobs) {
      expect(job.verification, job.name).toEqual({ title: { status: 'same' }, folder: 'found' });
    }
    const stored = rig.host.control.videos().map((video) => video.name).sort();
    expect(stored).toEqual([...NAMES].sort());
  });

  it('says when the name holds what a browser cannot send as it is, and what the service made of it', async () => {
    rig = await createRig();
    await uploadAll(rig, ['100%22 proof.mp4', 'say "hi".mp4'], 0);
    const jobs = rig.engine.list().jobs;
    const proof = jobs.find((job) => job.name === '100%22 proof.mp4');
    // Said before it was sent, and found so after: the sandbox decodes %22 as a browser's quote.
    expect(proof?.nameWarnings).toEqual(['escape-like']);
    expect(proof?.verification).toEqual({ title: { status: 'differs', stored: '100" proof.mp4', reasons: ['escapes-decoded'] }, folder: 'found' });
    const quoted = jobs.find((job) => job.name === 'say "hi".mp4');
    expect(quoted?.nameWarnings).toEqual(['quote']);
    expect(quoted?.verification).toEqual({ title: { status: 'same' }, folder: 'found' });
  });

  it('through a file server that reads names as busboy defaults do: "stored as …" with the reason, in the job, the history and the library', async () => {
    rig = await createRig({ host: { fileNames: 'legacy' } });
    const names = ['Café déjà vu — Tokyo.mp4', 'back\\slash plain.mp4', '=HYPERLINK("x"), quoted.mp4', 'plain ascii.mp4', LONGEST];
    await uploadAll(rig, names, 0);
    const byName = new Map(rig.engine.list().jobs.map((job) => [job.name, job]));
    const latin1 = (name: string): string => Buffer.from(name, 'utf8').toString('latin1');
    expect(byName.get('Café déjà vu — Tokyo.mp4')?.verification).toEqual({
      title: { status: 'differs', stored: latin1('Café déjà vu — Tokyo.mp4'), reasons: ['read-as-latin1'] },
      folder: 'found',
    });
    expect(byName.get('back\\slash plain.mp4')?.verification?.title).toEqual({ status: 'differs', stored: 'slash plain.mp4', reasons: ['cut-at-backslash'] });
    expect(byName.get('=HYPERLINK("x"), quoted.mp4')?.verification?.title).toEqual({
      status: 'differs',
      stored: '=HYPERLINK(%22x%22), quoted.mp4',
      reasons: ['escapes-kept'],
    });
    expect(byName.get(LONGEST)?.verification).toEqual({ title: { status: 'differs', stored: latin1(LONGEST), reasons: ['read-as-latin1'] }, folder: 'found' });
    expect(byName.get('plain ascii.mp4')?.verification).toEqual({ title: { status: 'same' }, folder: 'found' });
    expect(rig.log.lines.filter((line) => line.includes('the service stored another title than the name sent'))).toHaveLength(4);
    // The log names reasons, never the titles.
    expect(rig.log.lines.join('\n')).not.toContain('slash plain');

    // The history keeps it, and finds the upload by the title the service stored.
    const history = rig.engine.history({ search: 'slash plain', limit: 10 });
    expect(history.items.map((entry) => entry.name)).toEqual(['back\\slash plain.mp4']);
    expect(history.items[0]?.verification?.title).toMatchObject({ stored: 'slash plain.mp4' });
    // The library's details read it through videos:localFile.
    const cut = byName.get('back\\slash plain.mp4');
    expect(new LocalMedia(rig.db).forVideo(cut!.videoId!)?.verification?.title).toMatchObject({ status: 'differs', reasons: ['cut-at-backslash'] });
  });
});

describe('a lost reply from a file server that stores names otherwise', () => {
  it('finds the video under its stored title instead of sending the file again', async () => {
    rig = await createRig({ host: { fileNames: 'legacy', faults: [{ route: 'FILES', kind: 'lose_reply', times: 1 }] } });
    await uploadAll(rig, ['Café — lost reply.mp4'], 0);
    expect(rig.host.control.faultsInjected()).toBe(1);
    // Found by the lookup under "CafÃ© â€” …", not sent again: one upload received.
    expect(rig.host.control.uploadsReceived()).toBe(1);
    const [job] = rig.engine.list().jobs;
    expect(job?.verification).toEqual({
      title: { status: 'differs', stored: Buffer.from('Café — lost reply.mp4', 'utf8').toString('latin1'), reasons: ['read-as-latin1'] },
      folder: 'found',
    });
  });
});

describe('the folder check', () => {
  it('finds a video in its folder, misses it in another, and says when the listing could not be made', async () => {
    rig = await createRig({ start: false });
    const { id: trips } = rig.host.control.addFolder({ name: 'Trips' });
    const { id: other } = rig.host.control.addFolder({ name: 'Other' });
    const { id: videoId } = rig.host.control.addVideo({ name: 'Harbour at dawn.mp4', folderId: trips });
    // Newer videos in the same folder: the search by title still finds it.
    for (let i = 0; i < 5; i++) rig.host.control.addVideo({ name: `later ${i}.mp4`, folderId: trips });
    expect(await checkInFolder(rig.client, { folderId: trips, videoId, title: 'Harbour at dawn.mp4' })).toBe('found');
    // A title the search does not match (stored otherwise): the newest pages unfiltered find it.
    expect(await checkInFolder(rig.client, { folderId: trips, videoId, title: 'not its title' })).toBe('found');
    expect(await checkInFolder(rig.client, { folderId: trips, videoId, title: null })).toBe('found');
    expect(await checkInFolder(rig.client, { folderId: other, videoId, title: 'Harbour at dawn.mp4' })).toBe('missing');
    rig.host.control.setOffline(true);
    const log = new RecordingLog();
    const offline = new ServiceClient({ baseUrl: rig.host.baseUrl, apiKey: rig.host.apiKey, logger: log, secrets: log, deadlineMs: 2_000, retry: { maxAttempts: 1, baseMs: 0, capMs: 0 } });
    expect(await checkInFolder(offline, { folderId: trips, videoId, title: 'Harbour at dawn.mp4' })).toBe('unchecked');
    rig.host.control.setOffline(false);
  });
});
