// How the command line talks: sentences and tables for a person at a terminal, one JSON
// document on stdout for scripts (--json), and every problem on stderr, never mixed into
// what a script reads.
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
}

export function createOutput(json: boolean, stdout: NodeJS.WriteStream = process.stdout, stderr: NodeJS.WriteStream = process.stderr): Output {
  return {
    json,
    tty: stdout.isTTY === true && !json,
    say(line) {
      if (!json) stdout.write(`${line}\n`);
    },
    warn(line) {
      stderr.write(`${line}\n`);
    },
    result(value, human) {
      if (json) stdout.write(`${JSON.stringify(value, null, 2)}\n`);
      else human();
    },
  };
}

/** Columns padded to their widest cell (the last one left as is). */
export function table(rows: readonly (readonly string[])[]): string {
  if (rows.length === 0) return '';
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  return rows.map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!))).join('  ')).join('\n');
}

export function formatBytes(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

/** "2M", "500K", "1.5MB", "1048576" → bytes per second; null when not a rate. */
export function parseRate(text: string): number | null {
  const match = /^(\d+(?:\.\d+)?)\s*([kKmMgG]?)(?:i?B)?(?:\/s)?$/.exec(text.trim());
  if (!match) return null;
  const factor = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[match[2]!.toLowerCase() as '' | 'k' | 'm' | 'g'];
  const value = Math.round(Number(match[1]) * factor);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}
