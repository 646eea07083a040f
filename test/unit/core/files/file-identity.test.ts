// Issue 18 item 5 for picked thumbnails and subtitles: queued by their real path and identity,
// and read when sent from a handle that must be that very file. Real files and symlinks.
import { mkdtempSync, rmSync, symlinkSync, unlinkSync, writeFileSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FileSwappedError, pickedFile, readIdentified } from '../../../../electron/core/files/file-identity.ts';

const dir = mkdtempSync(join(tmpdir(), 'vidlift-identity-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('picked files', () => {
  it('reads the picked file, and refuses it once it became a link or another file', async () => {
    const path = join(dir, 'cover.png');
    writeFileSync(path, 'the picked image');
    const picked = await pickedFile(path);
    expect(picked.path).toBe(path);
    expect((await readIdentified(picked.path, picked.file)).toString()).toBe('the picked image');

    const elsewhere = join(dir, 'private.png');
    writeFileSync(elsewhere, 'someone else’s file');
    unlinkSync(path);
    symlinkSync(elsewhere, path);
    await expect(readIdentified(picked.path, picked.file)).rejects.toBeInstanceOf(FileSwappedError);

    unlinkSync(path);
    writeFileSync(join(dir, 'new.png'), 'another file');
    renameSync(join(dir, 'new.png'), path);
    // A new file, even on the freed inode number: its size or time gives it away.
    await expect(readIdentified(picked.path, picked.file)).rejects.toBeInstanceOf(FileSwappedError);
  });

  it('a picked link is queued as the file it points to', async () => {
    const real = join(dir, 'real.srt');
    writeFileSync(real, '1\n00:00:01,000 --> 00:00:02,000\nHi\n');
    const link = join(dir, 'link.srt');
    symlinkSync(real, link);
    const picked = await pickedFile(link);
    expect(picked.path).toBe(real);
    expect((await readIdentified(picked.path, picked.file)).toString()).toContain('Hi');
  });

  it('a file gone since says so in words', async () => {
    const path = join(dir, 'gone.png');
    writeFileSync(path, 'x');
    const picked = await pickedFile(path);
    unlinkSync(path);
    await expect(readIdentified(picked.path, picked.file)).rejects.toThrow(/no longer there/);
  });
});
