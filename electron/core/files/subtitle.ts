// Subtitle file checks before anything is queued (spec 4.14: SRT or WebVTT, at most 500 KB).
// The format is decided by content and every cue timing is parsed: the service converts SRT
// to WebVTT, and a file with broken timings would fail there, later and less clearly.
// Reading, decoding and repairing a file come first: subtitle-prepare.ts.
import { AppError } from '../../../shared/errors.ts';
import { said, type Said } from '../../../shared/said.ts';
import type { SubtitlePreview } from '../../../shared/media.ts';

/** 500 KB as the spec counts it (KB = 1024 bytes). */
export const SUBTITLE_MAX_BYTES = 512_000;

export type SubtitleFormat = 'srt' | 'vtt';

/** A file made ready to send (subtitle-prepare.ts), on this thread or on its own (subtitle-thread.ts). */
export interface PreparedSubtitle {
  format: SubtitleFormat;
  /** The bytes to send: UTF-8, repaired. */
  bytes: Buffer;
  size: number;
  preview: SubtitlePreview;
}

function refuse(reason: Said): never {
  throw new AppError('validation', reason, { retryable: false });
}

export function detectFormat(text: string): SubtitleFormat | null {
  if (/^WEBVTT(?:[ \t][^\r\n]*)?(?:\r?\n|$)/.test(text)) return 'vtt';
  const lines = text.replace(/^\s+/, '').split(/\r?\n/);
  if (/^\d+\s*$/.test(lines[0] ?? '') && (lines[1] ?? '').includes('-->')) return 'srt';
  // An SRT whose first cue lost its number still starts with an SRT timing (repaired later).
  if (/^\d{1,2}:\d{2}:\d{2}[,.]\d{1,3}\s*-->/.test(lines[0] ?? '')) return 'srt';
  return null;
}

const SRT_TIME = String.raw`(\d{1,2}):(\d{2}):(\d{2})[,.](\d{3})`;
const VTT_TIME = String.raw`(?:(\d{2,}):)?(\d{2}):(\d{2})\.(\d{3})`;
const SRT_TIMING = new RegExp(String.raw`^\s*${SRT_TIME}\s+-->\s+${SRT_TIME}(?:\s.*)?$`);
const VTT_TIMING = new RegExp(String.raw`^\s*${VTT_TIME}[ \t]+-->[ \t]+${VTT_TIME}(?:[ \t].*)?$`);

function millis(h: string | undefined, m: string, s: string, ms: string): number | null {
  const minutes = Number(m);
  const seconds = Number(s);
  if (minutes > 59 || seconds > 59) return null;
  return ((Number(h ?? '0') * 60 + minutes) * 60 + seconds) * 1000 + Number(ms);
}

type TimingProblem = { line: number; text: string; reason: 'unreadable' | 'ends_before_start' } | { line: 0; text: ''; reason: 'no_cues' };

/** Finds the first broken cue timing; null when every cue timing is valid. */
export function findTimingProblem(text: string, format: SubtitleFormat): TimingProblem | null {
  const pattern = format === 'srt' ? SRT_TIMING : VTT_TIMING;
  const lines = text.split(/\r?\n|\r/);
  let cues = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (!line.includes('-->')) continue;
    const match = pattern.exec(line);
    const g = match ?? [];
    const start = match ? millis(g[1], g[2] ?? '', g[3] ?? '', g[4] ?? '') : null;
    const end = match ? millis(g[5], g[6] ?? '', g[7] ?? '', g[8] ?? '') : null;
    if (start === null || end === null) return { line: i + 1, text: line.trim().slice(0, 60), reason: 'unreadable' };
    if (end < start) return { line: i + 1, text: line.trim().slice(0, 60), reason: 'ends_before_start' };
    cues++;
  }
  return cues === 0 ? { line: 0, text: '', reason: 'no_cues' } : null;
}

export function checkSubtitleText(text: string, name: string): SubtitleFormat {
  const format = detectFormat(text);
  if (format === null) refuse(said('subtitle_not_subtitle', { name }));
  const problem = findTimingProblem(text, format);
  if (problem?.reason === 'no_cues') refuse(said('subtitle_no_cues', { name }));
  if (problem?.reason === 'unreadable') refuse(said('subtitle_broken_timing', { name, line: problem.line, text: problem.text }));
  if (problem?.reason === 'ends_before_start') refuse(said('subtitle_ends_before_start', { name, line: problem.line, text: problem.text }));
  return format;
}
