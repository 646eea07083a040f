// `watch DIR --folder ID`: the app's folder watcher (electron/core/watch): a file is queued
// once its size and time have stayed the same for the settle time, so a recording or a
// download is never sent half-written. Runs until Ctrl-C (exit 130); the queue keeps what
// is waiting. Uploads an earlier run left in the queue go on meanwhile.
// The folder is granted at its real path and nothing else: a link in it that leads elsewhere
// is neither reported by the watcher nor readable through the grant (issue 27).
import { realpath, stat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { FolderWatcher, type WatchState } from '../../core/watch/folder-watcher.ts';
import type { Command } from '../command.ts';
import { CliError, EXIT } from '../context.ts';
import { followJobs, leftoverUploads } from '../follow.ts';
import { resolveFolder } from '../folders.ts';
import { cannotReach } from '../reach.ts';
import { uploadSummary } from '../summary.ts';
import { m } from '../../../shared/i18n/index.ts';
import { say } from '../../../shared/i18n/say.ts';
import { saidOf } from '../../../shared/errors.ts';
import { words } from '../locale.ts';
import { stateWords } from '../job-states.ts';

/** What the watcher says after its start (`stopped` follows Ctrl-C and is not said). */
const WATCH_STATE_WORDS: Record<Exclude<WatchState, 'stopped'>, (params: { dir: string }) => string> = {
  watching: m.cli_watch_resumed,
  missing: m.cli_watch_dir_missing,
  denied: m.cli_watch_dir_denied,
  linked: m.cli_watch_dir_linked,
};

export const watch: Command = {
  summary: m.cli_watch_summary,
  usage: m.cli_watch_usage,
  noJson: m.cli_watch_no_json,
  details: m.cli_watch_details,
  options: { folder: { type: 'string' }, settle: { type: 'string' } },
  async run({ positionals, values, out, open, signal }) {
    if (positionals.length !== 1) throw new CliError(words(m.cli_watch_one_folder, {}), EXIT.usage, 'usage');
    const settle = values.settle === undefined ? 10 : Number(values.settle);
    if (!Number.isFinite(settle) || settle < 0.1 || settle > 3600) throw new CliError(words(m.cli_watch_bad_settle, {}), EXIT.usage, 'usage');
    // Before anything opens: a folder that is not there creates no service folder either.
    const info = await stat(resolve(positionals[0]!)).catch(() => null);
    if (info === null) throw new CliError(words(m.cli_watch_missing, { path: resolve(positionals[0]!) }), EXIT.someFailed, 'not_found');
    if (!info.isDirectory()) throw new CliError(words(m.cli_watch_not_folder, { path: resolve(positionals[0]!) }), EXIT.usage, 'usage');
    // The folder named, at its real path.
    const dir = await realpath(resolve(positionals[0]!));
    const cli = await open();
    const followed = followJobs(cli, {
      final: (job) =>
        job.state === 'done'
          ? out.say(`${m.cli_watch_uploaded({ name: job.name })}  ${job.embedUrl ?? ''}`.trimEnd())
          : out.warn(job.error ? m.cli_job_ended_with({ name: job.name, state: stateWords(job.state), reason: say(saidOf(job.error)) }) : m.cli_job_ended({ name: job.name, state: stateWords(job.state) })),
    });
    try {
      if (cli.offline) out.warn(m.cli_watch_offline({ unreachable: cannotReach(cli.offline) }));
      followed.track((await leftoverUploads(cli, out)).jobs);
      const given = typeof values.folder === 'string' ? values.folder : undefined;
      const folderId = await resolveFolder(cli, given, out, { create: true });
      const target = folderId === 0 ? null : ((await cli.call('folders:list')).folders.find((f) => f.id === folderId)?.name ?? String(folderId));
      out.warn(
        target !== null
          ? m.cli_watch_start_folder({ dir, folder: target, id: String(folderId) })
          : given === undefined
            ? m.cli_watch_start_top_default({ dir })
            : m.cli_watch_start_top({ dir }),
      );
      cli.core.grantPath(dir);
      let watchedOnce = false;
      const watcher = new FolderWatcher({
        folder: dir,
        settleMs: settle * 1000,
        exclude: ['**/*.part', '**/*.crdownload', '**/*.tmp', '**/.*'],
        // The queue itself refuses a path it holds with the same size and time.
        isKnown: () => false,
        onFile: (file) => {
          void cli.call('uploads:add', { paths: [file.path], folderId }).then(
            (r) => {
              if (r.added.length === 0) return;
              out.say(m.cli_watch_queued({ name: basename(file.path) }));
              void cli.call('uploads:jobs', { ids: r.added }).then(({ jobs }) => followed.track(jobs), () => undefined);
            },
            (error: unknown) => out.warn(`${file.path}: ${error instanceof CliError ? error.words() : (error as Error).message}`),
          );
        },
        onState: (state) => {
          // The first "watching" was said with where the files go; "stopped" follows Ctrl-C's "Stopping…".
          if (state === 'stopped' || (state === 'watching' && !watchedOnce)) {
            watchedOnce = true;
            return;
          }
          out.warn(WATCH_STATE_WORDS[state]({ dir }));
        },
        onError: (problem) => out.warn(say(problem)),
      });
      await watcher.start();
      await new Promise<void>((done) => (signal.aborted ? done() : signal.addEventListener('abort', () => done(), { once: true })));
      await watcher.stop();
      out.say(uploadSummary([...followed.jobs().values()].map((j) => ({ state: j.state, already: false })), 0).sentence);
      // Only Ctrl-C ends a watch: stopped is its normal end, and scripts read it as 130.
      return EXIT.interrupted;
    } finally {
      followed.close();
      await cli.close();
    }
  },
};
