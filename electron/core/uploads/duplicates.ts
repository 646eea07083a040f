// Whether a file about to be queued is one already queued or uploaded: the same size and the
// same content digest, wherever it lives and whatever it is called. A copy under another name is
// the same file; a file changed at the same path is not. Nothing is read unless a known file has
// the same size; then the new file is hashed, and a known file whose digest is not known yet
// (queued, or uploaded by an older version) is hashed from disk if it is still as it was.
// Digests are compared like with like (content-digest.ts): when a known file has only a SHA-256
// (taken before XXH3), the new file is hashed with both in its one read.
import { hashAlgorithms, hashFile, type HashAlgorithms } from '../files/content-hash.ts';
import { parseDigest, sameContentAsAny, type ContentDigest, type DigestAlgorithm } from '../files/content-digest.ts';
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
  digest: ContentDigest | null;
}

type DuplicateOf = { kind: 'job'; job: JobRow } | { kind: 'earlier' } | null;

interface DuplicateCheck {
  of: DuplicateOf;
  /** The new file's digest in the preferred algorithm, when it had to be read (kept on its job, so it is not read twice). */
  digest: ContentDigest | null;
}

type Hasher = (
  path: string,
  expected: { dev: string | null; ino: string | null; size: number; mtimeMs: number },
  algorithms: readonly DigestAlgorithm[],
) => Promise<ContentDigest[] | null>;

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
  /** Files this add accepted before it: those of its size are enough (others are skipped here). */
  earlier: readonly Accepted[],
  budget: ReadBudget = { bytesLeft: ADD_READ_BUDGET_BYTES },
  hash: Hasher = hashFile,
  /** Whether a job still counts (a done job whose video died does not: it may be sent again). */
  counts: (job: JobRow) => boolean = () => true,
  taker: HashAlgorithms = hashAlgorithms(),
): Promise<DuplicateCheck> {
  const jobs = store.heldOfSize(file.size).filter(counts);
  const sameSize = earlier.filter((other) => other.size === file.size);
  if (jobs.length === 0 && sameSize.length === 0) return { of: null, digest: null };
  const jobFacts = (job: JobRow) => ({ path: job.path, dev: job.file_dev, ino: job.file_ino, size: job.size, mtimeMs: job.mtime_ms });
  const read = async (path: string, expected: Parameters<Hasher>[1], algorithms: readonly DigestAlgorithm[]): Promise<ContentDigest[] | null> => {
    if (budget.bytesLeft < expected.size) return null;
    budget.bytesLeft -= expected.size;
    return hash(path, expected, algorithms);
  };
  // A known digest in an algorithm this process cannot take (XXH3 where the native module did
  // not load) is treated as not known: that file is read again in the preferred algorithm.
  const knownDigest = (stored: ContentDigest | null): ContentDigest | null => (stored !== null && taker.canTake(stored.algorithm) ? stored : null);
  const known = new Map(jobs.map((job) => [job.id, knownDigest(parseDigest(job.content_digest))]));
  // The preferred algorithm first (its digest is kept on the new job), then any older one a
  // known file has only: the rare file uploaded before XXH3 costs no second read of the new one.
  const algorithms = [...new Set([taker.preferred, ...[...known.values()].flatMap((digest) => (digest ? [digest.algorithm] : []))])];
  const digests = await read(file.path, file, algorithms);
  if (digests === null) {
    // Past the budget, or unreadable now (it fails with its reason when it is sent): compared
    // by identity only, as before contents were compared.
    const sameJob = jobs.find((job) => sameIdentity(jobFacts(job), file));
    if (sameJob) return { of: { kind: 'job', job: sameJob }, digest: null };
    return { of: sameSize.some((other) => sameIdentity(other, file)) ? { kind: 'earlier' } : null, digest: null };
  }
  const digest = digests[0]!;
  for (const job of jobs) {
    let theirs = known.get(job.id) ?? null;
    if (theirs === null) {
      theirs = (await read(job.path, jobFacts(job), [taker.preferred]))?.[0] ?? null;
      if (theirs !== null) store.setContentDigest(job.id, theirs);
    }
    if (theirs === null ? sameIdentity(jobFacts(job), file) : sameContentAsAny(digests, theirs) === true) return { of: { kind: 'job', job }, digest };
  }
  for (const other of sameSize) {
    // Taken in this add, so in the preferred algorithm.
    other.digest ??= (await read(other.path, other, [taker.preferred]))?.[0] ?? null;
    if (other.digest === null ? sameIdentity(other, file) : sameContentAsAny(digests, other.digest) === true) return { of: { kind: 'earlier' }, digest };
  }
  return { of: null, digest };
}
