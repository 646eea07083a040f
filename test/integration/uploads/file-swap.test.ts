// Issue 18 item 5: a queued file swapped for a symlink (or for another file) after it was
// granted is never uploaded. Real files, real symlinks, the real engine and sandbox host.
import { renameSync, symlinkSync, unlinkSync, writeFileSync, utimesSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openIdentified, FileSwappedError } from '../../../electron/core/files/file-identity.ts';
import { createRig, settled, until, writeVideo, type Rig } from './helpers.ts';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

describe('a queued file swapped after it was granted', () => {
  it('is refused when the path became a symlink to a file outside, and nothing reaches the service', async () => {
    rig = await createRig({ start: false });
    const file = writeVideo(rig.dir, 'granted.mp4', 200_000);
    const secret = writeVideo(rig.dir, 'private-elsewhere.mp4', 200_000);
    await rig.engine.add([file.path], 0);
    // Same size and time as the granted file, so only the identity can tell them apart.
    const { mtime } = statSync(file.path);
    utimesSync(secret.path, mtime, mtime);
    unlinkSync(file.path);
    symlinkSync(secret.path, file.path);
    rig.engine.start();
    await until(() => settled(rig!.engine.list().jobs), 'the job settled');
    const job = rig.engine.list().jobs[0]!;
    expect(job.state).toBe('changed');
    expect(job.error?.message).toMatch(/replaced after it was added \(or turned into a link/);
    expect(rig.host.control.videos().filter((v) => v.sha256 === secret.sha256)).toHaveLength(0);
  });

  it('is refused when another file with the same size and time took its place', async () => {
    rig = await createRig({ start: false });
    const file = writeVideo(rig.dir, 'granted.mp4', 150_000);
    const other = writeVideo(rig.dir, 'other.mp4', 150_000);
    await rig.engine.add([file.path], 0);
    const { mtime } = statSync(file.path);
    utimesSync(other.path, mtime, mtime);
    renameSync(other.path, file.path);
    rig.engine.start();
    await until(() => settled(rig!.engine.list().jobs), 'the job settled');
    expect(rig.engine.list().jobs[0]?.state).toBe('changed');
    expect(rig.host.control.videos().filter((v) => v.sha256 === other.sha256)).toHaveLength(0);
  });

  it('a dropped symlink queues the file it points to, which then uploads', async () => {
    rig = await createRig();
    const real = writeVideo(rig.dir, 'real.mp4', 120_000);
    const link = join(rig.dir, 'shortcut.mp4');
    symlinkSync(real.path, link);
    const result = await rig.engine.add([link], 0);
    expect(rig.engine.view.jobs(result.added)[0]?.path).toBe(real.path);
    await until(() => settled(rig!.engine.list().jobs), 'the job settled');
    expect(rig.engine.list().jobs[0]?.state).toBe('done');
  });

  it('the sending side checks the handle it reads, not the path (a swap between the check and the open)', async () => {
    rig = await createRig({ start: false });
    const file = writeVideo(rig.dir, 'a.mp4', 10_000);
    const outside = writeVideo(rig.dir, 'b.mp4', 10_000);
    const { dev, ino, size, mtimeMs } = statSync(file.path, { bigint: true });
    const expected = { dev: dev.toString(), ino: ino.toString(), size: Number(size), mtimeMs: Math.trunc(Number(mtimeMs)) };
    unlinkSync(file.path);
    symlinkSync(outside.path, file.path);
    await expect(openIdentified(file.path, expected)).rejects.toBeInstanceOf(FileSwappedError);
    unlinkSync(file.path);
    writeFileSync(file.path, Buffer.alloc(10_000));
    await expect(openIdentified(file.path, expected)).rejects.toBeInstanceOf(FileSwappedError);
  });
});
