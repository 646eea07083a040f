// What a local video file is, read from its container header: duration, width x height,
// codecs and bitrate. The parser is mediainfo.js (MediaInfoLib compiled to WebAssembly): one
// well-kept parser for MP4/MOV/3GP, Matroska/WebM, AVI, FLV, MPEG-TS/PS, ASF/WMV and Ogg,
// where mp4box covers ISO-BMFF only and music-metadata is built for audio tags. It is fed
// ranged reads from a file handle, never the whole file: MediaInfoLib asks for the parts it
// needs (the header, an index at the end of the file) and stops; a read budget bounds the
// rest, so a 4 GiB file costs a few hundred kilobytes. Bytes read are counted per file
// (the media bench prints them).
import { open } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { MediaInfo as MediaInfoParser, MediaInfoResult, Track } from 'mediainfo.js';
import type { MediaInfo } from '../../../shared/media.ts';
import { lazyPackage } from '../lazy-package.ts';

/** Loaded at the first probe (a drop, a watch folder's file), not with the main process. */
const mediaInfoPackage = lazyPackage<typeof import('mediainfo.js')>('mediainfo.js');

/** Chunk handed to MediaInfoLib per read: small, since it mostly wants headers. */
const CHUNK_BYTES = 64 * 1024;
/**
 * Reads past this many bytes end the parse with what is known: the header facts come first,
 * and MediaInfoLib would otherwise read deep into the stream of a large file to refine
 * figures it already has.
 */
export const MEDIA_READ_BUDGET = 256 * 1024;

interface MediaProbe {
  info: MediaInfo;
  /**
   * Whether the container has a video track: false when it lists other tracks (sound,
   * subtitles) but no video, null when no track could be read at all (a damaged or
   * unusual file: the sniffing of video.ts decides then).
   */
  hasVideo: boolean | null;
  bytesRead: number;
}

// Not named `require`: electron-vite's ESM shim declares a top-level `require` in the main
// bundle, and a second declaration made out/main/index.js a SyntaxError (the app could not start).
const requireHere = createRequire(import.meta.url);
let parser: Promise<MediaInfoParser<'object'>> | null = null;
// One MediaInfoLib instance parses one file at a time; probes queue behind each other.
let queue: Promise<unknown> = Promise.resolve();

function instance(): Promise<MediaInfoParser<'object'>> {
  parser ??= mediaInfoPackage().mediaInfoFactory({
    format: 'object',
    chunkSize: CHUNK_BYTES,
    locateFile: () => requireHere.resolve('mediainfo.js/MediaInfoModule.wasm'),
  });
  return parser;
}

function num(value: unknown): number | null {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : null;
}

function str(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function field(track: Track | undefined, name: string): unknown {
  return track ? (track as unknown as Record<string, unknown>)[name] : undefined;
}

/** The facts the app shows, from MediaInfoLib's tracks. */
function summarize(result: MediaInfoResult): { info: MediaInfo; hasVideo: boolean | null } {
  const tracks = result.media?.track ?? [];
  const general = tracks.find((t) => t['@type'] === 'General');
  const video = tracks.find((t) => t['@type'] === 'Video');
  const audio = tracks.find((t) => t['@type'] === 'Audio');
  const width = num(field(video, 'Width'));
  const height = num(field(video, 'Height'));
  return {
    hasVideo: video !== undefined ? true : tracks.some((t) => t['@type'] !== 'General') ? false : null,
    info: {
      container: str(field(general, 'Format')),
      durationSeconds: num(field(general, 'Duration')) ?? num(field(video, 'Duration')),
      width: width === null ? null : Math.round(width),
      height: height === null ? null : Math.round(height),
      videoCodec: str(field(video, 'Format')),
      audioCodec: str(field(audio, 'Format')),
      bitrate: num(field(general, 'OverallBitRate')),
    },
  };
}

/** Reads a file's container header; throws when the file cannot be opened. */
export function probeMedia(path: string, budget = MEDIA_READ_BUDGET): Promise<MediaProbe> {
  const run = queue.then(() => probe(path, budget));
  queue = run.catch(() => undefined);
  return run;
}

async function probe(path: string, budget: number): Promise<MediaProbe> {
  const mediainfo = await instance();
  const handle = await open(path, 'r');
  let bytesRead = 0;
  try {
    const size = (await handle.stat()).size;
    const result = await mediainfo.analyzeData(size, async (length, offset) => {
      // An empty chunk tells the parser there is no more: it finishes with what it has.
      if (bytesRead >= budget) return new Uint8Array(0);
      const buffer = Buffer.alloc(Math.min(length, budget - bytesRead));
      const read = await handle.read(buffer, 0, buffer.length, offset);
      bytesRead += read.bytesRead;
      return buffer.subarray(0, read.bytesRead);
    });
    return { ...summarize(result), bytesRead };
  } finally {
    await handle.close();
  }
}
