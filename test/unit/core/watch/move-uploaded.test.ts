// Moving an uploaded file aside never leaves the watched folder (issue 27 item 2): when
// `uploaded/` (or a sub-folder on the way) is a link to another place, the file stays where
// it is. Real files and links in a temporary folder.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { moveUploaded, uploadedPlace } from '../../../../electron/core/watch/move-uploaded.ts';

let root = '';
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = '';
});

function setup(): { watched: string; outside: string } {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'vidlift-move-')));
  const watched = join(root, 'watched');
  const outside = join(root, 'elsewhere');
  mkdirSync(join(watched, 'day1'), { recursive: true });
  mkdirSync(outside);
  return { watched, outside };
}

describe('moveUploaded', () => {
  it('moves a file into uploaded/, keeping its sub-folder', async () => {
    const { watched } = setup();
    const file = join(watched, 'day1', 'take.mp4');
    writeFileSync(file, 'video');
    const place = uploadedPlace(watched, file)!;
    expect(await moveUploaded(file, place)).toBe(join(watched, 'uploaded', 'day1', 'take.mp4'));
    expect(existsSync(file)).toBe(false);
  });

  it('leaves the file where it is when uploaded/ is a link to another place', async () => {
    const { watched, outside } = setup();
    symlinkSync(outside, join(watched, 'uploaded'));
    const file = join(watched, 'take.mp4');
    writeFileSync(file, 'video');
    await expect(moveUploaded(file, uploadedPlace(watched, file)!)).rejects.toThrow();
    expect(existsSync(file)).toBe(true);
    expect(readdirSync(outside)).toEqual([]);
  });

  it('leaves the file where it is when a sub-folder inside uploaded/ is a link to another place', async () => {
    const { watched, outside } = setup();
    mkdirSync(join(watched, 'uploaded'));
    symlinkSync(outside, join(watched, 'uploaded', 'day1'));
    const file = join(watched, 'day1', 'take.mp4');
    writeFileSync(file, 'video');
    await expect(moveUploaded(file, uploadedPlace(watched, file)!)).rejects.toThrow();
    expect(existsSync(file)).toBe(true);
    expect(readdirSync(outside)).toEqual([]);
  });
});
