// A subtitle file made ready for operation 20: read, its encoding detected (or the one the
// person chose), decoded, repaired (subtitle-repair.ts), checked cue by cue, and encoded
// as UTF-8. What is sent is the file's own format (an SRT stays SRT) in UTF-8 with the
// repairs applied: the spec takes SRT or WebVTT and converts SRT itself, so the service's
// conversion stays the one that decides the stored WebVTT; the app converts only for the
// preview. The 500 KB limit applies to the bytes sent, after conversion.
//
// The work runs on a worker thread (subtitle-thread.ts): a 1 MB file takes 0.4 to 1 s of
// CPU, and on the main process that stalls the window, the uploads' progress and the sync
// meanwhile. Bounding the input instead would not do: the service's 500 KB limit is on the
// UTF-8 sent, so a UTF-16 or CRLF file of up to 1 MB is valid, and even 500 KB costs a few
// hundred milliseconds. A file of at most 32 KB is prepared inline: that takes a few tens
// of milliseconds at most, less than starting the thread would.
import { basename } from 'node:path';
import { AppError } from '../../../shared/errors.ts';
import { said, type Said } from '../../../shared/said.ts';
import { readPickedFile } from './image.ts';
import { checkSubtitleText, detectFormat, SUBTITLE_MAX_BYTES, type PreparedSubtitle, type SubtitleFormat } from './subtitle.ts';
import { SUBTITLE_ENCODINGS } from '../../../shared/subtitle-encodings.ts';
import { decodeWith, detectSubtitleEncoding, encodeUtf8, isKnownEncoding } from './subtitle-encoding.ts';
import { parseCues, repairSubtitle, srtToVtt } from './subtitle-repair.ts';
import { prepareOnThread } from './subtitle-thread.ts';

/**
 * Any file whose UTF-8 form fits in 500 KB is at most twice that before conversion (UTF-16
 * of ASCII text is the largest case among the encodings offered), so larger is refused unread.
 */
export const SUBTITLE_MAX_SOURCE_BYTES = 2 * SUBTITLE_MAX_BYTES;

/** Up to this size a file is prepared on the calling thread (see the top of this file). */
export const SUBTITLE_INLINE_MAX_BYTES = 32 * 1024;

/** Cues shown in the preview. */
const PREVIEW_CUES = 8;
const PREVIEW_VTT_CHARS = 2000;

function refuse(reason: Said): never {
  throw new AppError('validation', reason, { retryable: false });
}

/** KB as the spec counts them, rounded up so a file just over the limit never reads as 500 KB. */
function kilobytes(bytes: number): number {
  return Math.ceil(bytes / 1024);
}

/** Prepares decoded-or-raw bytes; `name` is for the refusals. */
export function prepareSubtitleBytes(raw: Uint8Array, name: string, encoding?: string): PreparedSubtitle {
  if (encoding !== undefined && !isKnownEncoding(encoding)) refuse(said('subtitle_encoding_unknown', { encoding }));
  const detected = detectSubtitleEncoding(raw);
  const used = encoding ?? detected.encoding;
  const decoded = decodeWith(raw, used);
  if (decoded.includes('\0')) refuse(said('subtitle_not_text', { name, encoding: labelOf(used) }));
  const format = detectFormat(decoded.replace(/^\uFEFF+/, '').replace(/\r\n?/g, '\n'));
  if (format === null) refuse(encoding === undefined ? said('subtitle_not_subtitle', { name }) : said('subtitle_not_subtitle_read_as', { name, encoding: labelOf(used) }));
  const { text, fixes } = repairSubtitle(decoded, format);
  checkSubtitleText(text, name);
  const bytes = encodeUtf8(text);
  if (bytes.length > SUBTITLE_MAX_BYTES) {
    refuse(said(used === 'utf-8' ? 'subtitle_too_large' : 'subtitle_too_large_converted', { name, kilobytes: kilobytes(bytes.length) }));
  }
  const { cues } = parseCues(text);
  return {
    format,
    bytes,
    size: bytes.length,
    preview: {
      name,
      format,
      encoding: used,
      detectedEncoding: detected.encoding,
      detectedBy: detected.by,
      confidence: detected.confidence,
      overridden: encoding !== undefined,
      fixes,
      cueCount: cues.length,
      size: bytes.length,
      cues: cues.slice(0, PREVIEW_CUES).map((cue) => ({ index: cue.index, start: cue.start, end: cue.end, text: cue.lines.join('\n') })),
      vtt: format === 'srt' ? truncate(srtToVtt(text)) : null,
    },
  };
}

function truncate(vtt: string): string {
  if (vtt.length <= PREVIEW_VTT_CHARS) return vtt;
  const cut = vtt.lastIndexOf('\n\n', PREVIEW_VTT_CHARS);
  return `${vtt.slice(0, cut > 0 ? cut : PREVIEW_VTT_CHARS)}\n\n…`;
}

function labelOf(encoding: string): string {
  return SUBTITLE_ENCODINGS.find((e) => e.name === encoding)?.label ?? encoding;
}

/** Reads a picked subtitle file and prepares it off the main thread; throws AppError('validation') with the reason. */
export async function prepareSubtitleFile(path: string, encoding?: string): Promise<PreparedSubtitle> {
  const name = basename(path);
  const raw = await readPickedFile(path, 'subtitle', SUBTITLE_MAX_SOURCE_BYTES, (size) => said('subtitle_too_large', { name, kilobytes: kilobytes(size) }));
  if (raw.length <= SUBTITLE_INLINE_MAX_BYTES) return prepareSubtitleBytes(raw, name, encoding);
  return prepareOnThread(raw, name, encoding) ?? prepareSubtitleBytes(raw, name, encoding);
}

/** The check the handlers and the outbox run: format and size of what will be sent. */
export async function checkSubtitleFile(path: string, encoding?: string): Promise<{ format: SubtitleFormat; size: number }> {
  const { format, size } = await prepareSubtitleFile(path, encoding);
  return { format, size };
}
