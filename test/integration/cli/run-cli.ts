// Runs the real command line (node electron/cli/main.ts) as a child process with only the
// environment a test gives it, collecting its output and exit code; optionally sends it
// Ctrl-C (SIGINT) once what it printed says it is time.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const CLI_MAIN = resolve(import.meta.dirname, '../../../electron/cli/main.ts');

export interface CliRun {
  code: number | null;
  stdout: string;
  /** Stdout as the bytes written (a command that keeps a text's encoding). */
  stdoutBytes: Buffer;
  stderr: string;
}

export interface CliRunOptions {
  /** Sends SIGINT once this answers true (checked on every output chunk and every 50 ms). */
  interruptWhen?: (stderr: string, stdout: string) => boolean;
  /** What the command reads on stdin (absent: no stdin). */
  stdin?: Buffer;
}

/** A runner whose HOME is `home` (the CLI never reads the tester's own). */
export function cliRunner(home: string) {
  return function cli(args: string[], env: Record<string, string>, options: CliRunOptions = {}): Promise<CliRun> {
    return new Promise((done, fail) => {
      const child = spawn(process.execPath, [CLI_MAIN, ...args], { env: { PATH: process.env.PATH ?? '', HOME: home, ...env }, stdio: [options.stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
      if (options.stdin) child.stdin!.end(options.stdin);
      const chunks: Buffer[] = [];
      let stdout = '';
      let stderr = '';
      let interrupted = false;
      const maybeInterrupt = (): void => {
        if (!interrupted && options.interruptWhen?.(stderr, stdout)) {
          interrupted = true;
          child.kill('SIGINT');
        }
      };
      child.stdout!.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        stdout += chunk.toString();
        maybeInterrupt();
      });
      child.stderr!.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        maybeInterrupt();
      });
      const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
      const poll = setInterval(maybeInterrupt, 50);
      child.once('error', fail);
      // 'close': the process ended and its stdout was read to the end (all of a fixed text's bytes).
      child.once('close', (code) => {
        clearTimeout(timer);
        clearInterval(poll);
        done({ code, stdout, stdoutBytes: Buffer.concat(chunks), stderr });
      });
    });
  };
}

/** The last line of `upload --json` (NDJSON): its summary event, the run's whole outcome. */
export function uploadSummaryOf<T>(stdout: string): T {
  const lines = stdout.trim().split('\n');
  const last = JSON.parse(lines.at(-1) ?? 'null') as { event?: string } & T;
  if (last?.event !== 'summary') throw new Error(`the last line of upload --json is not its summary: ${lines.at(-1)}`);
  return last;
}

/** The first bytes of an ISO MP4 (ftyp box), so the service's content check takes the file. */
export const MP4_HEAD = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');

/** A file that reads as an MP4 (its header, then `size` random bytes); answers its path. */
export function video(path: string, size: number): string {
  writeFileSync(path, Buffer.concat([MP4_HEAD, randomBytes(size)]));
  return path;
}
