// The client's checks of its inputs: refused before anything is sent, as a ServiceError of
// kind 'local' with a message the person can act on.
import fs from 'node:fs';
import { imageSizeFromFile } from 'image-size/fromFile';
import type { ErrorCode } from '../../../shared/errors.ts';
import { LANGUAGE, RemoteAction, THUMBNAIL_MAX, VIDEO_ID, isHttpUrl } from '../../../shared/model.ts';
import { ServiceError, type OperationName } from './errors.ts';

export { isHttpUrl };
export const SUBTITLE_MAX_BYTES = 500 * 1024;
export const DATE = /^\d{4}-\d{2}-\d{2}$/;

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
    size = await imageSizeFromFile(path);
  } catch {
    throw localError('thumbnailUpload', 'validation', 'A thumbnail must be a JPEG or PNG image.');
  }
  requireLocal(size.type === 'jpg' || size.type === 'png', 'A thumbnail must be a JPEG or PNG image.');
  requireLocal(
    size.width <= THUMBNAIL_MAX.width && size.height <= THUMBNAIL_MAX.height,
    `A thumbnail may be at most ${THUMBNAIL_MAX.width} × ${THUMBNAIL_MAX.height} pixels (this one is ${size.width} × ${size.height}).`,
  );
}

export function localError(op: OperationName | null, code: ErrorCode, message: string): ServiceError {
  return new ServiceError(code, message, { kind: 'local', operation: op, retryable: false });
}

export function requireLocal(condition: boolean, message: string): void {
  if (!condition) throw localError(null, 'validation', message);
}

export function isInt(value: unknown, min: number): boolean {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= min;
}

export function requireRemoteAction(action: unknown): void {
  requireLocal(RemoteAction.safeParse(action).success, 'Unknown remote-upload action.');
}

export function requireId(id: string): void {
  requireLocal(typeof id === 'string' && VIDEO_ID.test(id), 'A video or queue id is 12 letters, digits or underscores.');
}

export function requireLanguage(language: string): void {
  requireLocal(typeof language === 'string' && LANGUAGE.test(language), 'A language code is letters, digits or underscores (for example en).');
}

export function requirePage(input: { page: number; perPage: number }): void {
  requireLocal(isInt(input.page, 1) && isInt(input.perPage, 1), 'Page number and page size are whole numbers of at least 1.');
}

export function requireName(name: string): void {
  requireLocal(typeof name === 'string' && name.trim() !== '' && name.length <= 255, 'A folder name is 1 to 255 characters.');
}
