// Issue 27 item 2: a watched folder never reports a file that is not inside its own real
// folder: a link to a file elsewhere, a sub-folder that is a link to another folder, and the
// watched folder itself replaced by a link (while watched, or coming back as one after it
// went away). Real files, folders and links in a temporary folder; every wait bounded.
import { mkdir, mkdtemp, realpath, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FolderWatcher, type WatchedFile, type WatchState } from '../../../electron/core/watch/folder-watcher.ts';

const SETTLE_MS = 300;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean, what: string, limitMs = 20_000): Promise<void> {
  for (let waited = 0; !check(); waited += 50) {
    if (waited > limitMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

interface Setup {
  /** The watched folder. */
  dir: string;
  /** A folder outside it, holding a file nobody asked to upload. */
  outside: string;
  secret: string;
  seen: WatchedFile[];
  states: WatchState[];
  /** Paths reported, relative to the watched folder. */
  names(): string[];
}

const watchers: FolderWatcher[] = [];
let parent = '';
afterEach(async () => {
  await Promise.all(watchers.splice(0).map((w) => w.stop()));
  if (parent) await rm(parent, { recursive: true, force: true });
  parent = '';
});

async function setup(): Promise<Setup> {
  parent = await realpath(await mkdtemp(join(tmpdir(), 'vidlift-watch-links-')));
  const dir = join(parent, 'watched');
  const outside = join(parent, 'private');
  await mkdir(dir);
  await mkdir(outside);
  const secret = join(outside, 'secret.mp4');
  await writeFile(secret, 'not for upload');
  const seen: WatchedFile[] = [];
  const states: WatchState[] = [];
  return { dir, outside, secret, seen, states, names: () => seen.map((f) => f.path.slice(dir.length + 1)) };
}

async function watch(s: Setup, extra: { rescanMs?: number } = {}): Promise<FolderWatcher> {
  const w = new FolderWatcher({
    folder: s.dir,
    settleMs: SETTLE_MS,
    presenceCheckMs: 100,
    ...extra,
    isKnown: () => false,
    onFile: (f) => s.seen.push(f),
    onState: (state) => s.states.push(state),
  });
  watchers.push(w);
  await w.start();
  return w;
}

/** A real file written last: once it is reported, everything written before it has been looked at. */
async function marker(s: Setup, name: string): Promise<void> {
  await writeFile(join(s.dir, name), name);
  await until(() => s.names().includes(name), name);
  await sleep(SETTLE_MS * 2);
}

describe('FolderWatcher and symbolic links', () => {
  it('never reports a link to a file outside the folder, present at start or made while watching', async () => {
    const s = await setup();
    await symlink(s.secret, join(s.dir, 'before.mp4'));
    await watch(s);
    await symlink(s.secret, join(s.dir, 'during.mp4'));
    await marker(s, 'real.mp4');
    expect(s.names()).toEqual(['real.mp4']);
  });

  it('never enters a sub-folder that is a link to another folder', async () => {
    const s = await setup();
    await symlink(s.outside, join(s.dir, 'linked-at-start'));
    await watch(s);
    await symlink(s.outside, join(s.dir, 'linked-later'));
    await mkdir(join(s.dir, 'real-sub'));
    await marker(s, 'real-sub/real.mp4');
    expect(s.names()).toEqual(['real-sub/real.mp4']);
  });

  it('stops and says so when the watched folder is replaced by a link while watched', async () => {
    const s = await setup();
    await watch(s, { rescanMs: 200 });
    await marker(s, 'one.mp4');
    await rename(s.dir, join(parent, 'moved-away'));
    await symlink(s.outside, s.dir);
    await until(() => s.states.includes('linked') || s.seen.some((f) => f.path.endsWith('secret.mp4')), 'the link noticed');
    await sleep(SETTLE_MS * 2);
    expect(s.names()).toEqual(['one.mp4']);
    expect(s.states.at(-1)).toBe('linked');
  });

  it('stops and says so when the folder comes back as a link after it went away', async () => {
    const s = await setup();
    await watch(s);
    await rename(s.dir, join(parent, 'moved-away'));
    await until(() => s.states.includes('missing'), 'missing');
    await symlink(s.outside, s.dir);
    await until(() => s.states.includes('linked') || s.seen.length > 0, 'the link noticed');
    await sleep(SETTLE_MS * 2);
    expect(s.names()).toEqual([]);
    expect(s.states).toEqual(['watching', 'missing', 'linked']);
  });

  it('does not start on a folder given as a link', async () => {
    const s = await setup();
    await symlink(s.outside, join(parent, 'shortcut'));
    await watch({ ...s, dir: join(parent, 'shortcut') });
    await sleep(SETTLE_MS * 2);
    expect(s.seen).toEqual([]);
    expect(s.states).toEqual(['linked']);
  });
});
