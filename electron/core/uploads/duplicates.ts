// Whether a file about to be queued is one already queued or uploaded: the same size and the
// same SHA-256, wherever it lives and whatever it is called. A copy under another name is the
// same file; a file changed at the same path is not. Nothing is read unless a known file has
// the same size; then the new file is hashed, and a known file whose hash is not known yet
// (queued, or uploaded by an older version) is hashed from disk if it is still as it was.
import { hashFile } from '../files/content-hash.ts';
import type { UploadStore } from './store.ts';
import type { JobRow } from './job-row.ts';

/** A file as queueing knows it: where it is and which file it was (device, inode, size, time). */
interface FileFacts {
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

type DuplicateOf = { kind: 'job'; job: JobRow } | { kind: 'earlier' } | null;

interface DuplicateCheck {
  of: DuplicateOf;
  /** The new file's hash, when it had to be read (kept on its job, so it is not read twice). */
  sha256: string | null;
}

type Hasher = (path: string, expected: { dev: string | null; ino: string | null; size: number; mtimeMs: number }) => Promise<string | null>;

/**
 * How many bytes one add may read to compare contents before it queues anything. A drop waits
 * for these reads: a folder of same-size recordings (a dashcam's fixed-size segments, sparse
 * 2 GiB test files) would otherwise hold the whole drop for minutes. Past the budget a file is
 * compared by identity only, as before content was compared; its hash is still taken while it
 * is sent, so a later copy of it is found.
 */
export const ADD_READ_BUDGET_BYTES = 1024 ** 3;

export interface ReadBudget {
  bytesLeft: number;
}

/** The same file on disk as when it was queued (its path or its device and inode, with its size and time): no read needed. */
function sameIdentity(a: { path: string; dev: string | null; ino: string | null; size: number; mtimeMs: number }, b: FileFacts): boolean {
  if (a.size !== b.size || Math.trunc(a.mtimeMs) !== Math.trunc(b.mtimeMs)) return false;
  return a.path === b.path || (a.dev !== null && a.ino !== null && a.dev === b.dev && a.ino === b.ino);
}

export async function findDuplicate(
  store: UploadStore,
  file: FileFacts,
  earlier: readonly Accepted[],
  budget: ReadBudget = { bytesLeft: ADD_READ_BUDGET_BYTES },
  hash: Hasher = hashFile,
  /** Whether a job still counts (a done job whose video died does not: it may be sent again). */
  counts: (job: JobRow) => boolean = () => true,
): Promise<DuplicateCheck> {
  const jobs = store.heldOfSize(file.size).filter(counts);
  const sameSize = earlier.filter((other) => other.size === file.size);
  if (jobs.length === 0 && sameSize.length === 0) return { of: null, sha256: null };
  const jobFacts = (job: JobRow) => ({ path: job.path, dev: job.file_dev, ino: job.file_ino, size: job.size, mtimeMs: job.mtime_ms });
  const read = async (path: string, expected: Parameters<Hasher>[1]): Promise<string | null> => {
    if (budget.bytesLeft < expected.size) return null;
    budget.bytesLeft -= expected.size;
    return hash(path, expected);
  };
  const sha256 = await read(file.path, file);
  if (sha256 === null) {
    // Past the budget, or unreadable now (it fails with its reason when it is sent): compared
    // by identity only, as before contents were compared.
    const sameJob = jobs.find((job) => sameIdentity(jobFacts(job), file));
    if (sameJob) return { of: { kind: 'job', job: sameJob }, sha256: null };
    return { of: sameSize.some((other) => sameIdentity(other, file)) ? { kind: 'earlier' } : null, sha256: null };
  }
  for (const job of jobs) {
    let known = job.sha256;
    if (known === null) {
      known = await read(job.path, jobFacts(job));
      if (known !== null) store.setContentHash(job.id, known);
    }
    if (known === null ? sameIdentity(jobFacts(job), file) : known === sha256) return { of: { kind: 'job', job }, sha256 };
  }
  for (const other of sameSize) {
    other.sha256 ??= await read(other.path, other);
    if (other.sha256 === null ? sameIdentity(other, file) : other.sha256 === sha256) return { of: { kind: 'earlier' }, sha256 };
  }
  return { of: null, sha256 };
}
