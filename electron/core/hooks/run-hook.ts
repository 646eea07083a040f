// Runs one hook: the program the person named, with its arguments, through execFile (never a
// shell: a file name with quotes or `;` in it is data, not a command), one JSON document on
// its stdin, its stdout and stderr to the log, killed when it outlasts its timeout. It runs
// with the app's environment minus anything that names the key (VIDLIFT_API_KEY of a
// command-line run): the key is never handed to it.
import { execFile } from 'node:child_process';
import type { HookCommand, HookDocument } from '../../../shared/notify.ts';

/** How a run ended: its exit code, or the signal it was killed by, and whether the timeout did it. */
export interface HookOutcome {
  ok: boolean;
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  /** Could not even start (no such file, not executable): the errno code. */
  startError: string | null;
  stdout: string;
  stderr: string;
}

/** What a hook may print that is kept for the log; the rest is cut. */
const MAX_OUTPUT = 64 * 1024;

/** The environment a hook runs with: the app's, without any variable that carries the key. */
export function hookEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !/^VIDLIFT_.*(KEY|SECRET|TOKEN)/i.test(name)));
}

export function runHook(command: HookCommand, document: HookDocument, timeoutMs: number, env: NodeJS.ProcessEnv = process.env): Promise<HookOutcome> {
  return new Promise((resolve) => {
    let settled = false;
    const child = execFile(
      command.file,
      command.args,
      {
        shell: false,
        timeout: timeoutMs,
        // SIGKILL: a hook that ignores SIGTERM must still end at its timeout.
        killSignal: 'SIGKILL',
        maxBuffer: MAX_OUTPUT,
        windowsHide: true,
        env: hookEnvironment(env),
        encoding: 'utf8',
      },
      (error, stdout, stderr) => {
        if (settled) return;
        settled = true;
        const failure = error as (NodeJS.ErrnoException & { killed?: boolean; signal?: NodeJS.Signals | null; code?: number | string }) | null;
        const startError = failure && typeof failure.code === 'string' && failure.code !== 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER' ? failure.code : null;
        resolve({
          ok: failure === null,
          exitCode: failure === null ? 0 : typeof failure.code === 'number' ? failure.code : null,
          signal: failure?.signal ?? null,
          timedOut: failure !== null && failure.killed === true && failure.signal === 'SIGKILL',
          startError,
          stdout: String(stdout).slice(0, MAX_OUTPUT),
          stderr: String(stderr).slice(0, MAX_OUTPUT),
        });
      },
    );
    // A hook that exits without reading its stdin must not fail the write (EPIPE).
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(`${JSON.stringify(document)}\n`);
  });
}
