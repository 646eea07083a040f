// Repairs of decoded subtitle text, the faults real SRT files carry that make a host mangle
// or refuse them: a byte-order mark (or several, after files were joined), CRLF/LF/CR mixes,
// SRT timestamps with a period (or VTT ones with a comma), cues run together without the
// blank line between them, and cue numbers with gaps or repeats. Each repair is reported
// in words so the preview can say what was changed. Also the SRT -> WebVTT conversion the
// service applies (it stores WebVTT), for the preview only.
import type { SubtitleFormat } from './subtitle.ts';

interface Cue {
  /** 1-based position in the file. */
  index: number;
  /** The line just before the timing: an SRT number or a WebVTT cue identifier. */
  id: string | null;
  start: string;
  end: string;
  /** Cue settings after the end time (VTT), kept as written. */
  settings: string;
  lines: string[];
}

interface Repaired {
  text: string;
  fixes: string[];
}

const TIME = String.raw`(?:\d{1,3}:)?\d{1,2}:\d{2}[,.]\d{1,3}`;
const TIMING = new RegExp(String.raw`^\s*(${TIME})\s*-->\s*(${TIME})(.*)$`);

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** A timestamp in the format's own notation: SRT `00:00:01,000`, VTT `00:00:01.000`. */
function fixTime(time: string, format: SubtitleFormat): string {
  const [clock = '', fraction = ''] = time.split(/[,.]/);
  const parts = clock.split(':');
  // WebVTT allows a timestamp without hours; SRT does not.
  if (parts.length === 2 && format === 'srt') parts.unshift('00');
  const hms = parts.map((p) => p.padStart(2, '0')).join(':');
  return `${hms}${format === 'srt' ? ',' : '.'}${fraction.padEnd(3, '0')}`;
}

/** Splits text into its cues: every timing line starts one; the lines up to the next are its text. */
export function parseCues(text: string): { cues: Cue[]; header: string[] } {
  const lines = text.split('\n');
  const timings: number[] = [];
  for (let i = 0; i < lines.length; i++) if (TIMING.test(lines[i] ?? '')) timings.push(i);
  const header = lines.slice(0, Math.max(0, (timings[0] ?? lines.length) - 1));
  const cues: Cue[] = timings.map((at, k) => {
    const next = timings[k + 1];
    let body = lines.slice(at + 1, next === undefined ? lines.length : next);
    // The line just before the next timing is that cue's number or identifier, not text.
    if (next !== undefined && body.length > 0) body = body.slice(0, -1);
    const match = TIMING.exec(lines[at] ?? '') ?? [];
    const id = (lines[at - 1] ?? '').trim();
    return {
      index: k + 1,
      id: id === '' || (k === 0 && /^WEBVTT/.test(id)) ? null : id,
      start: match[1] ?? '',
      end: match[2] ?? '',
      settings: (match[3] ?? '').trim(),
      lines: body.filter((line) => line.trim() !== ''),
    };
  });
  return { cues, header };
}

/** Fixes a subtitle's text in its own format; `fixes` lists what changed, empty when nothing did. */
export function repairSubtitle(raw: string, format: SubtitleFormat): Repaired {
  const fixes: string[] = [];
  const boms = (raw.match(/\uFEFF/g) ?? []).length;
  let text = raw.replace(/\uFEFF/g, '');
  if (boms > 0) fixes.push(boms === 1 ? 'removed the byte-order mark' : `removed ${boms} byte-order marks`);

  const crlf = (text.match(/\r\n/g) ?? []).length;
  const lone = (text.match(/\r(?!\n)/g) ?? []).length;
  const lf = (text.match(/(?<!\r)\n/g) ?? []).length;
  const styles = [crlf, lone, lf].filter((n) => n > 0).length;
  text = text.replace(/\r\n?/g, '\n');
  if (styles > 1) fixes.push('made the mixed line endings uniform');
  else if (crlf > 0 || lone > 0) fixes.push('changed Windows (CRLF) line endings to LF');

  const { cues, header } = parseCues(text);
  let separators = 0;
  let missingBlank = 0;
  let renumbered = false;
  const lines = text.split('\n');
  for (let i = 0, k = 0; i < lines.length; i++) {
    const match = TIMING.exec(lines[i] ?? '');
    if (!match) continue;
    const cue = cues[k++];
    if (!cue) break;
    if (fixTime(match[1] ?? '', format) !== match[1] || fixTime(match[2] ?? '', format) !== match[2]) separators++;
    // A cue needs a blank line before it (SRT: before its number; VTT: before it or its id).
    const blank = (at: number) => (lines[at] ?? '').trim() === '';
    if (k > 1 && !blank(i - 1) && !blank(i - 2)) missingBlank++;
    if (format === 'srt' && (lines[i - 1] ?? '').trim() !== String(cue.index)) renumbered = true;
  }
  if (separators > 0) fixes.push(`wrote ${plural(separators, 'cue timing', 'cue timings')} with ${format === 'srt' ? 'commas (SRT)' : 'periods (WebVTT)'}`);
  if (missingBlank > 0) fixes.push(`added ${plural(missingBlank, 'missing blank line', 'missing blank lines')} between cues`);
  if (renumbered) fixes.push('numbered the cues 1, 2, 3 … without gaps');

  // SRT has no header; lines before the first cue are kept only when they hold something
  // (a timing the parser could not read must stay, so the check after repair reports it).
  const leading = header.some((line) => line.trim() !== '') ? [...trimEnd(header), ''] : [];
  const vttHeader = trimEnd(header);
  const out: string[] = format === 'vtt' ? [...(vttHeader.length > 0 ? vttHeader : ['WEBVTT']), ''] : leading;
  for (const cue of cues) {
    const timing = `${fixTime(cue.start, format)} --> ${fixTime(cue.end, format)}${cue.settings && format === 'vtt' ? ` ${cue.settings}` : ''}`;
    if (format === 'srt') out.push(String(cue.index));
    else if (cue.id !== null) out.push(cue.id);
    out.push(timing);
    // One push per line: spreading a cue's lines into push() passes each as an argument, and a
    // cue of a few hundred thousand lines (a file within the size read) overflows the stack.
    for (const line of cue.lines) out.push(line);
    out.push('');
  }
  const repaired = out.join('\n');
  return { text: cues.length === 0 ? text : repaired, fixes };
}

function trimEnd(lines: string[]): string[] {
  const copy = [...lines];
  while (copy.length > 0 && (copy[copy.length - 1] ?? '').trim() === '') copy.pop();
  return copy;
}

/** SRT -> WebVTT as the service stores it: a header, periods in timestamps, no cue numbers. */
export function srtToVtt(srt: string): string {
  const { cues } = parseCues(srt.replace(/\r\n?/g, '\n').replace(/\uFEFF/g, ''));
  const out = ['WEBVTT', ''];
  for (const cue of cues) {
    out.push(`${fixTime(cue.start, 'vtt')} --> ${fixTime(cue.end, 'vtt')}`);
    for (const line of cue.lines) out.push(line);
    out.push('');
  }
  return out.join('\n');
}
