// Plain DTOs of the media features (issue 15): the subtitle preview before sending, what a
// local video file is (from its container header), and the local playback of a granted
// video for picking a thumbnail frame. Kept beside model.ts so each feature's shapes stay
// in one place.
import { z } from 'zod';
import { SUBTITLE_ENCODINGS } from './subtitle-encodings.ts';

export const SubtitleEncoding = z.enum(SUBTITLE_ENCODINGS.map((e) => e.name) as [string, ...string[]]);

const SubtitleCuePreview = z.object({
  index: z.number().int(),
  start: z.string(),
  end: z.string(),
  text: z.string(),
});

export const SubtitlePreview = z.object({
  name: z.string(),
  format: z.enum(['srt', 'vtt']),
  /** The encoding the text was read with (detected, or the person's choice). */
  encoding: z.string(),
  detectedEncoding: z.string(),
  detectedBy: z.enum(['bom', 'utf16-pattern', 'utf8-valid', 'detector', 'fallback']),
  /** The detector's confidence, 0-100, when the detector decided. */
  confidence: z.number().nullable(),
  overridden: z.boolean(),
  /** What was repaired, in words (empty when nothing). */
  fixes: z.array(z.string()),
  cueCount: z.number().int(),
  /** Bytes that will be sent (UTF-8). */
  size: z.number().int(),
  cues: z.array(SubtitleCuePreview),
  /** The start of the WebVTT the service will store, for an SRT; null for a WebVTT file. */
  vtt: z.string().nullable(),
});
export type SubtitlePreview = z.infer<typeof SubtitlePreview>;

/** What a local video file is, from its container header (mediainfo.js). */
export const MediaInfo = z.object({
  container: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  videoCodec: z.string().nullable(),
  audioCodec: z.string().nullable(),
  /** Overall bits per second. */
  bitrate: z.number().nullable(),
});
export type MediaInfo = z.infer<typeof MediaInfo>;
