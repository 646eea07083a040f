// The one export writer: a source's videos through a format's row of the table
// (shared/export-formats.ts) into a sink. The sinks: the text answered to the window (the
// preview and the clipboard), a file the person chose (under a temporary name renamed at the
// end, so a failed or cancelled export leaves no file at that name), and the pieces the
// command line pulls for its stdout (export-service.ts). The pieces are made one video at a
// time: an export of any size is never held whole, except as the clipboard's text.
import { AppError } from '../../../shared/errors.ts';
import { checkTemplate, EXPORT_FORMAT, TemplateError, type ColumnSet, type ExportVideo } from '../../../shared/export-formats.ts';
import type { ExportOptions } from '../../../shared/export-options.ts';
import { said } from '../../../shared/said.ts';

/** How far a written export got: the videos it holds and the entries written (a preview writes fewer). */
export interface ExportTally {
  count: number;
  written: number;
}

/** Where the pieces go; a promise makes the writer wait (a full stream, a pipe). */
export interface ExportSink {
  write(text: string): void | Promise<void>;
}

/** Refuses bad options (an unknown placeholder) before anything is written. */
export function checkOptions(options: ExportOptions): void {
  if (options.format !== 'template') return;
  try {
    checkTemplate(options.template ?? '');
  } catch (error) {
    if (error instanceof TemplateError) throw new AppError('validation', error.message, { retryable: false });
    throw error;
  }
}

/**
 * The export as pieces of text: the format's head, one entry per video, its tail. Past `shown`
 * entries the videos are only counted (the preview). `tally` says how far it got.
 */
export function* exportPieces(videos: Iterable<ExportVideo>, options: ExportOptions, tally: ExportTally, shown = Infinity, columns: ColumnSet = 'videos'): Generator<string> {
  checkOptions(options);
  const row = EXPORT_FORMAT[options.format];
  const entryOptions = { ...options, columns };
  if (row.head) yield row.head(entryOptions);
  for (const video of videos) {
    if (tally.written < shown) {
      yield row.entry(video, entryOptions, tally.written);
      tally.written++;
    }
    tally.count++;
  }
  if (row.tail) yield row.tail(tally.written);
}

/** Drives the pieces into a sink, stopping between two pieces once `signal` is aborted. */
export async function writeExport(pieces: Iterable<string>, sink: ExportSink, signal?: AbortSignal): Promise<void> {
  for (const piece of pieces) {
    signal?.throwIfAborted();
    await sink.write(piece);
  }
  signal?.throwIfAborted();
}

/** What the clipboard takes (clipboard:writeText); larger exports are saved to a file. */
export const MAX_COPY_CHARS = 1_000_000;

/** The text sink: the whole export as one string, refused when it outgrows `max`. */
export function textSink(max = Infinity): ExportSink & { text: () => string } {
  const parts: string[] = [];
  let length = 0;
  return {
    write(piece) {
      length += piece.length;
      if (length > max) throw new AppError('validation', said('export_too_many_links'), { retryable: false });
      parts.push(piece);
    },
    text: () => parts.join(''),
  };
}

