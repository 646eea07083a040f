// Whether a file about to be queued is one already queued or uploaded: the same size and the
// same SHA-256, wherever it lives and whatever it is called. A copy under another name is the
// same file; a file changed at the same path is not. Nothing is read unless a known file has
// the same size; then the new file is hashed, and a known file whose hash is not known yet
// (queued, or uploaded by an older version) is hashed from disk if it is still as it was.
import { hashFile } from '../files/content-hash.ts';
import type { JobRow, UploadStore } from './store.ts';

/** A file as queueing knows it: where it is and which file it was (device, inode, size, time). */
export interface FileFacts {
  path: string;
  dev: string | null;
  ino: string | null;
  size: number;
  mtimeMs: number;
}

/** A file accepted earlier in the same add, not in the store yet. */
export interface Accepted extends FileFacts {
  sha256: string | null;
}

export type DuplicateOf = { kind: 'job'; job: JobRow } | { kind: 'earlier' } | null;

export interface DuplicateCheck {
  of: DuplicateOf;
  /** The new file's hash, when it had to be read (kept on its job, so it is not read twice). */
  sha256: string | null;
}

type Hasher = (path: string, expected: { dev: string | null; ino: string | null; size: number; mtimeMs: number }) => Promise<string | null>;

export async function findDuplicate(store: UploadStore, file: FileFacts, earlier: readonly Accepted[], hash: Hasher = hashFile): Promise<DuplicateCheck> {
  const jobs = store.heldOfSize(file.size);
  const sameSize = earlier.filter((other) => other.size === file.size);
  if (jobs.length === 0 && sameSize.length === 0) return { of: null, sha256: null };
  const sha256 = await hash(file.path, file);
  // Unreadable now: it fails with its reason when it is sent, not here.
  if (sha256 === null) return { of: null, sha256: null };
  for (const job of jobs) {
    let known = job.sha256;
    if (known === null) {
      known = await hash(job.path, { dev: job.file_dev, ino: job.file_ino, size: job.size, mtimeMs: job.mtime_ms });
      if (known !== null) store.setContentHash(job.id, known);
    }
    if (known === sha256) return { of: { kind: 'job', job }, sha256 };
  }
  for (const other of sameSize) {
    other.sha256 ??= await hash(other.path, other);
    if (other.sha256 === sha256) return { of: { kind: 'earlier' }, sha256 };
  }
  return { of: null, sha256 };
}
