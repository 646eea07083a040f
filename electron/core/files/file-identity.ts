// Which file a queued path meant: device and inode (and size and mtime) recorded when it was
// queued, and checked again on the handle that is actually read when it is sent. A path the
// person chose can be swapped for a symlink (or another file) afterwards; opening it with
// O_NOFOLLOW (where the platform has it) and comparing fstat of that very handle means the
// bytes sent are the file that was granted, or nothing is sent (issue 18 item 5).
import { constants } from 'node:fs';
import { AppError } from '../../../shared/errors.ts';
import { said, type Said } from '../../../shared/said.ts';
import { open, realpath, stat, type FileHandle } from 'node:fs/promises';
import type { BigIntStats } from 'node:fs';

export interface FileIdentity {
  /** Decimal strings: st_dev and st_ino do not fit a double on every file system. */
  dev: string;
  ino: string;
  size: number;
  mtimeMs: number;
}

export function identityOf(stats: BigIntStats): FileIdentity {
  return { dev: stats.dev.toString(), ino: stats.ino.toString(), size: Number(stats.size), mtimeMs: Math.trunc(Number(stats.mtimeMs)) };
}

/** The file is not the one that was queued (replaced, or turned into a link). */
export class FileSwappedError extends AppError {
  constructor(why: Said = said('file_swapped')) {
    super('validation', why, { retryable: false });
    this.name = 'FileSwappedError';
  }
}

const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;

/**
 * Opens `path` for reading without following a final symlink, and checks the open handle
 * against `expected`. `dev`/`ino` are compared when known (jobs queued by older versions
 * have only size and mtime).
 */
export async function openIdentified(path: string, expected: { dev?: string | null; ino?: string | null; size?: number; mtimeMs?: number }): Promise<FileHandle> {
  let handle: FileHandle;
  try {
    handle = await open(path, constants.O_RDONLY | NO_FOLLOW);
  } catch (error) {
    // ELOOP (Linux, macOS) / EMLINK (FreeBSD): the last component is a symlink.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP' || code === 'EMLINK') throw new FileSwappedError();
    throw error;
  }
  try {
    const now = identityOf(await handle.stat({ bigint: true }));
    const sameFile = (expected.dev == null || expected.dev === now.dev) && (expected.ino == null || expected.ino === now.ino);
    if (!sameFile) throw new FileSwappedError();
    if ((expected.size !== undefined && now.size !== expected.size) || (expected.mtimeMs !== undefined && now.mtimeMs !== expected.mtimeMs)) {
      throw new FileSwappedError(said('file_changed'));
    }
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** A picked file (thumbnail, subtitle) as it is queued: its real path and which file it is. */
export interface PickedIdentity {
  dev: string;
  ino: string;
  /** Size and time too: a freed inode number can come back for a new file. */
  size?: number;
  mtimeMs?: number;
}

export async function pickedFile(path: string): Promise<{ path: string; file: PickedIdentity }> {
  const real = await realpath(path);
  return { path: real, file: identityOf(await stat(real, { bigint: true })) };
}

/** The whole of a small picked file, read from a handle that is checked to be that file. */
export async function readIdentified(path: string, file: PickedIdentity | undefined): Promise<Buffer> {
  let handle: FileHandle;
  try {
    handle = await openIdentified(path, file ?? {});
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('validation', said('picked_file_gone'), { retryable: false, cause: error });
  }
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}
