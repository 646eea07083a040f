// Runs one hook: the program the person named, with its arguments, spawned directly (never
// through a shell: a file name with quotes or `;` in it is data, not a command), one JSON
// document on its stdin, its stdout and stderr to the log, killed when it outlasts its
// timeout. It runs with the app's environment minus any VIDLIFT_ variable that names a key
// (VIDLIFT_API_KEY of a command-line run): the key is never handed to it.
import { spawn } from 'node:child_process';
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

/** How long the output of a hook that exited is still read (a grandchild may hold its pipes). */
const OUTPUT_GRACE_MS = 1_000;

/** What a hook may print that is kept for the log; the rest is dropped. */
const MAX_OUTPUT = 64 * 1024;

/** The environment a hook runs with: the app's, without the variables that carry the key. */
export function hookEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !/^VIDLIFT_.*(KEY|SECRET|TOKEN)/i.test(name)));
}

export function runHook(command: HookCommand, document: HookDocument, timeoutMs: number, env: NodeJS.ProcessEnv = process.env): Promise<HookOutcome> {
  return new Promise((resolve) => {
    const output = { stdout: '', stderr: '' };
    let timedOut = false;
    let startError: string | null = null;
    const child = spawn(command.file, command.args, {
      shell: false,
      env: hookEnvironment(env),
      stdio: ['pipe', 'pipe', 'pipe'],
      windowsHide: true,
      // Its own process group (POSIX), so the timeout ends what it started too: a script whose
      // `sleep 3600` outlived it would otherwise hold its output open, and the next hook would wait.
      detached: process.platform !== 'win32',
    });
    const keep = (stream: 'stdout' | 'stderr') => (chunk: Buffer) => {
      if (output[stream].length < MAX_OUTPUT) output[stream] = (output[stream] + chunk.toString('utf8')).slice(0, MAX_OUTPUT);
    };
    child.stdout.on('data', keep('stdout'));
    child.stderr.on('data', keep('stderr'));
    const timer = setTimeout(() => {
      timedOut = true;
      // SIGKILL: a hook that ignores SIGTERM must still end at its timeout.
      try {
        if (child.pid !== undefined && process.platform !== 'win32') process.kill(-child.pid, 'SIGKILL');
        else child.kill('SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
      // Whatever still holds the pipes open is not waited for.
      child.stdout.destroy();
      child.stderr.destroy();
    }, timeoutMs);
    child.on('error', (error: NodeJS.ErrnoException) => {
      startError = error.code ?? 'failed';
    });
    let exited: { code: number | null; signal: NodeJS.Signals | null } | null = null;
    let finished = false;
    const finish = (): void => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      clearTimeout(grace);
      child.stdout.destroy();
      child.stderr.destroy();
      const { code, signal } = exited ?? { code: null, signal: null };
      resolve({ ok: startError === null && !timedOut && code === 0, exitCode: code, signal, timedOut, startError, stdout: output.stdout, stderr: output.stderr });
    };
    let grace: ReturnType<typeof setTimeout> | undefined;
    // Its output is read to the end ('close'); but a grandchild that keeps the pipes open after
    // the hook itself exited is not waited for beyond a moment.
    child.on('exit', (code, signal) => {
      exited = { code, signal };
      grace = setTimeout(finish, OUTPUT_GRACE_MS);
    });
    child.on('close', finish);
    child.on('error', finish);
    // A hook that exits without reading its stdin must not fail the write (EPIPE).
    child.stdin.on('error', () => undefined);
    child.stdin.end(`${JSON.stringify(document)}\n`);
  });
}
