// Exports links: a preview of the first entries (the Links menu), or the whole export written
// to a file the person picked in the save dialog, streamed with the stream's backpressure and
// with progress, under a temporary name renamed at the end (never half a file at that name).
import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { once } from 'node:events';
import { AppError } from '../../../shared/errors.ts';
import type { ExportOptions, ExportPreview, ExportSource } from '../../../shared/export-options.ts';
import type { EventSink } from '../rpc/events.ts';
import { checkOptions, exportEntry, exportFrame } from './export-lines.ts';
import { exportVideos, type SourceContext } from './export-sources.ts';

const PREVIEW_ENTRIES = 10;
/** What the clipboard takes (clipboard:writeText); larger exports are saved to a file. */
export const MAX_COPY_CHARS = 1_000_000;
const PROGRESS_EVERY_MS = 250;

export interface ExportServiceDeps extends SourceContext {
  events: EventSink;
  /** Only paths the person chose in the save dialog are written. */
  mayWrite: (path: string) => boolean;
  now?: () => number;
}

export class ExportService {
  readonly #deps: ExportServiceDeps;

  constructor(deps: ExportServiceDeps) {
    this.#deps = deps;
  }

  preview(source: ExportSource, options: ExportOptions): ExportPreview {
    checkOptions(options);
    const frame = exportFrame(options);
    let text = frame.head;
    let count = 0;
    for (const video of exportVideos(this.#deps, source)) {
      if (count < PREVIEW_ENTRIES) text += exportEntry(video, options, count);
      count++;
    }
    return { text: text + frame.tail(Math.min(count, PREVIEW_ENTRIES)), count, shown: Math.min(count, PREVIEW_ENTRIES) };
  }

  /** The whole export as text, for the clipboard; refused in words when it is too large for it. */
  text(source: ExportSource, options: ExportOptions): { text: string; count: number } {
    checkOptions(options);
    const frame = exportFrame(options);
    let text = frame.head;
    let count = 0;
    for (const video of exportVideos(this.#deps, source)) {
      text += exportEntry(video, options, count);
      count++;
      if (text.length > MAX_COPY_CHARS) {
        throw new AppError('validation', 'These links are too many to copy at once; save them to a file instead.', { retryable: false });
      }
    }
    return { text: text + frame.tail(count), count };
  }

  async toFile(path: string, source: ExportSource, options: ExportOptions): Promise<{ path: string; count: number }> {
    if (!this.#deps.mayWrite(path)) throw new AppError('validation', 'Vidlift writes an export only to a file chosen in the save dialog.', { retryable: false });
    checkOptions(options);
    const now = this.#deps.now ?? Date.now;
    // A fresh random name, created exclusively ('wx': O_CREAT|O_EXCL, which never follows a
    // link): a fixed name next to the file could be a link planted beforehand, and writing
    // through it would overwrite the link's target. Same folder, so the rename is atomic.
    const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(8).toString('hex')}.vidlift-part`);
    let handle;
    try {
      handle = await open(temporary, 'wx', 0o600);
    } catch (error) {
      throw writeFailed(path, error);
    }
    const out = handle.createWriteStream();
    const frame = exportFrame(options);
    let count = 0;
    let lastReport = 0;
    try {
      await write(out, frame.head);
      for (const video of exportVideos(this.#deps, source)) {
        await write(out, exportEntry(video, options, count));
        count++;
        if (now() - lastReport >= PROGRESS_EVERY_MS) {
          lastReport = now();
          this.#deps.events.emit('export:progress', { path, written: count, done: false });
        }
      }
      await write(out, frame.tail(count));
      out.end();
      // Closed before the rename (Windows refuses to rename an open file).
      await once(out, 'close');
      await rename(temporary, path);
    } catch (error) {
      out.destroy();
      await rm(temporary, { force: true });
      throw writeFailed(path, error);
    }
    this.#deps.events.emit('export:progress', { path, written: count, done: true });
    return { path, count };
  }
}

function writeFailed(path: string, error: unknown): AppError {
  return new AppError('internal', `The export could not be written to ${path}: ${error instanceof Error ? error.message : String(error)}`, { retryable: true, cause: error });
}

/** Writes and waits for the stream to drain when its buffer is full. */
async function write(out: NodeJS.WritableStream, text: string): Promise<void> {
  if (text === '' || out.write(text)) return;
  await once(out, 'drain');
}
