// What a file holds, as a digest of its bytes (content-digest.ts): the one test of "the same
// file" for duplicates (a copy under another name is the same file; a file changed in place is
// not). Computed while the file is read for its upload (ContentHasher, fed by the transfer), and
// read ahead of time only when a known file has the same size (hashFile). XXH3 comes from the
// native xxhash-addon (N-API, its prebuilt .node unpacked from asar beside keytar's); where it
// cannot load, the digests are SHA-256 from node:crypto, named so, and duplicates are still found.
//
// xxhash-addon rather than @node-rs/xxhash (used before, and kept by the tests as an independent
// implementation to check digests against): it builds xxHash's own x86 dispatch, so XXH3 runs
// with AVX2 or AVX-512 where the processor has them, where the Rust build is for baseline x86-64
// (SSE2). Over 512 KiB pieces in memory it took 0.018 CPU s/GB against 0.055 on this machine
// (an AMD EPYC), and the hash is taken of every byte an upload sends (issue 33 §3).
import { createHash } from 'node:crypto';
import { lazyPackage } from '../lazy-package.ts';
import { openIdentified } from './file-identity.ts';
import { DIGEST_ALGORITHMS, type ContentDigest, type DigestAlgorithm } from './content-digest.ts';

const READ_CHUNK = 1 << 20;

/** The part of xxhash-addon used: its streaming XXH3 (64-bit), which reads a Buffer or Uint8Array in place. */
export interface Xxh3Binding {
  /** `seed`: 8 bytes, the seed in canonical (big-endian) form; the digest is canonical too. */
  XXHash3: new (seed: Buffer) => { update(input: Uint8Array): void; digest(): Buffer };
}

/** XXH3's seed 0, the one every stored xxh3-64 digest was taken with. */
const SEED_ZERO = Buffer.alloc(8);

/** One algorithm's running hash over bytes handed in order. */
interface RunningHash {
  update(bytes: Uint8Array): void;
  hex(): string;
}

/** How each algorithm is taken in this process: null when it cannot be (XXH3 without its native module). */
const TAKERS: { [A in DigestAlgorithm]: (xxh3: Xxh3Binding | null) => (() => RunningHash) | null } = {
  'xxh3-64': (xxh3) =>
    xxh3 &&
    (() => {
      const hash = new xxh3.XXHash3(SEED_ZERO);
      return {
        // The addon's release build does not check its argument: only a byte view may reach it.
        update: (bytes) => {
          if (!ArrayBuffer.isView(bytes)) throw new Error('the content hash takes bytes only');
          hash.update(bytes);
        },
        hex: () => hash.digest().toString('hex'),
      };
    }),
  sha256: () => () => {
    const hash = createHash('sha256');
    return { update: (bytes) => hash.update(bytes), hex: () => hash.digest('hex') };
  },
};

/** Which algorithms this process can take, and the one new digests are taken with. */
export class HashAlgorithms {
  readonly #open: Map<DigestAlgorithm, () => RunningHash>;
  /** Why the native XXH3 did not load (for the log); null when it did. */
  readonly unavailableBecause: string | null;
  /** New digests: the first of DIGEST_ALGORITHMS this process can take (XXH3-64, or SHA-256 without the native module). */
  readonly preferred: DigestAlgorithm;

  /** `load` throws when the native module cannot be loaded (no prebuild for this platform, a damaged install). */
  constructor(load: () => Xxh3Binding) {
    let xxh3: Xxh3Binding | null = null;
    let reason: string | null = null;
    try {
      xxh3 = load();
    } catch (error) {
      reason = error instanceof Error ? error.message : String(error);
    }
    this.unavailableBecause = reason;
    this.#open = new Map();
    for (const algorithm of Object.keys(DIGEST_ALGORITHMS) as DigestAlgorithm[]) {
      const open = TAKERS[algorithm](xxh3);
      if (open) this.#open.set(algorithm, open);
    }
    this.preferred = [...this.#open.keys()][0]!;
  }

  canTake(algorithm: DigestAlgorithm): boolean {
    return this.#open.has(algorithm);
  }

  open(algorithm: DigestAlgorithm): RunningHash {
    const open = this.#open.get(algorithm);
    if (!open) throw new Error(`${algorithm} cannot be taken here: ${this.unavailableBecause}`);
    return open();
  }
}

const loadXxh3 = lazyPackage<Xxh3Binding>('xxhash-addon');
let loaded: HashAlgorithms | undefined;

/** This process's algorithms; the native module is loaded at the first hash, not when the core loads. */
export function hashAlgorithms(): HashAlgorithms {
  return (loaded ??= new HashAlgorithms(loadXxh3));
}

/** Hashes bytes handed to it in file order, with one algorithm or several (one read for all). */
export class ContentHasher {
  readonly #running: { algorithm: DigestAlgorithm; hash: RunningHash }[];
  readonly #size: number;
  #seen = 0;

  /** `algorithms`: the preferred one first (digest() is its); every one must be one `algorithms` can take. */
  constructor(size: number, algorithms: readonly DigestAlgorithm[] = [hashAlgorithms().preferred], taker: HashAlgorithms = hashAlgorithms()) {
    this.#size = size;
    this.#running = algorithms.map((algorithm) => ({ algorithm, hash: taker.open(algorithm) }));
  }

  update(bytes: Uint8Array): void {
    for (const { hash } of this.#running) hash.update(bytes);
    this.#seen += bytes.length;
  }

  /** Every digest, in the order asked; null when not exactly the file's bytes were seen (a cut read). */
  digests(): ContentDigest[] | null {
    if (this.#seen !== this.#size) return null;
    return this.#running.map(({ algorithm, hash }) => ({ algorithm, hex: hash.hex() }));
  }

  /** The first algorithm's digest (the preferred one), or null as for digests(). */
  digest(): ContentDigest | null {
    return this.digests()?.[0] ?? null;
  }
}

/**
 * The digests of the file at `path` in `algorithms` (in that order), read once through a handle
 * checked to be the expected file (never through a link); null when it is not that file any
 * more, or cannot be read.
 */
export async function hashFile(
  path: string,
  expected: { dev?: string | null; ino?: string | null; size: number; mtimeMs?: number },
  algorithms: readonly DigestAlgorithm[] = [hashAlgorithms().preferred],
): Promise<ContentDigest[] | null> {
  let handle;
  try {
    handle = await openIdentified(path, expected);
  } catch {
    return null;
  }
  try {
    const hasher = new ContentHasher(expected.size, algorithms);
    const buffer = Buffer.allocUnsafe(Math.min(READ_CHUNK, Math.max(1, expected.size)));
    for (let position = 0; position < expected.size; ) {
      const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, expected.size - position), position);
      if (bytesRead === 0) return null;
      hasher.update(buffer.subarray(0, bytesRead));
      position += bytesRead;
    }
    return hasher.digests();
  } catch {
    return null;
  } finally {
    await handle.close();
  }
}
