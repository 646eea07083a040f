// Is this local file a video? Decided by its first bytes (container signatures), with the
// extension used only as a cheap pre-filter when walking folders: a renamed text file is
// not uploaded, and a video without an extension still is when dropped directly.
import { closeSync, constants, openSync, readSync } from 'node:fs';
import { basename, extname } from 'node:path';
import type { MediaInfo } from '../../../shared/media.ts';
import { probeMedia } from './media-info.ts';
import { said, type Said } from '../../../shared/said.ts';

type VideoKind = 'mp4' | 'mov' | '3gp' | 'matroska' | 'webm' | 'avi' | 'flv' | 'asf' | 'mpeg-ts' | 'mpeg-ps' | 'ogg' | 'rm';

/** Extensions of the containers we recognise; folders are walked looking for these only. */
export const VIDEO_EXTENSIONS: ReadonlySet<string> = new Set([
  '.mp4', '.m4v', '.mov', '.qt', '.3gp', '.3g2', '.mkv', '.webm', '.avi', '.flv', '.f4v', '.wmv', '.asf',
  '.ts', '.m2ts', '.mts', '.mpg', '.mpeg', '.vob', '.ogv', '.ogg', '.rm', '.rmvb', '.divx', '.xvid',
]);

const CONTENT_TYPES: Record<VideoKind, string> = {
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  '3gp': 'video/3gpp',
  matroska: 'video/x-matroska',
  webm: 'video/webm',
  avi: 'video/x-msvideo',
  flv: 'video/x-flv',
  asf: 'video/x-ms-asf',
  'mpeg-ts': 'video/mp2t',
  'mpeg-ps': 'video/mpeg',
  ogg: 'video/ogg',
  rm: 'application/vnd.rn-realmedia',
};

/** How many leading bytes `sniffVideo` needs (an MPEG-TS check looks at three packets). */
export const SNIFF_BYTES = 4096;

export function hasVideoExtension(path: string): boolean {
  return VIDEO_EXTENSIONS.has(extname(path).toLowerCase());
}

export function videoContentType(kind: VideoKind | null): string {
  return kind === null ? 'application/octet-stream' : CONTENT_TYPES[kind];
}

function ascii(head: Uint8Array, at: number, text: string): boolean {
  for (let i = 0; i < text.length; i++) if (head[at + i] !== text.charCodeAt(i)) return false;
  return true;
}

function bytes(head: Uint8Array, at: number, expected: readonly number[]): boolean {
  return expected.every((value, i) => head[at + i] === value);
}

/** The container a file's first bytes announce, or null when they announce none we know. */
export function sniffVideo(head: Uint8Array): VideoKind | null {
  if (ascii(head, 4, 'ftyp')) return isoBrand(head);
  // QuickTime files without an ftyp box start with one of these atoms.
  if (['moov', 'mdat', 'wide', 'free', 'skip', 'pnot'].some((atom) => ascii(head, 4, atom)) && head.length >= 8) return 'mov';
  if (bytes(head, 0, [0x1a, 0x45, 0xdf, 0xa3])) return ebmlDocType(head);
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'AVI ')) return 'avi';
  if (ascii(head, 0, 'FLV') && head[3] === 1) return 'flv';
  if (bytes(head, 0, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11])) return 'asf';
  if (bytes(head, 0, [0x00, 0x00, 0x01, 0xba])) return 'mpeg-ps';
  if (bytes(head, 0, [0x00, 0x00, 0x01, 0xb3])) return 'mpeg-ps';
  if (ascii(head, 0, 'OggS')) return 'ogg';
  if (ascii(head, 0, '.RMF')) return 'rm';
  if (isTransportStream(head, 0, 188) || isTransportStream(head, 4, 192)) return 'mpeg-ts';
  return null;
}

function isoBrand(head: Uint8Array): VideoKind {
  const brand = String.fromCharCode(...head.subarray(8, 12));
  if (brand === 'qt  ') return 'mov';
  if (brand.startsWith('3g')) return '3gp';
  return 'mp4';
}

function ebmlDocType(head: Uint8Array): VideoKind {
  // The DocType element (0x4282) sits in the EBML header, within the first few dozen bytes.
  const window = Buffer.from(head.subarray(0, 64)).toString('latin1');
  return window.includes('webm') ? 'webm' : 'matroska';
}

/** Three sync bytes one packet apart: MPEG-TS (188-byte packets) or M2TS (4-byte prefix, 192). */
function isTransportStream(head: Uint8Array, offset: number, packet: number): boolean {
  if (head.length < offset + packet * 2 + 1) return false;
  return head[offset] === 0x47 && head[offset + packet] === 0x47 && head[offset + packet * 2] === 0x47;
}

/** A file swapped for a named pipe since it was listed answers at once instead of blocking the read. */
const DO_NOT_WAIT = constants.O_NONBLOCK ?? 0;

/**
 * Reads the head of a file and sniffs it; null when it is not a video we recognise. Blocking
 * reads, for the file-check thread (uploads/file-check.ts): never on the main thread, where a
 * slow disk would stall everything else.
 */
export function sniffVideoFileBlocking(path: string): VideoKind | null {
  const fd = openSync(path, constants.O_RDONLY | DO_NOT_WAIT);
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    const bytesRead = readSync(fd, head, 0, SNIFF_BYTES, 0);
    return sniffVideo(head.subarray(0, bytesRead));
  } finally {
    closeSync(fd);
  }
}

interface VideoInspection {
  /** Container header facts, or null when they could not be read. */
  media: MediaInfo | null;
  /** Why this is not uploaded as a video, or null. */
  refusal: Said | null;
}

/**
 * Reads the container header of a file the sniffing called a video. A container that lists
 * tracks but no video track (an .mp4 holding only sound, say) is refused with a sentence; a
 * header that cannot be read leaves the decision to the sniffing (the service will judge).
 */
export async function inspectVideoFile(path: string): Promise<VideoInspection> {
  let probe;
  try {
    probe = await probeMedia(path);
  } catch {
    return { media: null, refusal: null };
  }
  if (probe.hasVideo === false) {
    const name = basename(path);
    const { container, audioCodec: codec } = probe.info;
    const refusal = codec
      ? container
        ? said('skip_sound_only_in', { name, container, codec })
        : said('skip_sound_only', { name, codec })
      : container
        ? said('skip_no_video_track_in', { name, container })
        : said('skip_no_video_track', { name });
    return { media: probe.info, refusal };
  }
  return { media: probe.info, refusal: null };
}
