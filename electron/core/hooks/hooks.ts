// The hooks: the person's program after each finished upload and after each batch, in the app
// and on the command line alike (both run this core). Runs go one after another in a queue of
// their own, never awaited by the upload queue: a slow or failing hook holds up no upload. A
// failed run is logged with its output and shown as a notice; the next run goes as usual.
import type { HookCommand, HookDocument, HookUpload, Hooks } from '../../../shared/notify.ts';
import type { StartupNotice } from '../../../shared/model.ts';
import { said, type Said } from '../../../shared/said.ts';
import type { AccountSession } from '../accounts/session.ts';
import type { SessionPool } from '../accounts/pool.ts';
import type { Logger } from '../log/logger.ts';
import type { FinishedJob } from '../uploads/engine.ts';
import { followUploads } from '../notify/upload-events.ts';
import { runHook, type HookOutcome } from './run-hook.ts';

/** Runs waiting behind a slow hook; beyond this, new ones are dropped (and logged) rather than piling up. */
const MAX_WAITING_RUNS = 100;

export interface HooksDeps {
  pool: Pick<SessionPool, 'onOpen' | 'openAccounts'>;
  hooks: () => Hooks;
  accountName: (accountId: string) => string;
  logger: Logger;
  /** A failed run, told to the person (the window's notices). */
  report: (notice: StartupNotice) => void;
  env?: NodeJS.ProcessEnv;
}

/** One finished upload as a hook reads it: the file, the video, its links and folder, how long it took. */
export function hookUpload(session: AccountSession, { job, startedAt }: FinishedJob): HookUpload {
  const folderName = job.folderId === 0 ? 'Home' : (session.library.store.listFolders().find((folder) => folder.id === job.folderId)?.name ?? null);
  return {
    file: job.path,
    size: job.size,
    videoId: job.videoId,
    links: { download: job.downloadUrl, embed: job.embedUrl },
    folder: { id: job.folderId, name: folderName },
    durationSeconds: startedAt !== null && job.finishedAt !== null ? Math.max(0, Math.round((job.finishedAt - startedAt) / 100) / 10) : null,
  };
}

export class HookRunner {
  readonly #d: HooksDeps;
  #queue: Promise<void> = Promise.resolve();
  #waiting = 0;

  constructor(deps: HooksDeps) {
    this.#d = deps;
    followUploads(deps.pool, {
      uploadFinished: (accountId, session, finished) => {
        const command = deps.hooks().afterUpload;
        if (command === null || finished.outcome !== 'done') return;
        this.#enqueue('afterUpload', command, { event: 'upload', account: deps.accountName(accountId), ...hookUpload(session, finished) });
      },
      batchFinished: (accountId, session, result, uploads) => {
        const command = deps.hooks().afterBatch;
        if (command === null) return;
        this.#enqueue('afterBatch', command, {
          event: 'batch',
          account: deps.accountName(accountId),
          done: result.done,
          failed: result.failed,
          uploads: uploads.filter((u) => u.outcome === 'done').map((u) => hookUpload(session, u)),
        });
      },
    });
  }

  /** Resolves when every run queued so far has ended (closing, tests). */
  idle(): Promise<void> {
    return this.#queue;
  }

  #enqueue(moment: keyof Pick<Hooks, 'afterUpload' | 'afterBatch'>, command: HookCommand, document: HookDocument): void {
    if (this.#waiting >= MAX_WAITING_RUNS) {
      this.#d.logger.warn('a hook run was dropped: too many wait behind a slow hook', { moment });
      return;
    }
    this.#waiting++;
    this.#queue = this.#queue.then(async () => {
      this.#waiting--;
      const outcome = await runHook(command, document, this.#d.hooks().timeoutSeconds * 1000, this.#d.env);
      this.#record(moment, command, outcome);
    });
  }

  #record(moment: string, command: HookCommand, outcome: HookOutcome): void {
    const { logger } = this.#d;
    // Its output goes to the log (redacted there like every line); the program is named by its file only.
    const fields = { moment, program: command.file, exitCode: outcome.exitCode, signal: outcome.signal, stdout: outcome.stdout, stderr: outcome.stderr };
    if (outcome.ok) {
      logger.info('hook ran', fields);
      return;
    }
    logger.warn(outcome.timedOut ? 'hook killed at its timeout' : 'hook failed', { ...fields, timedOut: outcome.timedOut, startError: outcome.startError });
    this.#d.report(hookFailed(command, outcome));
  }
}

/** The notice of a failed hook: which program, how it ended, that uploads went on. */
export function hookFailed(command: HookCommand, outcome: HookOutcome): StartupNotice {
  return { id: 'hook-failed', severity: 'warning', title: howHookFailed(command.file, outcome), detail: [said('notice_hook_failed_detail')], keptFile: null };
}

function howHookFailed(file: string, outcome: HookOutcome): Said {
  if (outcome.startError !== null) return said('notice_hook_not_started', { file, detail: outcome.startError });
  if (outcome.timedOut) return said('notice_hook_timed_out', { file });
  if (outcome.signal !== null) return said('notice_hook_signalled', { file, signal: outcome.signal });
  return said('notice_hook_exited', { file, code: outcome.exitCode ?? -1 });
}
