// An append-only log file with simple size rotation: when the file would pass `maxBytes`,
// vidlift.log becomes vidlift.log.1 (.1 becomes .2, ...) and the oldest beyond `keep` is
// dropped. Writes are synchronous on purpose: lines are few and small, and a line written
// just before a crash must be on disk. Lines arrive already redacted (RedactingLogger).
import fs from 'node:fs';
import path from 'node:path';
import type { LogRecord, LogSink } from './redacting.ts';

interface FileSinkOptions {
  /** The log file, e.g. <shell log folder>/vidlift.log. */
  file: string;
  maxBytes?: number;
  /** Rotated files kept besides the current one. */
  keep?: number;
}

export class FileSink implements LogSink {
  readonly #file: string;
  readonly #maxBytes: number;
  readonly #keep: number;
  #fd: number | null = null;
  #size = 0;

  constructor(options: FileSinkOptions) {
    this.#file = options.file;
    this.#maxBytes = options.maxBytes ?? 5 * 1024 * 1024;
    this.#keep = Math.max(1, options.keep ?? 3);
  }

  write(record: LogRecord): void {
    const data = Buffer.from(`${record.line}\n`, 'utf8');
    this.#open();
    if (this.#size > 0 && this.#size + data.length > this.#maxBytes) this.#rotate();
    if (this.#fd === null) return;
    fs.writeSync(this.#fd, data);
    this.#size += data.length;
  }

  close(): void {
    if (this.#fd !== null) fs.closeSync(this.#fd);
    this.#fd = null;
  }

  #open(): void {
    if (this.#fd !== null) return;
    fs.mkdirSync(path.dirname(this.#file), { recursive: true, mode: 0o700 });
    // 0o600: the log is the person's own diagnostics, not for other users of the machine.
    this.#fd = fs.openSync(this.#file, 'a', 0o600);
    this.#size = fs.fstatSync(this.#fd).size;
  }

  #rotate(): void {
    this.close();
    for (let n = this.#keep; n >= 1; n--) {
      const from = n === 1 ? this.#file : `${this.#file}.${n - 1}`;
      const to = `${this.#file}.${n}`;
      try {
        fs.renameSync(from, to);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    this.#open();
  }
}
