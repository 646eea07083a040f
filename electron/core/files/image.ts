// Thumbnail checks before anything is queued (spec 4.11: JPEG or PNG, at most 1600 x 1200).
// The type is decided by the file's bytes, never by its name: a GIF named .png is refused
// here with a sentence, instead of minutes later by the service with one of its own.
import { constants } from 'node:fs';
import { lstat, open, stat } from 'node:fs/promises';
import { basename, isAbsolute } from 'node:path';
import { lazyPackage } from '../lazy-package.ts';
import { AppError } from '../../../shared/errors.ts';
import { THUMBNAIL_MAX, type ImageCheck } from '../../../shared/model.ts';

// Loaded with the first thumbnail checked, not with the app.
const imageSizeOf = lazyPackage<typeof import('image-size')>('image-size');

const THUMBNAIL_MAX_WIDTH = THUMBNAIL_MAX.width;
const THUMBNAIL_MAX_HEIGHT = THUMBNAIL_MAX.height;
/** No byte limit in the spec; a 1600 x 1200 JPEG or PNG is far below this, so larger is not a thumbnail. */
const THUMBNAIL_MAX_BYTES = 50 * 1024 * 1024;

function refuse(message: string): never {
  throw new AppError('validation', message, { retryable: false });
}

function errnoOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : undefined;
}

/**
 * Reads a local file the person picked, refusing with a readable sentence everything that is
 * not a non-empty regular file: missing paths, broken symlinks, folders, devices and pipes
 * (opening a FIFO would block forever, so the type is checked before the file is opened).
 * Shared by the subtitle check.
 */
export async function readPickedFile(path: string, what: string, maxBytes: number, tooLarge: (size: number) => string): Promise<Buffer> {
  const name = basename(path);
  if (!isAbsolute(path)) refuse(`The ${what} path must be a full path (got “${name}”).`);
  let isLink = false;
  try {
    isLink = (await lstat(path)).isSymbolicLink();
  } catch (error) {
    if (errnoOf(error) === 'ENOENT' || errnoOf(error) === 'ENOTDIR') refuse(`There is no file “${name}” any more; it may have been moved or deleted.`);
    refuse(`“${name}” cannot be read (${errnoOf(error) ?? 'unknown error'}).`);
  }
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(path);
  } catch (error) {
    if (isLink) refuse(`“${name}” is a shortcut (symbolic link) to a file that no longer exists.`);
    refuse(`“${name}” cannot be read (${errnoOf(error) ?? 'unknown error'}).`);
  }
  if (info.isDirectory()) refuse(`“${name}” is a folder, not a ${what} file.`);
  if (!info.isFile()) refuse(`“${name}” is not a regular file (it is a device, pipe or socket), so it cannot be a ${what}.`);
  if (info.size === 0) refuse(`“${name}” is empty (0 bytes).`);
  if (info.size > maxBytes) refuse(tooLarge(info.size));
  try {
    // O_NONBLOCK: if the path was swapped for a pipe since the check above, never hang on it.
    const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      const bytes = await handle.readFile();
      if (bytes.length === 0) refuse(`“${name}” is empty (0 bytes).`);
      if (bytes.length > maxBytes) refuse(tooLarge(bytes.length));
      return bytes;
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = errnoOf(error);
    if (code === 'EACCES' || code === 'EPERM') refuse(`Vidlift is not allowed to read “${name}” (permission denied).`);
    return refuse(`“${name}” cannot be read (${code ?? 'unknown error'}).`);
  }
}

type Kind = ImageCheck['type'] | 'gif' | 'webp' | 'bmp' | 'tiff' | 'heic' | 'other';

function sniffImageKind(bytes: Uint8Array): Kind {
  const b = (i: number): number => bytes[i] ?? -1;
  const ascii = (from: number, to: number): string => String.fromCharCode(...bytes.subarray(from, to));
  if (b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return 'jpeg';
  if (b(0) === 0x89 && ascii(1, 4) === 'PNG' && b(4) === 0x0d && b(5) === 0x0a && b(6) === 0x1a && b(7) === 0x0a) return 'png';
  if (ascii(0, 4) === 'GIF8') return 'gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(0, 2) === 'BM') return 'bmp';
  if (ascii(0, 4) === 'II*\0' || ascii(0, 4) === 'MM\0*') return 'tiff';
  if (ascii(4, 8) === 'ftyp') return 'heic';
  return 'other';
}

const KIND_NAMES: Record<Exclude<Kind, 'jpeg' | 'png' | 'other'>, string> = {
  gif: 'a GIF image',
  webp: 'a WebP image',
  bmp: 'a BMP image',
  tiff: 'a TIFF image',
  heic: 'a HEIC/AVIF image or a video',
};

/** A JPEG is complete when an end-of-image marker follows its first scan. */
function jpegIsComplete(bytes: Uint8Array): boolean {
  let i = 2;
  // Walk the marker segments to the start of scan: segment payloads (EXIF thumbnails) may
  // contain an end marker of their own, the entropy-coded scan data cannot.
  while (i + 4 <= bytes.length) {
    if (bytes[i] !== 0xff) return false;
    const marker = bytes[i + 1] ?? 0;
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    const length = ((bytes[i + 2] ?? 0) << 8) | (bytes[i + 3] ?? 0);
    if (marker === 0xda) {
      for (let j = i + 2 + length; j + 1 < bytes.length; j++) if (bytes[j] === 0xff && bytes[j + 1] === 0xd9) return true;
      return false;
    }
    i += 2 + length;
  }
  return false;
}

/** A PNG is complete when its IEND chunk is there (at the end, give or take trailing junk). */
function pngIsComplete(bytes: Uint8Array): boolean {
  const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - 64)));
  return tail.includes('IEND', 0, 'latin1');
}

export function checkThumbnailBytes(bytes: Uint8Array, name: string): ImageCheck {
  const kind = sniffImageKind(bytes);
  if (kind === 'other') return refuse(`“${name}” is not a JPEG or PNG image. Thumbnails must be JPEG or PNG.`);
  if (kind !== 'jpeg' && kind !== 'png') return refuse(`“${name}” is ${KIND_NAMES[kind]}, not JPEG or PNG. Thumbnails must be JPEG or PNG.`);
  const label = kind === 'jpeg' ? 'JPEG' : 'PNG';
  let width = 0;
  let height = 0;
  try {
    const size = imageSizeOf().imageSize(bytes);
    width = size.width;
    height = size.height;
  } catch {
    refuse(`“${name}” could not be read as a ${label} image: the file looks damaged or incomplete.`);
  }
  const complete = kind === 'jpeg' ? jpegIsComplete(bytes) : pngIsComplete(bytes);
  if (!complete) refuse(`“${name}” is an incomplete ${label} image (the file is cut short). Save it again and try once more.`);
  if (!(width > 0 && height > 0)) refuse(`“${name}” has no readable dimensions.`);
  if (width > THUMBNAIL_MAX_WIDTH || height > THUMBNAIL_MAX_HEIGHT) {
    refuse(
      `“${name}” is ${width} x ${height} pixels; thumbnails can be at most ${THUMBNAIL_MAX_WIDTH} x ${THUMBNAIL_MAX_HEIGHT}. Resize it and try again.`,
    );
  }
  return { type: kind, width, height, size: bytes.length };
}

/** Checks a thumbnail candidate by content; throws AppError('validation') with the reason. */
export async function checkThumbnailFile(path: string): Promise<ImageCheck> {
  const bytes = await readPickedFile(path, 'image', THUMBNAIL_MAX_BYTES, (size) =>
    `“${basename(path)}” is ${Math.round(size / 1024 / 1024)} MB, far too large for a ${THUMBNAIL_MAX_WIDTH} x ${THUMBNAIL_MAX_HEIGHT} thumbnail.`,
  );
  return checkThumbnailBytes(bytes, basename(path));
}
