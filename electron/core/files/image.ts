// Thumbnail checks before anything is queued (spec 4.11: JPEG or PNG, at most 1600 x 1200).
// The type is decided by the file's bytes, never by its name: a GIF named .png is refused
// here with a said reason, instead of minutes later by the service with one of its own.
import { constants } from 'node:fs';
import { lstat, open, stat } from 'node:fs/promises';
import { basename, isAbsolute } from 'node:path';
import { lazyPackage } from '../lazy-package.ts';
import { AppError } from '../../../shared/errors.ts';
import { said, type Said, type SaidCode } from '../../../shared/said.ts';
import { THUMBNAIL_MAX, type ImageCheck } from '../../../shared/model.ts';

// Loaded with the first thumbnail checked, not with the app.
const imageSizeOf = lazyPackage<typeof import('image-size')>('image-size');

const THUMBNAIL_MAX_WIDTH = THUMBNAIL_MAX.width;
const THUMBNAIL_MAX_HEIGHT = THUMBNAIL_MAX.height;
/** No byte limit in the spec; a 1600 x 1200 JPEG or PNG is far below this, so larger is not a thumbnail. */
const THUMBNAIL_MAX_BYTES = 50 * 1024 * 1024;

function refuse(reason: Said): never {
  throw new AppError('validation', reason, { retryable: false });
}

/** What a picked file is for: the refusals that name it. */
export type PickedKind = 'image' | 'subtitle';

const PICKED_KIND_REFUSALS = {
  image: { pathNotFull: 'picked_image_path_not_full', isFolder: 'picked_image_is_folder', notRegular: 'picked_image_not_regular' },
  subtitle: { pathNotFull: 'picked_subtitle_path_not_full', isFolder: 'picked_subtitle_is_folder', notRegular: 'picked_subtitle_not_regular' },
} as const satisfies Record<PickedKind, Record<'pathNotFull' | 'isFolder' | 'notRegular', SaidCode>>;

function unreadable(name: string, errno: string | undefined): Said {
  return errno === undefined ? said('picked_file_unreadable', { name }) : said('picked_file_unreadable_errno', { name, errno });
}

function errnoOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : undefined;
}

/**
 * Reads a local file the person picked, refusing with a said reason everything that is
 * not a non-empty regular file: missing paths, broken symlinks, folders, devices and pipes
 * (opening a FIFO would block forever, so the type is checked before the file is opened).
 * Shared by the subtitle check.
 */
export async function readPickedFile(path: string, what: PickedKind, maxBytes: number, tooLarge: (size: number) => Said): Promise<Buffer> {
  const name = basename(path);
  const refusals = PICKED_KIND_REFUSALS[what];
  if (!isAbsolute(path)) refuse(said(refusals.pathNotFull, { name }));
  let isLink = false;
  try {
    isLink = (await lstat(path)).isSymbolicLink();
  } catch (error) {
    if (errnoOf(error) === 'ENOENT' || errnoOf(error) === 'ENOTDIR') refuse(said('picked_file_missing', { name }));
    refuse(unreadable(name, errnoOf(error)));
  }
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(path);
  } catch (error) {
    if (isLink) refuse(said('picked_file_broken_link', { name }));
    refuse(unreadable(name, errnoOf(error)));
  }
  if (info.isDirectory()) refuse(said(refusals.isFolder, { name }));
  if (!info.isFile()) refuse(said(refusals.notRegular, { name }));
  if (info.size === 0) refuse(said('picked_file_empty', { name }));
  if (info.size > maxBytes) refuse(tooLarge(info.size));
  try {
    // O_NONBLOCK: if the path was swapped for a pipe since the check above, never hang on it.
    const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      const bytes = await handle.readFile();
      if (bytes.length === 0) refuse(said('picked_file_empty', { name }));
      if (bytes.length > maxBytes) refuse(tooLarge(bytes.length));
      return bytes;
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = errnoOf(error);
    if (code === 'EACCES' || code === 'EPERM') refuse(said('picked_file_denied', { name }));
    return refuse(unreadable(name, code));
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

/** The formats' own names (not words of a language); HEIC has its own refusal, as it may be a video. */
const FORMAT_NAMES: Record<Exclude<Kind, 'jpeg' | 'png' | 'other' | 'heic'>, string> = {
  gif: 'GIF',
  webp: 'WebP',
  bmp: 'BMP',
  tiff: 'TIFF',
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
  if (kind === 'other') return refuse(said('thumbnail_not_image', { name }));
  if (kind === 'heic') return refuse(said('thumbnail_heic', { name }));
  if (kind !== 'jpeg' && kind !== 'png') return refuse(said('thumbnail_other_format', { name, format: FORMAT_NAMES[kind] }));
  const format = kind === 'jpeg' ? 'JPEG' : 'PNG';
  let width = 0;
  let height = 0;
  try {
    const size = imageSizeOf().imageSize(bytes);
    width = size.width;
    height = size.height;
  } catch {
    refuse(said('thumbnail_damaged', { name, format }));
  }
  const complete = kind === 'jpeg' ? jpegIsComplete(bytes) : pngIsComplete(bytes);
  if (!complete) refuse(said('thumbnail_incomplete', { name, format }));
  if (!(width > 0 && height > 0)) refuse(said('thumbnail_no_dimensions', { name }));
  if (width > THUMBNAIL_MAX_WIDTH || height > THUMBNAIL_MAX_HEIGHT) {
    refuse(said('thumbnail_too_big', { name, width, height, maxWidth: THUMBNAIL_MAX_WIDTH, maxHeight: THUMBNAIL_MAX_HEIGHT }));
  }
  return { type: kind, width, height, size: bytes.length };
}

/** Checks a thumbnail candidate by content; throws AppError('validation') with the reason. */
export async function checkThumbnailFile(path: string): Promise<ImageCheck> {
  const bytes = await readPickedFile(path, 'image', THUMBNAIL_MAX_BYTES, (size) =>
    said('thumbnail_file_too_large', { name: basename(path), megabytes: Math.round(size / 1024 / 1024), maxWidth: THUMBNAIL_MAX_WIDTH, maxHeight: THUMBNAIL_MAX_HEIGHT }),
  );
  return checkThumbnailBytes(bytes, basename(path));
}
