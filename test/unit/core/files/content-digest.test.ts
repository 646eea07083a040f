// A stored content digest names its algorithm, and two digests are compared only when taken
// with the same one (issue 33 §3: XXH3 for new files, SHA-256 kept for files hashed before).
import { describe, expect, it } from 'vitest';
import { formatDigest, parseDigest, sameContent, sameContentAsAny, type ContentDigest } from '../../../../electron/core/files/content-digest.ts';

const xxh = (hex: string): ContentDigest => ({ algorithm: 'xxh3-64', hex });
const sha = (hex: string): ContentDigest => ({ algorithm: 'sha256', hex });

describe('content digest', () => {
  it('is stored as <algorithm>:<hex> and reads back the same', () => {
    const digest = xxh('2d06800538d394c2');
    expect(formatDigest(digest)).toBe('xxh3-64:2d06800538d394c2');
    expect(parseDigest(formatDigest(digest))).toEqual(digest);
    const legacy = sha('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(parseDigest(formatDigest(legacy))).toEqual(legacy);
  });

  it('reads none, and nothing it cannot trust, as unknown', () => {
    expect(parseDigest(null)).toBeNull();
    // A bare hex does not say its algorithm (migration 11 named every stored one).
    expect(parseDigest('ab'.repeat(32))).toBeNull();
    expect(parseDigest(`md5:${'ab'.repeat(16)}`)).toBeNull();
    expect(parseDigest('xxh3-64:abc')).toBeNull();
    expect(parseDigest(`sha256:${'ab'.repeat(16)}`)).toBeNull();
    expect(parseDigest('xxh3-64:2D06800538D394C2')).toBeNull();
    expect(parseDigest('xxh3-64:2d06800538d394zz')).toBeNull();
  });

  it('compares like with like only', () => {
    expect(sameContent(xxh('00'.repeat(8)), xxh('00'.repeat(8)))).toBe(true);
    expect(sameContent(xxh('00'.repeat(8)), xxh('01'.repeat(8)))).toBe(false);
    expect(sameContent(sha('aa'.repeat(32)), xxh('aa'.repeat(8)))).toBeNull();
    // One file hashed with both algorithms in one read, against a known file's older SHA-256.
    const both = [xxh('11'.repeat(8)), sha('22'.repeat(32))];
    expect(sameContentAsAny(both, sha('22'.repeat(32)))).toBe(true);
    expect(sameContentAsAny(both, sha('23'.repeat(32)))).toBe(false);
    expect(sameContentAsAny([xxh('11'.repeat(8))], sha('22'.repeat(32)))).toBeNull();
  });
});
