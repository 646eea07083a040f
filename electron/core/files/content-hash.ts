// What a file holds, as the SHA-256 of its bytes: the one test of "the same file" for
// duplicates (a copy under another name is the same file; a file changed in place is not).
// Computed while the file is read for its upload (ContentHasher, fed by the transfer), and
// read ahead of time only when a known file has the same size (hashFile).
import { createHash, type Hash } from 'node:crypto';
import { openIdentified } from './file-identity.ts';

const READ_CHUNK = 1 << 20;

/** Hashes bytes handed to it in file order; `digest()` is the file's hash once every byte came. */
export class ContentHasher {
  readonly #hash: Hash = createHash('sha256');
  readonly #size: number;
  #seen = 0;

  constructor(size: number) {
    this.#size = size;
  }

  update(bytes: Uint8Array): void {
    this.#hash.update(bytes);
    this.#seen += bytes.length;
  }

  /** The hex digest, or null when not exactly the file's bytes were seen (a cut read). */
  digest(): string | null {
    return this.#seen === this.#size ? this.#hash.digest('hex') : null;
  }
}

/**
 * The SHA-256 of the file at `path`, read through a handle checked to be the expected file
 * (never through a link); null when it is not that file any more, or cannot be read.
 */
export async function hashFile(path: string, expected: { dev?: string | null; ino?: string | null; size: number; mtimeMs?: number }): Promise<string | null> {
  let handle;
  try {
    handle = await openIdentified(path, expected);
  } catch {
    return null;
  }
  try {
    const hasher = new ContentHasher(expected.size);
    const buffer = Buffer.allocUnsafe(Math.min(READ_CHUNK, Math.max(1, expected.size)));
    for (let position = 0; position < expected.size; ) {
      const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, expected.size - position), position);
      if (bytesRead === 0) return null;
      hasher.update(buffer.subarray(0, bytesRead));
      position += bytesRead;
    }
    return hasher.digest();
  } catch {
    return null;
  } finally {
    await handle.close();
  }
}
