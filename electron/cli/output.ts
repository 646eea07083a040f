// How the command line talks: sentences and tables for a person at a terminal, one JSON
// document on stdout for scripts (--json), and every problem on stderr, never mixed into
// what a script reads.
//
// A reader that stops early (`vidlift-cli export | head`) closes the pipe: the next write
// fails with EPIPE. A Unix tool then stops quietly, so the command line does too: writing
// stops, the command is told (`closed`, and write() rejects with ReaderGone), and the run
// ends with exit 0 and nothing on stderr. Any other failure of stdout (a full disk behind
// `> file`) is a failure: write() rejects with it.
export interface Output {
  json: boolean;
  /** A terminal is attached to stdout: progress bars and colourless tables. */
  tty: boolean;
  /** A line for people (suppressed under --json). */
  say(line: string): void;
  /** A note on stderr (warnings, offline, skipped files), in both modes. */
  warn(line: string): void;
  /** The command's result: JSON under --json, `human()` otherwise. */
  result(value: unknown, human: () => void): void;
  /** One event as one line of JSON (NDJSON: `upload --json`), under --json only. */
  line(value: unknown): void;
  /** Streams text (or bytes: `links fix` keeps a text's encoding) to stdout, waiting while the pipe is full; rejects once stdout failed (ReaderGone: its reader left). */
  write(text: string | Uint8Array): Promise<void>;
  /** Aborted once stdout can take no more: the reason is ReaderGone, or the write error. */
  closed: AbortSignal;
}

/** Stdout's reader closed the pipe: the run ends quietly, with exit 0. */
export class ReaderGone extends Error {
  constructor() {
    super('The reader of stdout closed it.');
    this.name = 'ReaderGone';
  }
}

export function createOutput(json: boolean, stdout: NodeJS.WriteStream = process.stdout, stderr: NodeJS.WriteStream = process.stderr): Output {
  const gone = new AbortController();
  stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (!gone.signal.aborted) gone.abort(error.code === 'EPIPE' ? new ReaderGone() : error);
  });
  const put = (text: string): void => {
    if (!gone.signal.aborted) stdout.write(text);
  };
  return {
    json,
    tty: stdout.isTTY === true && !json,
    say(line) {
      if (!json) put(`${line}\n`);
    },
    warn(line) {
      stderr.write(`${line}\n`);
    },
    result(value, human) {
      if (json) put(`${JSON.stringify(value, null, 2)}\n`);
      else human();
    },
    line(value) {
      if (json) put(`${JSON.stringify(value)}\n`);
    },
    write(text) {
      if (gone.signal.aborted) return Promise.reject(gone.signal.reason as Error);
      return new Promise((resolve, reject) => {
        const onGone = (): void => reject(gone.signal.reason as Error);
        gone.signal.addEventListener('abort', onGone, { once: true });
        const settle = (): void => {
          gone.signal.removeEventListener('abort', onGone);
          if (gone.signal.aborted) onGone();
          else resolve();
        };
        // Respect the pipe's backpressure (a slow reader).
        if (stdout.write(text)) settle();
        else stdout.once('drain', settle);
      });
    },
    closed: gone.signal,
  };
}

/**
 * The columns a cell takes on a terminal: a combining mark (Arabic vowel signs) takes none, a
 * wide East Asian character two, so a table of Chinese headings lines up.
 */
export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) {
    if (/\p{M}/u.test(char)) continue;
    width += /[\u1100-\u115F\u2E80-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]/u.test(char) ? 2 : 1;
  }
  return width;
}

/** Columns padded to their widest cell (the last one left as is). */
export function table(rows: readonly (readonly string[])[]): string {
  if (rows.length === 0) return '';
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => displayWidth(row[column] ?? ''))));
  const pad = (cell: string, width: number): string => cell + ' '.repeat(Math.max(0, width - displayWidth(cell)));
  return rows.map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : pad(cell, widths[column]!))).join('  ')).join('\n');
}
