import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { acceptDrop, NOT_LOCAL_FILES } from '../../../electron/main/drop.ts';
import { PathGrants } from '../../../electron/core/files/grants.ts';

let root: string;
let video: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'vidlift-drop-'));
  video = join(root, 'harbour.mp4');
  await writeFile(video, 'not really a video');
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** The real grants, and a dispatch that answers uploads:add with whether each path was granted by then. */
function mainSide() {
  const grants = new PathGrants();
  const dispatch = vi.fn(async (_method: unknown, input: unknown) => {
    const { paths } = input as { paths: string[] };
    return { ok: true as const, data: { added: paths.filter((p) => grants.isGranted(p)).map((_p, i) => i + 1), skipped: [] } };
  });
  return { grants, dispatch, deps: { grantPath: (path: string) => grants.grant(path), dispatch } };
}

describe('acceptDrop', () => {
  it('grants exactly the dropped paths, then queues them with the rest of uploads:add’s input', async () => {
    const { grants, dispatch, deps } = mainSide();
    expect(await acceptDrop({ paths: [video], folderId: 4, anyway: true }, 'account-1', deps)).toEqual({ ok: true, data: { added: [1], skipped: [] } });
    expect(dispatch.mock.calls).toEqual([['uploads:add', { paths: [video], folderId: 4, anyway: true }, 'account-1']]);
    expect(grants.isGranted(video)).toBe(true);
    expect(grants.isGranted(join(root, 'other.mp4'))).toBe(false);
  });

  it('refuses a drop holding a File the page made itself (no path), granting none of it', async () => {
    const { grants, dispatch, deps } = mainSide();
    expect(await acceptDrop({ paths: [video, ''], folderId: 0 }, 'account-1', deps)).toEqual(NOT_LOCAL_FILES);
    expect(grants.isGranted(video)).toBe(false);
    expect(dispatch).not.toHaveBeenCalled();
  });

  it('refuses a message outside uploads:add’s input, granting nothing', async () => {
    const { grants, dispatch, deps } = mainSide();
    for (const message of [null, 'x', { paths: [video] }, { paths: [video], folderId: 0, extra: 1 }, { paths: [], folderId: 0 }, { paths: [42], folderId: 0 }]) {
      expect(await acceptDrop(message, 'account-1', deps)).toMatchObject({ ok: false, error: { code: 'validation' } });
    }
    expect(grants.isGranted(video)).toBe(false);
    expect(dispatch).not.toHaveBeenCalled();
  });

  it('a path the grants refuse (not a full path) answers their reason and queues nothing', async () => {
    const { dispatch, deps } = mainSide();
    expect(await acceptDrop({ paths: ['relative/clip.mp4'], folderId: 0 }, 'account-1', deps)).toMatchObject({ ok: false, error: { code: 'validation', message: expect.stringContaining('not a full path') } });
    expect(dispatch).not.toHaveBeenCalled();
  });
});
