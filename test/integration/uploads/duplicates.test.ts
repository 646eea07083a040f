// Issue 26 §4 "Already uploaded": duplicates are found by content (the same size and the same
// digest), not by path: a copy under another name is the same file, a file changed at the
// same path is not, and "Upload anyway" queues it all the same. The hash is computed while the
// file is read for its upload, and read ahead of time only when a known file has the same size.
// Issue 33 §3: new digests are XXH3-64; a file known only by its older SHA-256 is still found.
import { copyFileSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { xxh3 } from '@node-rs/xxhash';
import { findDuplicate, type Accepted } from '../../../electron/core/uploads/duplicates.ts';
import { HashAlgorithms, hashFile } from '../../../electron/core/files/content-hash.ts';
import { parseDigest, type ContentDigest, type DigestAlgorithm } from '../../../electron/core/files/content-digest.ts';
import { UploadStore } from '../../../electron/core/uploads/store.ts';
import { createRig, MP4_HEAD, until, writeVideo, type Rig } from './helpers.ts';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

const allDone = () => rig!.engine.list().jobs.every((job) => job.state === 'done');
/** The stored form of a file's XXH3-64, through another implementation's one-shot function (@node-rs/xxhash's, not the module or the streaming path under test). */
const digestOf = (path: string) => `xxh3-64:${xxh3.xxh64(readFileSync(path)).toString(16).padStart(16, '0')}`;
const storedHash = (id: number) => (rig!.db.prepare('SELECT content_digest FROM upload_jobs WHERE id = ?').get(id) as { content_digest: string | null }).content_digest;
/** How a version before issue 33 §3 left an uploaded file's row (migration 11 named its SHA-256). */
const asHashedBefore = (id: number, sha256: string) => rig!.db.prepare('UPDATE upload_jobs SET content_digest = ? WHERE id = ?').run(`sha256:${sha256}`, id);

describe('duplicates by content', () => {
  it('keeps the hash computed while the file was sent', async () => {
    rig = await createRig();
    const file = writeVideo(rig.dir, 'sent.mp4', 2_500_000);
    const { added } = await rig.engine.add([file.path], 0);
    // Nothing of that size was known: nothing was read before sending.
    expect(storedHash(added[0]!)).toBeNull();
    await until(allDone, 'uploaded');
    expect(storedHash(added[0]!)).toBe(digestOf(file.path));
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
    expect(queued.skipped).toEqual([{ path: copy, reason: { code: 'skip_already_queued', params: {} }, jobId: first.added[0]!, duplicate: 'queued' }]);
    await until(allDone, 'uploaded');
    const uploaded = await rig.engine.add([copy], 0);
    expect(uploaded.skipped).toEqual([{ path: copy, reason: { code: 'skip_already_uploaded', params: {} }, jobId: first.added[0]!, duplicate: 'uploaded' }]);
    expect(rig.host.control.uploadsReceived()).toBe(1);
  });

  it('refuses the second of two identical files dropped together', async () => {
    rig = await createRig();
    const a = writeVideo(rig.dir, 'a.mp4', 80_000);
    const b = join(rig.dir, 'b.mp4');
    copyFileSync(a.path, b);
    // Files of other sizes between them (the add keeps what it accepted by size).
    const between = [writeVideo(rig.dir, 'c.mp4', 70_000).path, writeVideo(rig.dir, 'd.mp4', 90_000).path];
    const result = await rig.engine.add([a.path, ...between, b], 0);
    expect(rig.engine.view.jobs(result.added).map((job) => job.name)).toEqual(['a.mp4', 'c.mp4', 'd.mp4']);
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
    expect(storedHash(again.added[0]!)).toBe(digestOf(file.path));
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
    rig.db.prepare('UPDATE upload_jobs SET content_digest = NULL').run();
    const copy = join(rig.dir, 'old copy.mp4');
    copyFileSync(file.path, copy);
    expect((await rig.engine.add([copy], 0)).skipped[0]?.duplicate).toBe('uploaded');
    expect(storedHash(added[0]!)).toBe(digestOf(file.path));
    // Its file changed since: not the same any more, so the copy is new.
    rig.db.prepare('UPDATE upload_jobs SET content_digest = NULL').run();
    utimesSync(file.path, new Date(), new Date(Date.now() + 60_000));
    const fresh = await rig.engine.add([copy], 0);
    expect(fresh.added).toHaveLength(1);
  });

  it('finds a copy of a file uploaded before XXH3, known only by its SHA-256, reading the copy once', async () => {
    rig = await createRig();
    const file = writeVideo(rig.dir, 'before.mp4', 70_000);
    const { added } = await rig.engine.add([file.path], 0);
    await until(allDone, 'uploaded');
    asHashedBefore(added[0]!, file.sha256);
    const copy = join(rig.dir, 'before (copy).mp4');
    copyFileSync(file.path, copy);
    const again = await rig.engine.add([copy], 0);
    expect(again.skipped).toEqual([{ path: copy, reason: { code: 'skip_already_uploaded', params: {} }, jobId: added[0]!, duplicate: 'uploaded' }]);
    // Its SHA-256 was enough: it was not read again, and keeps the digest it had.
    expect(storedHash(added[0]!)).toBe(`sha256:${file.sha256}`);
    // Other bytes of the same size are not taken for it.
    const other = writeVideo(rig.dir, 'other.mp4', 70_000);
    const fresh = await rig.engine.add([other.path], 0);
    expect(fresh.added).toHaveLength(1);
    expect(storedHash(fresh.added[0]!)).toBe(digestOf(other.path));
    await until(allDone, 'uploaded the other');
    expect(rig.host.control.uploadsReceived()).toBe(2);
  });
});

describe('findDuplicate', () => {
  /** hashFile, noting each path it reads. */
  const countingHasher = () => {
    const reads: string[] = [];
    const counting = (path: string, expected: Parameters<typeof hashFile>[1], algorithms: Parameters<typeof hashFile>[2]) => {
      reads.push(path);
      return hashFile(path, expected, algorithms);
    };
    return { reads, counting };
  };
  const facts = (path: string, size: number) => ({ path, dev: null, ino: null, size, mtimeMs: Math.trunc(statSync(path).mtimeMs) });

  it('reads nothing unless a known file has the same size', async () => {
    rig = await createRig({ start: false });
    const store = new UploadStore(rig.db, () => 0);
    const { reads, counting } = countingHasher();
    const known = writeVideo(rig.dir, 'known.mp4', 5_000);
    store.insert({ path: known.path, name: 'known.mp4', size: 5_000, mtimeMs: facts(known.path, 5_000).mtimeMs, contentType: 'video/mp4', folderId: 0, digest: parseDigest(digestOf(known.path)) });
    const other = writeVideo(rig.dir, 'other.mp4', 5_001);
    expect(await findDuplicate(store, facts(other.path, 5_001), [], undefined, counting)).toEqual({ of: null, digest: null });
    expect(reads).toEqual([]);
    const same = writeVideo(rig.dir, 'same-size.mp4', 5_000);
    const check = await findDuplicate(store, facts(same.path, 5_000), [], undefined, counting);
    expect(check).toEqual({ of: null, digest: parseDigest(digestOf(same.path)) });
    // The known file's hash was stored: only the new file was read.
    expect(reads).toEqual([same.path]);
    const twin = join(rig.dir, 'twin.mp4');
    copyFileSync(same.path, twin);
    const earlier: Accepted[] = [{ ...facts(same.path, 5_000), digest: null }];
    expect((await findDuplicate(store, facts(twin, 5_000), earlier, undefined, counting)).of).toEqual({ kind: 'earlier' });
    expect(earlier[0]?.digest).toEqual(parseDigest(digestOf(same.path)));
  });

  it('reads no more than its budget, and past it compares by identity only', async () => {
    rig = await createRig({ start: false });
    const store = new UploadStore(rig.db, () => 0);
    const { reads, counting } = countingHasher();
    const known = writeVideo(rig.dir, 'known.mp4', 5_000);
    const job = store.get(store.insert({ path: known.path, name: 'known.mp4', size: 5_000, mtimeMs: facts(known.path, 5_000).mtimeMs, contentType: 'video/mp4', folderId: 0 }))!;
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

  it('compares like with like: the new file is hashed in both algorithms in its one read when a known file has only a SHA-256', async () => {
    rig = await createRig({ start: false });
    const store = new UploadStore(rig.db, () => 0);
    const asked: string[][] = [];
    const reads: string[] = [];
    const noting = (path: string, expected: Parameters<typeof hashFile>[1], algorithms: readonly DigestAlgorithm[]) => {
      reads.push(path);
      asked.push([...algorithms]);
      return hashFile(path, expected, algorithms);
    };
    const legacy = writeVideo(rig.dir, 'legacy.mp4', 6_000);
    const known = store.get(store.insert({ path: legacy.path, name: 'legacy.mp4', size: 6_000, mtimeMs: facts(legacy.path, 6_000).mtimeMs, contentType: 'video/mp4', folderId: 0, digest: { algorithm: 'sha256', hex: legacy.sha256 } }))!;
    store.update(known.id, { state: 'done' });
    const copy = join(rig.dir, 'legacy copy.mp4');
    copyFileSync(legacy.path, copy);
    const check = await findDuplicate(store, facts(copy, 6_000), [], undefined, noting);
    expect(check).toEqual({ of: { kind: 'job', job: store.get(known.id) }, digest: parseDigest(digestOf(copy)) });
    expect(reads).toEqual([copy]);
    expect(asked).toEqual([['xxh3-64', 'sha256']]);
    // A known file with an XXH3 digest needs only XXH3 of the new one.
    store.setContentDigest(known.id, parseDigest(digestOf(legacy.path))!);
    asked.length = 0;
    expect((await findDuplicate(store, facts(copy, 6_000), [], undefined, noting)).of).toMatchObject({ kind: 'job' });
    expect(asked).toEqual([['xxh3-64']]);
  });

  it('where XXH3 cannot load: SHA-256 is taken, and a file known only by its XXH3 is read again in SHA-256', async () => {
    rig = await createRig({ start: false });
    const store = new UploadStore(rig.db, () => 0);
    const { reads, counting } = countingHasher();
    const withoutXxh3 = new HashAlgorithms(() => {
      throw new Error('no prebuild for this platform');
    });
    const original = writeVideo(rig.dir, 'original.mp4', 7_000);
    const known = store.get(store.insert({ path: original.path, name: 'original.mp4', size: 7_000, mtimeMs: facts(original.path, 7_000).mtimeMs, contentType: 'video/mp4', folderId: 0, digest: parseDigest(digestOf(original.path)) }))!;
    const copy = join(rig.dir, 'original copy.mp4');
    copyFileSync(original.path, copy);
    const check = await findDuplicate(store, facts(copy, 7_000), [], undefined, counting, undefined, withoutXxh3);
    const sha256: ContentDigest = { algorithm: 'sha256', hex: original.sha256 };
    expect(check).toMatchObject({ of: { kind: 'job', job: { id: known.id } }, digest: sha256 });
    expect(reads).toEqual([copy, original.path]);
    expect(storedHash(known.id)).toBe(`sha256:${original.sha256}`);
  });

  it('hashFile: the same bytes give the same hash; a file not of the expected size gives none', async () => {
    rig = await createRig({ start: false });
    const path = join(rig.dir, 'bytes.mp4');
    writeFileSync(path, Buffer.concat([MP4_HEAD, Buffer.alloc(3 << 20, 7)]));
    const size = MP4_HEAD.length + (3 << 20);
    expect(await hashFile(path, { size })).toEqual([parseDigest(digestOf(path))]);
    expect(await hashFile(path, { size: size + 1 })).toBeNull();
    expect(await hashFile(join(rig.dir, 'missing.mp4'), { size })).toBeNull();
  });
});
