// Exports answered over the contract, each the one writer (writer.ts) with its sink: the
// preview (the first entries), the clipboard's text, a file chosen in the save dialog (with
// progress, cancellable by its export id) and the pieces the command line pulls for stdout.
import { AppError } from '../../../shared/errors.ts';
import type { ExportId, ExportOptions, ExportPreview, ExportSource } from '../../../shared/export-options.ts';
import type { EventSink } from '../rpc/events.ts';
import { columnsFor, exportVideos, type SourceContext } from './sources.ts';
import { checkOptions, exportPieces, MAX_COPY_CHARS, textSink, writeExport, type ExportTally } from './writer.ts';
import { writeToFile } from '../files/write-file.ts';
import { said } from '../../../shared/said.ts';

const PREVIEW_ENTRIES = 10;
const PROGRESS_EVERY_MS = 250;
/** What one export:read answers at most (a few pieces more than this: pieces are not split). */
const READ_CHARS = 256 * 1024;
/** Streams pulled at once: a page that opens them and never reads to the end cannot pile them up. */
const MAX_OPEN_READS = 4;
/** Ids cancelled before their export started, remembered so the start stops at once (the newest few). */
const REMEMBERED_CANCELS = 16;

export interface ExportServiceDeps extends SourceContext {
  events: EventSink;
  /** Only paths the person chose in the save dialog are written (each once). */
  mayWrite: (path: string) => boolean;
  now?: () => number;
}

export class ExportService {
  readonly #deps: ExportServiceDeps;
  /** Running file exports, by the id their caller gave: export:cancel aborts them. */
  readonly #running = new Map<ExportId, AbortController>();
  /** Exports pulled a piece at a time (the command line's stdout), by id. */
  readonly #reads = new Map<ExportId, { pieces: Iterator<string>; tally: ExportTally }>();
  /** A token cancelled before its export began (VS Code's cancelled-before-use token). */
  readonly #cancelledEarly = new Set<ExportId>();

  constructor(deps: ExportServiceDeps) {
    this.#deps = deps;
  }

  #pieces(source: ExportSource, options: ExportOptions, tally: ExportTally, shown?: number): Generator<string> {
    // Checked now, before a file is made or a source read.
    checkOptions(options);
    return exportPieces(exportVideos(this.#deps, source), options, tally, shown, columnsFor(source));
  }

  async preview(source: ExportSource, options: ExportOptions): Promise<ExportPreview> {
    const tally = { count: 0, written: 0 };
    const sink = textSink();
    await writeExport(this.#pieces(source, options, tally, PREVIEW_ENTRIES), sink);
    return { text: sink.text(), count: tally.count, shown: tally.written };
  }

  /** The whole export as text, for the clipboard; refused in words when it is too large for it. */
  async text(source: ExportSource, options: ExportOptions): Promise<{ text: string; count: number }> {
    const tally = { count: 0, written: 0 };
    const sink = textSink(MAX_COPY_CHARS);
    await writeExport(this.#pieces(source, options, tally), sink);
    return { text: sink.text(), count: tally.count };
  }

  /** Writes the export to `path`; cancelled (export:cancel with `exportId`), it leaves no file there. */
  async toFile(exportId: ExportId, path: string, source: ExportSource, options: ExportOptions): Promise<{ path: string; count: number; cancelled: boolean }> {
    if (this.#running.has(exportId) || this.#reads.has(exportId)) throw new AppError('validation', said('export_running'), { retryable: false });
    if (!this.#deps.mayWrite(path)) throw new AppError('validation', said('export_not_chosen'), { retryable: false });
    const tally = { count: 0, written: 0 };
    const pieces = this.#pieces(source, options, tally);
    const abort = new AbortController();
    if (this.#cancelledEarly.delete(exportId)) abort.abort();
    this.#running.set(exportId, abort);
    const now = this.#deps.now ?? Date.now;
    let lastReport = 0;
    const report = (done: boolean) => this.#deps.events.emit('export:progress', { path, written: tally.written, done });
    try {
      await writeToFile(path, async (file) =>
        writeExport(pieces, {
          write: async (text) => {
            await file.write(text);
            if (now() - lastReport >= PROGRESS_EVERY_MS) {
              lastReport = now();
              report(false);
            }
          },
        }, abort.signal),
      );
    } catch (error) {
      if (abort.signal.aborted) {
        report(true);
        return { path, count: tally.written, cancelled: true };
      }
      if (error instanceof AppError) throw error;
      throw new AppError('internal', said('export_not_written', { path, detail: error instanceof Error ? error.message : String(error) }), { retryable: true, cause: error });
    } finally {
      this.#running.delete(exportId);
    }
    report(true);
    return { path, count: tally.count, cancelled: false };
  }

  /**
   * The next pieces of an export pulled by the caller (the command line writes them to
   * stdout, waiting while its pipe is full): the first read with an id starts the export.
   */
  read(exportId: ExportId, source: ExportSource, options: ExportOptions): { text: string; count: number; done: boolean } {
    let open = this.#reads.get(exportId);
    if (!open) {
      if (this.#running.has(exportId)) throw new AppError('validation', said('export_running'), { retryable: false });
      if (this.#reads.size >= MAX_OPEN_READS) throw new AppError('limit_reached', said('export_too_many_reads'), { retryable: true });
      this.#cancelledEarly.delete(exportId);
      const tally = { count: 0, written: 0 };
      open = { pieces: this.#pieces(source, options, tally), tally };
      this.#reads.set(exportId, open);
    }
    const parts: string[] = [];
    let length = 0;
    try {
      while (length < READ_CHARS) {
        const next = open.pieces.next();
        if (next.done) {
          this.#reads.delete(exportId);
          return { text: parts.join(''), count: open.tally.count, done: true };
        }
        parts.push(next.value);
        length += next.value.length;
      }
    } catch (error) {
      this.#reads.delete(exportId);
      throw error;
    }
    return { text: parts.join(''), count: open.tally.count, done: false };
  }

  /** Stops the export with this id: a file export removes what it wrote; answers whether one was running. */
  cancel(exportId: ExportId): { cancelled: boolean } {
    const running = this.#running.get(exportId);
    running?.abort();
    const read = this.#reads.get(exportId);
    read?.pieces.return?.();
    this.#reads.delete(exportId);
    if (running === undefined && read === undefined) {
      this.#cancelledEarly.add(exportId);
      if (this.#cancelledEarly.size > REMEMBERED_CANCELS) this.#cancelledEarly.delete(this.#cancelledEarly.values().next().value!);
    }
    return { cancelled: running !== undefined || read !== undefined };
  }
}
