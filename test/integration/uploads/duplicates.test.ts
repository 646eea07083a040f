// Issue 26 §4 "Already uploaded": duplicates are found by content (the same size and the same
// SHA-256), not by path: a copy under another name is the same file, a file changed at the
// same path is not, and "Upload anyway" queues it all the same. The hash is computed while the
// file is read for its upload, and read ahead of time only when a known file has the same size.
import { copyFileSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findDuplicate, type Accepted } from '../../../electron/core/uploads/duplicates.ts';
import { hashFile } from '../../../electron/core/files/content-hash.ts';
import { UploadStore } from '../../../electron/core/uploads/store.ts';
import { createRig, MP4_HEAD, until, writeVideo, type Rig } from './helpers.ts';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

const allDone = () => rig!.engine.list().jobs.every((job) => job.state === 'done');
const sha256Of = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const storedHash = (id: number) => (rig!.db.prepare('SELECT sha256 FROM upload_jobs WHERE id = ?').get(id) as { sha256: string | null }).sha256;

describe('duplicates by content', () => {
  it('keeps the hash computed while the file was sent', async () => {
    rig = await createRig();
    const file = writeVideo(rig.dir, 'sent.mp4', 2_500_000);
    const { added } = await rig.engine.add([file.path], 0);
    // Nothing of that size was known: nothing was read before sending.
    expect(storedHash(added[0]!.id)).toBeNull();
    await until(allDone, 'uploaded');
    expect(storedHash(added[0]!.id)).toBe(file.sha256);
    expect(rig.host.control.videos()[0]?.sha256).toBe(file.sha256);
  });

  it('refuses a copy under another name, queued or uploaded, and says which', async () => {
    rig = await createRig();
    const original = writeVideo(rig.dir, 'holiday.mp4', 300_000);
    const copy = join(rig.dir, 'holiday (copy).mp4');
    copyFileSync(original.path, copy);
    const first = await rig.engine.add([original.path], 0);
    const queued = await rig.engine.add([copy], 0);
    expect(queued.added).toHaveLength(0);
    expect(queued.skipped).toEqual([{ path: copy, reason: { code: 'skip_already_queued', params: {} }, jobId: first.added[0]!.id, duplicate: 'queued' }]);
    await until(allDone, 'uploaded');
    const uploaded = await rig.engine.add([copy], 0);
    expect(uploaded.skipped).toEqual([{ path: copy, reason: { code: 'skip_already_uploaded', params: {} }, jobId: first.added[0]!.id, duplicate: 'uploaded' }]);
    expect(rig.host.control.uploadsReceived()).toBe(1);
  });

  it('refuses the second of two identical files dropped together', async () => {
    rig = await createRig();
    const a = writeVideo(rig.dir, 'a.mp4', 80_000);
    const b = join(rig.dir, 'b.mp4');
    copyFileSync(a.path, b);
    const result = await rig.engine.add([a.path, b], 0);
    expect(result.added.map((job) => job.name)).toEqual(['a.mp4']);
    expect(result.skipped).toEqual([{ path: b, reason: { code: 'skip_already_queued', params: {} }, duplicate: 'queued' }]);
  });

  it('queues a file changed at the same path, same size and time (other bytes)', async () => {
    rig = await createRig();
    const file = writeVideo(rig.dir, 'edited.mp4', 120_000);
    await rig.engine.add([file.path], 0);
    await until(allDone, 'uploaded');
    const before = readFileSync(file.path);
    const edited = Buffer.from(before);
    edited[edited.length - 1] = edited[edited.length - 1]! ^ 0xff;
    const { atime, mtime } = statSync(file.path);
    writeFileSync(file.path, edited);
    // The same modification time as before: only the bytes tell it apart.
    utimesSync(file.path, atime, mtime);
    const again = await rig.engine.add([file.path], 0);
    expect(again.skipped).toEqual([]);
    expect(again.added).toHaveLength(1);
    expect(storedHash(again.added[0]!.id)).toBe(sha256Of(file.path));
  });

  it('"Upload anyway" queues a duplicate', async () => {
    rig = await createRig();
    const file = writeVideo(rig.dir, 'again.mp4', 60_000);
    await rig.engine.add([file.path], 0);
    await until(allDone, 'uploaded');
    const refused = await rig.engine.add([file.path], 0);
    expect(refused.skipped[0]?.duplicate).toBe('uploaded');
    const anyway = await rig.engine.add([file.path], 0, { anyway: true });
    expect(anyway.added).toHaveLength(1);
    await until(allDone, 'uploaded again');
    expect(rig.host.control.uploadsReceived()).toBe(2);
  });

  it('hashes an uploaded file whose hash is not known (an older version) from disk, if it is unchanged', async () => {
    rig = await createRig();
    const file = writeVideo(rig.dir, 'old.mp4', 90_000);
    const { added } = await rig.engine.add([file.path], 0);
    await until(allDone, 'uploaded');
    rig.db.prepare('UPDATE upload_jobs SET sha256 = NULL').run();
    const copy = join(rig.dir, 'old copy.mp4');
    copyFileSync(file.path, copy);
    expect((await rig.engine.add([copy], 0)).skipped[0]?.duplicate).toBe('uploaded');
    expect(storedHash(added[0]!.id)).toBe(file.sha256);
    // Its file changed since: not the same any more, so the copy is new.
    rig.db.prepare('UPDATE upload_jobs SET sha256 = NULL').run();
    utimesSync(file.path, new Date(), new Date(Date.now() + 60_000));
    const fresh = await rig.engine.add([copy], 0);
    expect(fresh.added).toHaveLength(1);
  });
});

describe('findDuplicate', () => {
  /** hashFile, noting each path it reads. */
  const countingHasher = () => {
    const reads: string[] = [];
    const counting = (path: string, expected: Parameters<typeof hashFile>[1]) => {
      reads.push(path);
      return hashFile(path, expected);
    };
    return { reads, counting };
  };
  const facts = (path: string, size: number) => ({ path, dev: null, ino: null, size, mtimeMs: Math.trunc(statSync(path).mtimeMs) });

  it('reads nothing unless a known file has the same size', async () => {
    rig = await createRig({ start: false });
    const store = new UploadStore(rig.db, () => 0);
    const { reads, counting } = countingHasher();
    const known = writeVideo(rig.dir, 'known.mp4', 5_000);
    store.insert({ path: known.path, name: 'known.mp4', size: 5_000, mtimeMs: facts(known.path, 5_000).mtimeMs, contentType: 'video/mp4', folderId: 0, sha256: known.sha256 });
    const other = writeVideo(rig.dir, 'other.mp4', 5_001);
    expect(await findDuplicate(store, facts(other.path, 5_001), [], undefined, counting)).toEqual({ of: null, sha256: null });
    expect(reads).toEqual([]);
    const same = writeVideo(rig.dir, 'same-size.mp4', 5_000);
    const check = await findDuplicate(store, facts(same.path, 5_000), [], undefined, counting);
    expect(check).toEqual({ of: null, sha256: same.sha256 });
    // The known file's hash was stored: only the new file was read.
    expect(reads).toEqual([same.path]);
    const twin = join(rig.dir, 'twin.mp4');
    copyFileSync(same.path, twin);
    const earlier: Accepted[] = [{ ...facts(same.path, 5_000), sha256: null }];
    expect((await findDuplicate(store, facts(twin, 5_000), earlier, undefined, counting)).of).toEqual({ kind: 'earlier' });
    expect(earlier[0]?.sha256).toBe(same.sha256);
  });

  it('reads no more than its budget, and past it compares by identity only', async () => {
    rig = await createRig({ start: false });
    const store = new UploadStore(rig.db, () => 0);
    const { reads, counting } = countingHasher();
    const known = writeVideo(rig.dir, 'known.mp4', 5_000);
    const job = store.insert({ path: known.path, name: 'known.mp4', size: 5_000, mtimeMs: facts(known.path, 5_000).mtimeMs, contentType: 'video/mp4', folderId: 0 });
    // No budget left: the very file queued again is found by its path, size and time, unread.
    expect((await findDuplicate(store, facts(known.path, 5_000), [], { bytesLeft: 0 }, counting)).of).toEqual({ kind: 'job', job: store.get(job.id) });
    // A copy needs both files read: 10,000 bytes, over a budget of 9,999: taken as new, the known file unread.
    const copy = join(rig.dir, 'copy.mp4');
    copyFileSync(known.path, copy);
    const budget = { bytesLeft: 9_999 };
    expect((await findDuplicate(store, facts(copy, 5_000), [], budget, counting)).of).toBeNull();
    expect(reads).toEqual([copy]);
    expect(budget.bytesLeft).toBe(4_999);
    // With the budget for both, the copy is found.
    expect((await findDuplicate(store, facts(copy, 5_000), [], { bytesLeft: 10_000 }, counting)).of).toMatchObject({ kind: 'job' });
  });

  it('hashFile: the same bytes give the same hash; a file not of the expected size gives none', async () => {
    rig = await createRig({ start: false });
    const path = join(rig.dir, 'bytes.mp4');
    writeFileSync(path, Buffer.concat([MP4_HEAD, Buffer.alloc(3 << 20, 7)]));
    const size = MP4_HEAD.length + (3 << 20);
    expect(await hashFile(path, { size })).toBe(sha256Of(path));
    expect(await hashFile(path, { size: size + 1 })).toBeNull();
    expect(await hashFile(join(rig.dir, 'missing.mp4'), { size })).toBeNull();
  });
});
