// Fix my links in the core (links:check, links:fix), against the sandbox host over loopback
// with a real library file and real text files: a CRLF Windows-1252 post round-trips byte for
// byte apart from the replaced links, written to a path the save dialog granted; a pasted text
// answers the fixed text with both sides' spans for the preview; a link to a video the library
// never saw is asked of the service (operation 15); a path the person did not pick is neither
// read nor written, and a malformed input is refused at the dispatcher. With the service
// unreachable, a link the library does not know is unknown (offline) and the rest are told.
// A check and a later fix of the same file share one read until the file or the library changes.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { afterEach, describe, expect, it } from 'vitest';
import type { Core } from '../../../electron/core/core.ts';
import { createDispatcher } from '../../../electron/core/rpc/dispatch.ts';
import { createHarnessShell } from '../../harness/shell-handlers.ts';
import { coreRig, until, type CoreRig } from '../../support/core-rig.ts';
import { shown } from '../../support/shown-account.ts';
import { writeVideo } from '../uploads/helpers.ts';

let rig: CoreRig | null = null;
afterEach(async () => {
  await rig?.close();
  rig = null;
});

async function syncFully(core: Core): Promise<void> {
  const before = (await shown(core)['sync:status'](undefined)).lastFullAt ?? 0;
  await shown(core)['sync:now']({ full: true });
  await until('a full pass', async () => {
    const status = await shown(core)['sync:status'](undefined);
    return !status.running && (status.lastFullAt ?? 0) > before;
  });
}

interface Uploaded {
  id: string;
  download: string;
  embed: string;
}

async function uploadAll(core: Core, paths: string[]): Promise<Map<string, Uploaded>> {
  const { added } = await shown(core)['uploads:add']({ paths, folderId: 0 });
  await until('the uploads done', async () => (await shown(core)['uploads:jobs']({ ids: added })).jobs.every((j) => j.state === 'done'));
  const { jobs } = await shown(core)['uploads:jobs']({ ids: added });
  return new Map(jobs.map((j) => [j.name, { id: j.videoId!, download: j.downloadUrl!, embed: j.embedUrl! }]));
}

describe('Fix my links in the core', () => {
  it('fixes a CRLF Windows-1252 file byte for byte but the replaced links, and a pasted text with the preview spans', async () => {
    rig = await coreRig({ seed: 'empty' });
    const { host, core, dir } = rig;
    const videos = await uploadAll(core, ['kept.mp4', 'dead.mp4'].map((name, i) => writeVideo(dir, name, 30_000 + i).path));
    const kept = videos.get('kept.mp4')!;
    const dead = videos.get('dead.mp4')!;
    const body = [
      'Sommaire – « été » déjà vu',
      `[url=${dead.embed}]dead.mp4 – naïve[/url] [url=${kept.embed}]kept[/url]`,
      `<a href="${dead.download.replace('://', '://www.')}">Télécharger</a>`,
      `${dead.download.replace(/^https?:\/\//, '')} and ${kept.download}`,
      '',
    ].join('\r\n');
    const input = join(dir, 'post.txt');
    const bytes = iconv.encode(body, 'windows-1252');
    writeFileSync(input, bytes);

    host.control.takeDown(dead.id);
    await syncFully(core);
    const checked = await shown(core)['links:check']({ path: input });
    expect(checked.encoding).toEqual({ name: 'windows-1252', bom: false });
    expect(checked.counts).toEqual({ alive: 2, takenDown: 3, gone: 0, unknown: 0 });
    expect(checked.links.map((l) => [l.kind, l.videoId])).toEqual([
      ['embed', dead.id],
      ['embed', kept.id],
      ['download', dead.id],
      ['download', dead.id],
      ['download', kept.id],
    ]);

    const recovered = await shown(core)['links:recover']({ all: true });
    expect(recovered.queued).toHaveLength(1);
    await until('the link map pair', async () => (await shown(core)['links:map']({ offset: 0, limit: 10 })).items.length === 1);
    const pair = (await shown(core)['links:map']({ offset: 0, limit: 10 })).items[0]!;

    // Written only where the save dialog granted; every byte but the three links kept.
    const output = join(dir, 'fixed.txt');
    await expect(shown(core)['links:fix']({ path: input, toPath: output })).rejects.toMatchObject({ code: 'validation' });
    expect(existsSync(output)).toBe(false);
    core.grantSavePath(output);
    const fixed = await shown(core)['links:fix']({ path: input, toPath: output });
    expect(fixed).toMatchObject({ text: null, written: output, replaced: 3, stillDead: 0, dead: [] });
    const expected = Buffer.from(bytes.toString('latin1').split(`/${pair.oldId}`).join(`/${pair.newId}`), 'latin1');
    expect(readFileSync(output).equals(expected)).toBe(true);
    for (const change of fixed.changes) expect(bytes.subarray(change.byteStart, change.byteEnd).toString('latin1')).toBe(change.before);
    // The grant was for one write.
    await expect(shown(core)['links:fix']({ path: input, toPath: output })).rejects.toMatchObject({ code: 'validation' });

    // Pasted: the fixed text comes back with each change's place on both sides.
    const pasted = `Voilà 🎬 ${dead.embed}\n${kept.embed}\n`;
    // As the window asks: both at once (they share one read of the text).
    const [both, answer] = await Promise.all([shown(core)['links:check']({ text: pasted }), shown(core)['links:fix']({ text: pasted })]);
    expect(both.links.map((l) => l.videoId)).toEqual([dead.id, kept.id]);
    expect(answer.text).toBe(`Voilà 🎬 ${pair.newEmbed}\n${kept.embed}\n`);
    expect(answer.changes).toHaveLength(1);
    const [change] = answer.changes;
    expect(pasted.slice(change!.start, change!.end)).toBe(dead.embed);
    expect(answer.text!.slice(change!.newStart, change!.newEnd)).toBe(pair.newEmbed);
    expect(Buffer.from(pasted).subarray(change!.byteStart, change!.byteEnd).toString()).toBe(dead.embed);
  }, 120_000);

  it('asks the service about a link the library never saw, lists dead links with no replacement, and reads only granted paths', async () => {
    rig = await coreRig({ seed: 'empty' });
    const { host, core, dir, root } = rig;
    const videos = await uploadAll(core, ['mine.mp4', 'gone.mp4'].map((name, i) => writeVideo(dir, name, 20_000 + i).path));
    const mine = videos.get('mine.mp4')!;
    const gone = videos.get('gone.mp4')!;
    host.control.deleteVideo(gone.id);
    await syncFully(core);
    // A video of the account the library has not listed yet (added on the host after the sync), and one that never existed.
    const later = host.control.addVideo({ name: 'later.mp4' }, host.apiKey);
    const never = 'zzzzzzzzzzzz';
    const text = [mine.embed, gone.download, mine.embed.replace(mine.id, later.id), mine.embed.replace(mine.id, never)].join(' \n');
    const checked = await shown(core)['links:check']({ text });
    const health = new Map(checked.videos.map((v) => [v.videoId, v.state]));
    expect(Object.fromEntries(health)).toEqual({ [mine.id]: 'alive', [gone.id]: 'gone', [later.id]: 'alive', [never]: 'gone' });
    const fixed = await shown(core)['links:fix']({ text });
    expect(fixed).toMatchObject({ replaced: 0, stillDead: 2, text });
    expect(fixed.dead).toEqual(
      expect.arrayContaining([
        { videoId: gone.id, state: 'gone', title: 'gone.mp4', links: 1, uploadAgain: 'ready' },
        { videoId: never, state: 'gone', links: 1, uploadAgain: 'noSource' },
      ]),
    );

    const outside = join(root, 'not-picked.txt');
    writeFileSync(outside, mine.embed);
    await expect(shown(core)['links:check']({ path: outside })).rejects.toMatchObject({ code: 'validation' });
    const dispatch = createDispatcher({ ...core.handlers, ...createHarnessShell(() => {}).handlers }, core.account);
    const accountId = core.shownAccountId();
    for (const input of [{}, { text: 'a', path: outside }, { text: 7 }, { path: outside, toPath: '' }, { text: 'a', extra: true }]) {
      expect(await dispatch('links:fix', input, accountId)).toMatchObject({ ok: false, error: { code: 'validation' } });
    }
    expect(await dispatch('links:check', { path: outside, toPath: outside }, accountId)).toMatchObject({ ok: false, error: { code: 'validation' } });
  }, 120_000);
  it('tells the links it knows when the service cannot be reached, the others unknown with why', async () => {
    rig = await coreRig({ seed: 'empty' });
    const { host, core, dir } = rig;
    const videos = await uploadAll(core, ['mine.mp4', 'gone.mp4'].map((name, i) => writeVideo(dir, name, 40_000 + i).path));
    const mine = videos.get('mine.mp4')!;
    const gone = videos.get('gone.mp4')!;
    host.control.deleteVideo(gone.id);
    await syncFully(core);
    const strangers = ['aaaaaaaaaaa1', 'aaaaaaaaaaa2', 'aaaaaaaaaaa3'];
    const text = [mine.embed, gone.download, ...strangers.map((id) => mine.embed.replace(mine.id, id)), mine.download].join('\n');
    const asked = host.control.requestLog().length;
    await host.control.stop();

    const checked = await shown(core)['links:check']({ text });
    expect(checked.counts).toEqual({ alive: 2, takenDown: 0, gone: 1, unknown: 3 });
    expect(Object.fromEntries(checked.videos.map((v) => [v.videoId, v.state]))).toEqual({ [mine.id]: 'alive', [gone.id]: 'gone' });
    expect(checked.unknown).toEqual(expect.arrayContaining(strangers.map((videoId) => ({ videoId, reason: 'offline' }))));
    expect(checked.unknown).toHaveLength(3);
    const fixed = await shown(core)['links:fix']({ text });
    expect(fixed).toMatchObject({ replaced: 0, stillDead: 1, text, dead: [{ videoId: gone.id, state: 'gone', links: 1 }] });
    const looked = await shown(core)['links:lookup']({ ids: [mine.id, strangers[0]!] });
    expect(looked).toEqual({ items: [expect.objectContaining({ videoId: mine.id, state: 'alive' })], unknown: [{ videoId: strangers[0], reason: 'offline' }] });

    // Back online, the same text's unknown ids are asked of operation 15 again (the host answers: not found).
    await host.control.start();
    const again = await shown(core)['links:check']({ text });
    expect(again.unknown).toEqual([]);
    expect(again.counts).toEqual({ alive: 2, takenDown: 0, gone: 4, unknown: 0 });
    expect(host.control.requestLog().length).toBeGreaterThan(asked);
  }, 120_000);

  it('reads a file once for a check and the fix after it, and again once the file or the link map changed', async () => {
    rig = await coreRig({ seed: 'empty' });
    const { host, core, dir } = rig;
    const videos = await uploadAll(core, ['kept.mp4', 'dead.mp4'].map((name, i) => writeVideo(dir, name, 50_000 + i).path));
    const kept = videos.get('kept.mp4')!;
    const dead = videos.get('dead.mp4')!;
    host.control.takeDown(dead.id);
    await syncFully(core);
    const input = join(dir, 'post.txt');
    writeFileSync(input, `${dead.embed}\n${kept.embed}\n`);
    core.grantPath(input);
    const first = await shown(core)['links:check']({ path: input });
    expect(first.counts).toMatchObject({ alive: 1, takenDown: 1 });
    // The file changes between the check and the fix: the fix reads what is there now.
    writeFileSync(input, `${dead.embed}\n${dead.download}\n${kept.embed}\n`);
    expect(await shown(core)['links:fix']({ path: input })).toMatchObject({ replaced: 0, stillDead: 2 });

    // The link map gains the pair between a check and a fix: the fix swaps by it.
    expect((await shown(core)['links:check']({ path: input })).counts).toMatchObject({ alive: 1, takenDown: 2 });
    await shown(core)['links:recover']({ all: true });
    await until('the link map pair', async () => (await shown(core)['links:map']({ offset: 0, limit: 10 })).total === 1);
    const pair = (await shown(core)['links:map']({ offset: 0, limit: 10 })).items[0]!;
    const fixed = await shown(core)['links:fix']({ path: input });
    expect(fixed).toMatchObject({ replaced: 2, stillDead: 0, text: `${pair.newEmbed}\n${pair.newDownload}\n${kept.embed}\n` });
  }, 120_000);
});
