// Issue 27 item 1: a watch folder comes only from the folder dialog the person answers
// (watch:add, which the shell answers in main), never from a path the page names in
// settings:set. The real core behind the dispatcher, as a page reaches it, against the
// sandbox host; the harness's shell stands in for the native dialog.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDispatcher, type Dispatch } from '../../../electron/core/rpc/dispatch.ts';
import { newWatchFolder, type WatchFolder } from '../../../shared/watch.ts';
import type { Settings } from '../../../shared/model.ts';
import { createHarnessShell, type HarnessShell } from '../../harness/shell-handlers.ts';
import { coreRig, until, type CoreRig } from '../../support/core-rig.ts';
import { MP4_HEAD } from '../uploads/helpers.ts';

let rig: CoreRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

interface Page {
  call: Dispatch;
  shell: HarnessShell;
}

async function page(): Promise<Page> {
  rig = await coreRig();
  const core = rig.core;
  const shell = createHarnessShell((path) => core.grantPath(path), (path) => core.grantSavePath(path), core);
  return { call: createDispatcher({ ...core.handlers, ...shell.handlers }, core.account), shell };
}

const video = (path: string) => writeFileSync(path, Buffer.concat([MP4_HEAD, Buffer.alloc(30_000, 7)]));

/** A watch-folder entry as the app makes one for a picked folder, settling fast and moving files aside. */
function entry(id: string, path: string): WatchFolder {
  return { ...newWatchFolder(id, path), settleSeconds: 1, moveUploaded: true };
}

async function watchFolders(call: Dispatch): Promise<WatchFolder[]> {
  const answer = await call('settings:get', undefined);
  if (!answer.ok) throw new Error(answer.error.message);
  return (answer.data as Settings).watchFolders;
}

describe('adding a watch folder', () => {
  it('refuses a folder the person never picked, named by the page in settings:set', async () => {
    const { call } = await page();
    const elsewhere = join(rig!.root, 'elsewhere');
    mkdirSync(elsewhere);
    video(join(elsewhere, 'private.mp4'));

    const answer = await call('settings:set', { watchFolders: [entry('w1', elsewhere)] });
    expect(answer).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(await watchFolders(call)).toEqual([]);
  });

  it('refuses a relative path, and a folder inside a granted one that was not picked as a watch folder', async () => {
    const { call } = await page();
    mkdirSync(join(rig!.dir, 'sub'));
    for (const path of ['relative/folder', '.', join(rig!.dir, 'sub'), rig!.dir]) {
      const answer = await call('settings:set', { watchFolders: [entry('w1', path)] });
      expect(answer, path).toMatchObject({ ok: false, error: { code: 'validation' } });
    }
    expect(await watchFolders(call)).toEqual([]);
  });

  it('adds the folder picked in the dialog, uploads its files, and lets the page change its options but not its path', async () => {
    const { call, shell } = await page();
    const picked = join(rig!.root, 'Recordings');
    mkdirSync(picked);
    shell.setNextDialogResult([picked]);
    const added = await call('watch:add', undefined);
    expect(added).toMatchObject({ ok: true });
    const [folder] = await watchFolders(call);
    expect(folder).toMatchObject({ path: picked, enabled: true, moveUploaded: false, account: expect.any(String) });

    // Its options may change; its path may not (that would be a folder nobody picked).
    const quicker = await call('settings:set', { watchFolders: [{ ...folder!, settleSeconds: 1 }] });
    expect(quicker).toMatchObject({ ok: true });
    expect(await watchFolders(call)).toMatchObject([{ id: folder!.id, path: picked, enabled: true, settleSeconds: 1 }]);
    video(join(picked, 'clip.mp4'));
    await until('the picked folder’s file uploaded', () => rig!.host.control.videos().some((v) => v.name === 'clip.mp4'));
    const moved = await call('settings:set', { watchFolders: [{ ...folder!, path: join(rig!.root, 'elsewhere') }] });
    expect(moved).toMatchObject({ ok: false, error: { code: 'validation' } });
    // Another entry carrying the picked path under a new id is no more picked than any other.
    const copied = await call('settings:set', { watchFolders: [folder!, { ...folder!, id: 'copy' }] });
    expect(copied).toMatchObject({ ok: false, error: { code: 'validation' } });

    // Stop watching: the entry goes; a cancelled dialog adds nothing.
    expect(await call('settings:set', { watchFolders: [] })).toMatchObject({ ok: true });
    expect(await call('watch:add', undefined)).toMatchObject({ ok: true });
    expect(await watchFolders(call)).toEqual([]);
  });
});
