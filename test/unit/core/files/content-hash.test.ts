// The hashes behind the content digest: XXH3-64 from the native module (xxhash-addon), SHA-256
// beside it in the same pass when asked, and SHA-256 alone when the native module cannot load.
// The XXH3 reference is another implementation, @node-rs/xxhash's (Rust): the module earlier
// versions took their stored digests with, so a digest stored then still names the same bytes.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { xxh3 } from '@node-rs/xxhash';
import { ContentHasher, HashAlgorithms, hashAlgorithms, hashFile } from '../../../../electron/core/files/content-hash.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempFile(bytes: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'vidlift-hash-'));
  dirs.push(dir);
  const path = join(dir, 'clip.mp4');
  writeFileSync(path, bytes);
  return path;
}

/** XXH3-64 through the other implementation's one-shot function: neither the module nor the streaming path under test. */
const xxh3Hex = (bytes: Buffer) => xxh3.xxh64(bytes).toString(16).padStart(16, '0');
const sha256Hex = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('content hash', () => {
  it('takes XXH3-64 here, matching the reference value for no bytes', () => {
    expect(hashAlgorithms().preferred).toBe('xxh3-64');
    const empty = new ContentHasher(0);
    expect(empty.digest()).toEqual({ algorithm: 'xxh3-64', hex: '2d06800538d394c2' });
  });

  it('streams a file in pieces to the same digest as the whole, with SHA-256 beside it in one read', async () => {
    // Over three read chunks (1 MiB each), the last one short.
    const bytes = randomBytes((3 << 20) + 12_345);
    const path = tempFile(bytes);
    expect(await hashFile(path, { size: bytes.length })).toEqual([{ algorithm: 'xxh3-64', hex: xxh3Hex(bytes) }]);
    expect(await hashFile(path, { size: bytes.length }, ['xxh3-64', 'sha256'])).toEqual([
      { algorithm: 'xxh3-64', hex: xxh3Hex(bytes) },
      { algorithm: 'sha256', hex: sha256Hex(bytes) },
    ]);
    // A digest whose high bits are zero keeps its 16 digits.
    const hasher = new ContentHasher(bytes.length);
    for (let at = 0; at < bytes.length; at += 65_537) hasher.update(bytes.subarray(at, at + 65_537));
    expect(hasher.digest()?.hex).toHaveLength(16);
    expect(hasher.digest()).toEqual({ algorithm: 'xxh3-64', hex: xxh3Hex(bytes) });
  });

  it('refuses anything but bytes with an error (the native module does not check)', () => {
    const hasher = new ContentHasher(4);
    expect(() => hasher.update('abcd' as unknown as Uint8Array)).toThrow(/bytes only/);
    expect(() => hasher.update({ length: 4 } as unknown as Uint8Array)).toThrow(/bytes only/);
    hasher.update(new Uint8Array([1, 2, 3, 4]));
    expect(hasher.digest()).toEqual({ algorithm: 'xxh3-64', hex: xxh3Hex(Buffer.from([1, 2, 3, 4])) });
  });

  it('gives no digest for a read cut short or a file not of the expected size', async () => {
    const bytes = randomBytes(5_000);
    const hasher = new ContentHasher(bytes.length);
    hasher.update(bytes.subarray(0, 4_999));
    expect(hasher.digests()).toBeNull();
    const path = tempFile(bytes);
    expect(await hashFile(path, { size: bytes.length + 1 })).toBeNull();
    expect(await hashFile(join(path, '..', 'missing.mp4'), { size: bytes.length })).toBeNull();
  });

  it('falls back to SHA-256, named so, when the native module cannot load', () => {
    const without = new HashAlgorithms(() => {
      throw new Error('No native build was found for platform=linux arch=x64 runtime=electron');
    });
    expect(without.preferred).toBe('sha256');
    expect(without.canTake('xxh3-64')).toBe(false);
    expect(without.unavailableBecause).toContain('No native build was found');
    const bytes = randomBytes(10_000);
    const hasher = new ContentHasher(bytes.length, [without.preferred], without);
    hasher.update(bytes);
    expect(hasher.digest()).toEqual({ algorithm: 'sha256', hex: sha256Hex(bytes) });
    expect(() => new ContentHasher(bytes.length, ['xxh3-64'], without)).toThrow(/cannot be taken/);
  });
});
