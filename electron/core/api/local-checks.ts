// The client's checks of its inputs: refused before anything is sent, as a ServiceError of
// kind 'local' with a message the person can act on.
import fs from 'node:fs';
import { lazyPackage } from '../lazy-package.ts';
import type { ErrorCode } from '../../../shared/errors.ts';
import { THUMBNAIL_MAX, isHttpUrl } from '../../../shared/model.ts';
import { ServiceError } from './errors.ts';

// Loaded with the first thumbnail checked, not with the app.
const imageSizeFromFileOf = lazyPackage<typeof import('image-size/fromFile')>('image-size/fromFile');

export { isHttpUrl };
export const SUBTITLE_MAX_BYTES = 500 * 1024;

export async function fileSize(path: string): Promise<number> {
  try {
    const stat = await fs.promises.stat(path);
    requireLocal(stat.isFile(), `${path} is not a file.`);
    return stat.size;
  } catch (error) {
    if (error instanceof ServiceError) throw error;
    throw localError(null, 'validation', `The file ${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}).`);
  }
}

export async function requireThumbnailImage(path: string): Promise<void> {
  let size: { type?: string; width: number; height: number };
  try {
    size = await imageSizeFromFileOf().imageSizeFromFile(path);
  } catch {
    throw localError('thumbnailUpload', 'validation', 'A thumbnail must be a JPEG or PNG image.');
  }
  requireLocal(size.type === 'jpg' || size.type === 'png', 'A thumbnail must be a JPEG or PNG image.');
  requireLocal(
    size.width <= THUMBNAIL_MAX.width && size.height <= THUMBNAIL_MAX.height,
    `A thumbnail may be at most ${THUMBNAIL_MAX.width} × ${THUMBNAIL_MAX.height} pixels (this one is ${size.width} × ${size.height}).`,
  );
}

export function localError(op: string | null, code: ErrorCode, message: string): ServiceError {
  return new ServiceError(code, message, { kind: 'local', operation: op, retryable: false });
}

export function requireLocal(condition: boolean, message: string): void {
  if (!condition) throw localError(null, 'validation', message);
}

