// What a file's bytes hash to, and with which algorithm: a stored digest names its algorithm,
// so digests taken by different versions of Vidlift are compared only like with like.
//
// Nothing security-relevant rests on these digests. They answer one question for duplicates
// (duplicates.ts): are two files of the same size the same bytes? A wrong "yes" needs an
// accidental collision between two files of one person's uploads, and even then "Upload
// anyway" queues the file. So the cheapest good hash is used: XXH3-64 costs about a tenth of
// SHA-256's CPU per byte, which mattered because the hash is taken while every upload is read
// (issue 33 §3). It is XXH3's 64-bit form because the first native module (@node-rs/xxhash)
// streamed only that one, and the digests stored since are kept comparable; a chance of 2^-64
// per compared pair is negligible here.
// Stored as `<algorithm>:<hex>` (migration 11 of the uploads gave the older SHA-256 ones their name).

/** Every algorithm a stored digest may name, with its length in hex digits; the first one a process can take is the one it takes. */
export const DIGEST_ALGORITHMS = {
  /** The one taken now: XXH3 64-bit (seed 0), as canonical (big-endian) hex. */
  'xxh3-64': { hexDigits: 16 },
  /** Taken by versions before issue 33 §3, and where the native XXH3 module cannot load. */
  sha256: { hexDigits: 64 },
} as const satisfies Record<string, { hexDigits: number }>;

export type DigestAlgorithm = keyof typeof DIGEST_ALGORITHMS;

export interface ContentDigest {
  algorithm: DigestAlgorithm;
  /** Lower-case hex, exactly DIGEST_ALGORITHMS[algorithm].hexDigits long. */
  hex: string;
}

function isAlgorithm(name: string): name is DigestAlgorithm {
  return Object.hasOwn(DIGEST_ALGORITHMS, name);
}

function validHex(algorithm: DigestAlgorithm, hex: string): boolean {
  return hex.length === DIGEST_ALGORITHMS[algorithm].hexDigits && /^[0-9a-f]+$/.test(hex);
}

/** The digest as stored: `xxh3-64:<hex>`. */
export function formatDigest(digest: ContentDigest): string {
  return `${digest.algorithm}:${digest.hex}`;
}

/** A stored digest read back; null for none, or for one this version cannot read (never compared). */
export function parseDigest(stored: string | null): ContentDigest | null {
  if (stored === null) return null;
  const colon = stored.indexOf(':');
  if (colon === -1) return null;
  const algorithm = stored.slice(0, colon);
  const hex = stored.slice(colon + 1);
  if (!isAlgorithm(algorithm) || !validHex(algorithm, hex)) return null;
  return { algorithm, hex };
}

/**
 * Whether two digests say the same bytes: true or false when both were taken with one
 * algorithm, null when they were not (they say nothing about each other).
 */
export function sameContent(a: ContentDigest, b: ContentDigest): boolean | null {
  return a.algorithm === b.algorithm ? a.hex === b.hex : null;
}

/** Whether any of one file's digests (taken with several algorithms) says the same bytes as `known`; null when none was taken with its algorithm. */
export function sameContentAsAny(digests: readonly ContentDigest[], known: ContentDigest): boolean | null {
  const like = digests.find((digest) => digest.algorithm === known.algorithm);
  return like === undefined ? null : sameContent(like, known);
}
