// `watch DIR --folder ID`: the app's folder watcher (electron/core/watch): a file is queued
// once its size and time have stayed the same for the settle time, so a recording or a
// download is never sent half-written. Runs until Ctrl-C (exit 130); the queue keeps what
// is waiting. Uploads an earlier run left in the queue go on meanwhile.
// The folder is granted at its real path and nothing else: a link in it that leads elsewhere
// is neither reported by the watcher nor readable through the grant (issue 27).
import { realpath, stat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { FolderWatcher } from '../../core/watch/folder-watcher.ts';
import type { Command } from '../command.ts';
import { CliError, EXIT } from '../context.ts';
import { followJobs, leftoverUploads } from '../follow.ts';
import { resolveFolder } from '../folders.ts';
import { cannotReach } from '../reach.ts';
import { uploadSummary } from '../summary.ts';

export const watch: Command = {
  summary: 'Upload every finished video that appears in a folder',
  usage: 'watch DIR [--folder ID|NAME] [--settle SECONDS]',
  noJson: 'it runs until Ctrl-C and prints one line per file (queued, uploaded).',
  details: [
    '--folder  a folder id, or a name (created at the top level when no folder has it); default: the top level',
    '--settle  seconds a file must stay unchanged before it is queued (default 10)',
    'Stops with Ctrl-C (exit 130); the queue keeps what is waiting.',
  ],
  options: { folder: { type: 'string' }, settle: { type: 'string' } },
  async run({ positionals, values, out, open, signal }) {
    if (positionals.length !== 1) throw new CliError('watch takes one folder to watch.', EXIT.usage, 'usage');
    const settle = values.settle === undefined ? 10 : Number(values.settle);
    if (!Number.isFinite(settle) || settle < 0.1 || settle > 3600) throw new CliError('--settle is a number of seconds from 0.1 to 3600.', EXIT.usage, 'usage');
    // Before anything opens: a folder that is not there creates no service folder either.
    const info = await stat(resolve(positionals[0]!)).catch(() => null);
    if (info === null) throw new CliError(`${resolve(positionals[0]!)} does not exist.`, EXIT.someFailed, 'not_found');
    if (!info.isDirectory()) throw new CliError(`${resolve(positionals[0]!)} is not a folder: watch takes a folder.`, EXIT.usage, 'usage');
    // The folder named, at its real path.
    const dir = await realpath(resolve(positionals[0]!));
    const cli = await open();
    const followed = followJobs(cli, {
      final: (job) => (job.state === 'done' ? out.say(`uploaded ${job.name}  ${job.embedUrl ?? ''}`.trimEnd()) : out.warn(`${job.name}: ${job.state}${job.error ? `: ${job.error.message}` : ''}`)),
    });
    try {
      if (cli.offline) out.warn(`Offline: ${cannotReach(cli.offline)}. Files are queued and go up once it answers.`);
      followed.track((await leftoverUploads(cli, out)).jobs);
      const given = typeof values.folder === 'string' ? values.folder : undefined;
      const folderId = await resolveFolder(cli, given, out, { create: true });
      const target = folderId === 0 ? null : ((await cli.call('folders:list')).folders.find((f) => f.id === folderId)?.name ?? String(folderId));
      out.warn(`Watching ${dir}: finished videos go to ${target === null ? `the top level of the service${given === undefined ? ' (--folder picks a folder)' : ''}` : `the folder “${target}” (id ${folderId})`}. Ctrl-C stops.`);
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
              out.say(`queued ${basename(file.path)}`);
              void cli.call('uploads:jobs', { ids: r.added }).then(({ jobs }) => followed.track(jobs), () => undefined);
            },
            (error: unknown) => out.warn(`${file.path}: ${(error as Error).message}`),
          );
        },
        onState: (state) => {
          // The first "watching" was said with where the files go; "stopped" follows Ctrl-C's "Stopping…".
          if (state === 'stopped' || (state === 'watching' && !watchedOnce)) {
            watchedOnce = true;
            return;
          }
          out.warn(
            state === 'missing'
              ? `${dir} is missing; watching resumes when it is back.`
              : state === 'linked'
                ? `${dir} is now a link to another place; nothing there is uploaded until the folder itself is back.`
                : `${state} ${dir}`,
          );
        },
        onError: (error) => out.warn(error.message),
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
